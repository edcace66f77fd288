"""Moderation: tables, seats and the read-only move log."""

from datetime import timedelta

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from tables import services
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
        "time_left",
        "timeouts",
        "dropped_at",
        "drop_reason",
    )
    readonly_fields = ("number", "user", "must_act", "timeouts", "dropped_at", "drop_reason")
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "status", "creator", "version", "summary", "updated_at")
    list_filter = ("game", "status", "time_control")
    search_fields = ("=id", "seats__user__username", "creator__username")
    readonly_fields = (
        "game",
        "options",
        "creator",
        "seed",
        "engine_version",
        "version",
        "to_act",
        "prompt",
        "summary",
        "outcome",
        "created_at",
        "updated_at",
        "started_at",
        "finished_at",
    )
    inlines = [SeatInline]
    actions = ["cancel_tables"]
    date_hierarchy = "created_at"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Table]:
        return super().get_queryset(request).select_related("creator").distinct()

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
    )
    actions = ["drop_players", "extend_one_hour", "extend_one_day"]
    list_display = (
        "table",
        "number",
        "user",
        "must_act",
        "deadline_at",
        "time_left",
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
                    "time_left",
                ),
                "description": "Use the actions “Give one more hour / day” to extend a "
                "running clock; editing the deadline here moves it directly.",
            },
        ),
        ("Timeouts", {"fields": ("timeouts", "dropped_at", "drop_reason")}),
        ("Player", {"fields": ("standing_orders", "seen_version", "notified_version")}),
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[Seat]:
        return super().get_queryset(request).select_related("table", "user")

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
