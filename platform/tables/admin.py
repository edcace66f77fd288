"""Moderation: tables, seats and the read-only move log."""

from datetime import timedelta

from django.contrib import admin, messages
from django.db.models import Prefetch, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from clocks import controls
from tables import present, services
from tables.errors import ServiceError
from tables.models import Move, Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    fields = (
        "number",
        "user",
        "must_act",
        "deadline_at",
        "bank",
        "timeouts",
        "dropped_at",
        "drop_reason",
    )
    # Clocks and drops change only through the seat actions, which keep the
    # game and its sweep consistent.
    readonly_fields = fields
    show_change_link = True

    @admin.display(description="Time in the bank")
    def bank(self, seat: Seat) -> str:
        return duration(seat.time_left)


def duration(span) -> str:
    """'24 min', not '0:24:15.967101'."""
    return controls.human(span) if span is not None else "–"

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "status", "creator", "version", "summary_text", "updated_at")
    list_filter = ("game", "status", "time_control")
    search_fields = ("=id", "seats__user__username", "creator__username")
    # A table changes only through its actions: editing status, seats or the
    # deal here would corrupt the game.
    fields = (
        "game",
        "status",
        "site_link",
        "options",
        "max_players",
        "creator",
        "time_control",
        "bank",
        "increment",
        "cap",
        "max_timeouts",
        "version",
        "to_act",
        "prompt_text",
        "summary_text",
        "outcome_text",
        "created_at",
        "updated_at",
        "started_at",
        "finished_at",
        "engine_version",
        "seed",
        "deal",
    )
    readonly_fields = tuple(f for f in fields if f != "max_timeouts")
    inlines = [SeatInline]
    actions = ["cancel_tables"]
    date_hierarchy = "created_at"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Table]:
        return (
            super()
            .get_queryset(request)
            .select_related("creator")
            .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
            .distinct()
        )

    def get_fields(self, request: HttpRequest, obj=None):
        # The deal holds every player's cards: superusers only.
        if request.user.is_superuser:
            return self.fields
        return tuple(f for f in self.fields if f not in ("deal", "seed"))

    @admin.display(description="Setup log (every player's dealt cards)")
    def deal(self, table: Table) -> str:
        names = present.names_of(table)
        lines = [
            present.fill(ln["text"], names)
            + (f" (to {', '.join(names.get(n, str(n)) for n in ln['to'])})" if ln["to"] else "")
            for ln in table.setup_log
        ]
        return format_html_join("", "<div>{}</div>", ((line,) for line in lines))

    def view_on_site(self, table: Table) -> str:
        return reverse("table", args=[table.pk])

    @admin.display(description="On the site")
    def site_link(self, table: Table) -> str:
        return format_html('<a href="{}">Open table #{}</a>', self.view_on_site(table), table.pk)

    @admin.display(description="Time bank")
    def bank(self, table: Table) -> str:
        return duration(table.time_bank)

    @admin.display(description="Increment")
    def increment(self, table: Table) -> str:
        return duration(table.time_increment)

    @admin.display(description="Cap")
    def cap(self, table: Table) -> str:
        return duration(table.time_cap)

    # The engine's texts with the players' names in them, as on the site.
    @admin.display(description="Prompt")
    def prompt_text(self, table: Table) -> str:
        return present.fill(table.prompt, present.names_of(table))

    @admin.display(description="Summary")
    def summary_text(self, table: Table) -> str:
        return present.summary_text(table)

    @admin.display(description="Outcome")
    def outcome_text(self, table: Table) -> str:
        return str(present.outcome_for_reading(table) or "")

    @admin.action(description="Cancel the selected tables")
    def cancel_tables(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        done = 0
        for table in queryset:
            try:
                services.table_cancel(
                    table_id=table.pk, user=None, reason=f"Cancelled by {request.user}"
                )
                done += 1
            except ServiceError as exc:
                self.message_user(request, f"Table {table.pk}: {exc.message}", messages.WARNING)
        self.message_user(request, f"{done} table(s) cancelled.")


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_filter = ("must_act", "table__game", "table__status")
    search_fields = ("user__username", "=table__id")
    readonly_fields = (
        "table",
        "number",
        "user",
        "joined_at",
        "must_act",
        "turn_started_at",
        "reminded_at",
        "dropped_at",
        "drop_reason",
        "timeouts",
        "seen_version",
        "notified_version",
        "deadline_at",
        "remind_at",
        "bank",
    )
    actions = ["drop_players", "extend_one_hour", "extend_one_day"]
    list_display = (
        "table",
        "number",
        "user",
        "must_act",
        "deadline_at",
        "bank",
        "timeouts",
        "dropped_at",
        "drop_reason",
    )
    fieldsets = (
        (None, {"fields": ("table", "number", "user", "joined_at")}),
        (
            "Clock",
            {
                "fields": (
                    "must_act",
                    "turn_started_at",
                    "deadline_at",
                    "remind_at",
                    "reminded_at",
                    "bank",
                ),
                "description": "Use the actions “Give one more hour / day” to extend a "
                "running clock, and “Drop” to drop a player.",
            },
        ),
        ("Timeouts", {"fields": ("timeouts", "dropped_at", "drop_reason")}),
        (
            "Player",
            {"fields": ("standing_orders", "order_news", "seen_version", "notified_version")},
        ),
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[Seat]:
        return super().get_queryset(request).select_related("table", "user")

    @admin.display(description="Time in the bank")
    def bank(self, seat: Seat) -> str:
        return duration(seat.time_left)

    def _extend(self, request: HttpRequest, queryset: QuerySet[Seat], by: timedelta) -> None:
        for seat in queryset:
            try:
                services.seat_deadline_extend(seat_id=seat.pk, by=by)
            except ServiceError as exc:
                self.message_user(request, f"{seat}: {exc.message}", messages.WARNING)
            else:
                self.message_user(request, f"{seat.user} at table {seat.table_id} has more time.")

    @admin.action(description="Give one more hour on the running clock")
    def extend_one_hour(self, request: HttpRequest, queryset: QuerySet[Seat]) -> None:
        self._extend(request, queryset, timedelta(hours=1))

    @admin.action(description="Give one more day on the running clock")
    def extend_one_day(self, request: HttpRequest, queryset: QuerySet[Seat]) -> None:
        self._extend(request, queryset, timedelta(days=1))

    @admin.action(description="Drop the selected players (their seats play on automatically)")
    def drop_players(self, request: HttpRequest, queryset: QuerySet[Seat]) -> None:
        for seat in queryset:
            try:
                services.seat_drop(
                    table_id=seat.table_id,
                    number=seat.number,
                    reason=f"Dropped by the moderator {request.user}",
                )
            except ServiceError as exc:
                self.message_user(request, f"{seat}: {exc.message}", messages.WARNING)
            else:
                self.message_user(request, f"{seat.user} dropped from table {seat.table_id}.")


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    """The log is the audit trail: it can be read, never changed."""

    list_display = ("table", "seq", "seat", "kind", "move", "created_at")
    list_filter = ("kind", "table__game")
    search_fields = ("=table__id",)
    list_select_related = ("table",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
