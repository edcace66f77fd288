"""Moderation of the chat (tables' and tournaments'): reported messages queued for staff, hiding,
dismissing, muting, and the read-only audit trail. Every change goes through
`chat.services`, which writes the trail."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.contrib import admin
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from chat import services
from chat.models import Message, ModerationEvent, Mute, Report
from clocks import clock
from config.read_only_admin import ReadOnlyAdmin

# The index shows the count of open reports above the apps (see the template).
admin.site.index_template = "admin/chat_index.html"


def place_link(message: Message) -> str:
    """A link to the table or the tournament page the message was written on."""
    if message.table_id is not None:
        url = reverse("table", args=[message.table_id])
    else:
        url = reverse("tournament", args=[message.tournament_id])
    return format_html('<a href="{}">{}</a>', url, message.place)


MUTE_SPANS = {"hour": timedelta(hours=1), "day": timedelta(days=1), "week": timedelta(days=7)}


class MuteWriters:
    """Actions muting the writers of the selected rows (`writers()`)."""

    def _mute(self, request: HttpRequest, queryset: QuerySet, span: str) -> None:
        until = clock.now() + MUTE_SPANS[span]
        writers = {user.pk: user for user in self.writers(queryset)}
        for user in writers.values():
            services.user_mute(
                user=user, until=until, moderator=request.user, reason="From the moderation queue"
            )
        self.message_user(request, f"{len(writers)} writer(s) muted for a {span}.")

    @admin.action(description="Mute the writers for an hour", permissions=["moderate"])
    def mute_hour(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._mute(request, queryset, "hour")

    @admin.action(description="Mute the writers for a day", permissions=["moderate"])
    def mute_day(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._mute(request, queryset, "day")

    @admin.action(description="Mute the writers for a week", permissions=["moderate"])
    def mute_week(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._mute(request, queryset, "week")


class ReadOnly(ReadOnlyAdmin):
    """Rows that change only through the actions (and so leave a trail).
    The actions need the right to change messages (superusers, or staff
    given it: the moderators)."""

    def has_moderate_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("chat.change_message")


class OpenReports(admin.SimpleListFilter):
    title = "reports"
    parameter_name = "reported"

    def lookups(self, request, model_admin):
        return [("open", "With open reports"), ("any", "Ever reported")]

    def queryset(self, request, queryset):
        if self.value() == "open":
            return queryset.filter(open_reports__gt=0)
        if self.value() == "any":
            return queryset.filter(reports__isnull=False).distinct()
        return queryset


class HiddenFilter(admin.SimpleListFilter):
    title = "hidden"
    parameter_name = "hidden"

    def lookups(self, request, model_admin):
        return [("yes", "Hidden"), ("no", "Shown")]

    def queryset(self, request, queryset):
        if self.value() in ("yes", "no"):
            return queryset.filter(hidden_at__isnull=self.value() == "no")
        return queryset


@admin.register(Message)
class MessageAdmin(MuteWriters, ReadOnly, admin.ModelAdmin):
    list_display = ("id", "place_link", "channel", "author", "text", "created_at", "state")
    list_display_links = None
    list_filter = (OpenReports, HiddenFilter, "channel")
    search_fields = ("author__username", "text", "=table__id", "=tournament__id")
    list_select_related = ("author", "table", "tournament")
    actions = ["hide", "restore", "dismiss", "mute_hour", "mute_day", "mute_week"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Message]:
        return (
            super()
            .get_queryset(request)
            .annotate(open_reports=Count("reports", filter=Q(reports__resolved_at__isnull=True)))
        )

    @admin.display(description="Where")
    def place_link(self, message: Message) -> str:
        return place_link(message)

    @admin.display(description="State", ordering="open_reports")
    def state(self, message: Message) -> str:
        parts = []
        if message.hidden:
            parts.append("hidden")
        if message.open_reports:
            parts.append(f"{message.open_reports} open report(s)")
        return ", ".join(parts) or "–"

    @admin.action(description="Hide the selected messages", permissions=["moderate"])
    def hide(self, request: HttpRequest, queryset: QuerySet[Message]) -> None:
        done = services.messages_hide(
            message_ids=queryset.values_list("pk", flat=True), moderator=request.user
        )
        self.message_user(request, f"{done} message(s) hidden.")

    @admin.action(description="Show the selected hidden messages again", permissions=["moderate"])
    def restore(self, request: HttpRequest, queryset: QuerySet[Message]) -> None:
        done = services.messages_restore(
            message_ids=queryset.values_list("pk", flat=True), moderator=request.user
        )
        self.message_user(request, f"{done} message(s) shown again.")

    @admin.action(
        description="Dismiss the open reports of the selected messages", permissions=["moderate"]
    )
    def dismiss(self, request: HttpRequest, queryset: QuerySet[Message]) -> None:
        reports = Report.objects.filter(message__in=queryset, resolved_at__isnull=True)
        done = services.reports_dismiss(
            report_ids=reports.values_list("pk", flat=True), moderator=request.user
        )
        self.message_user(request, f"{done} report(s) dismissed.")

    def writers(self, queryset: QuerySet[Message]) -> list:
        return [m.author for m in queryset.select_related("author")]


class OpenFilter(admin.SimpleListFilter):
    title = "status"
    parameter_name = "status"

    def lookups(self, request, model_admin):
        return [("open", "Open"), ("closed", "Closed"), ("all", "All")]

    def choices(self, changelist):
        # Open reports are the queue: shown unless asked otherwise.
        value = self.value() or "open"
        for lookup, title in self.lookup_choices:
            yield {
                "selected": value == lookup,
                "query_string": changelist.get_query_string({self.parameter_name: lookup}),
                "display": title,
            }

    def queryset(self, request, queryset):
        value = self.value() or "open"
        if value == "open":
            return queryset.filter(resolved_at__isnull=True)
        if value == "closed":
            return queryset.filter(resolved_at__isnull=False)
        return queryset


@admin.register(Report)
class ReportAdmin(MuteWriters, ReadOnly, admin.ModelAdmin):
    """The moderation queue: open reports, oldest first."""

    list_display = (
        "id",
        "message_text",
        "writer",
        "reporter",
        "place_link",
        "created_at",
        "status",
    )
    list_display_links = None
    list_filter = (OpenFilter,)
    list_select_related = (
        "message__author",
        "message__table",
        "message__tournament",
        "reporter",
    )
    search_fields = ("message__author__username", "reporter__username", "message__text")
    ordering = ("created_at",)
    actions = ["hide", "dismiss", "mute_hour", "mute_day", "mute_week"]

    @admin.display(description="Message")
    def message_text(self, report: Report) -> str:
        hidden = " (hidden)" if report.message.hidden else ""
        return f"{report.message.text[:200]}{hidden}"

    @admin.display(description="Writer")
    def writer(self, report: Report) -> str:
        return report.message.author.username

    @admin.display(description="Where")
    def place_link(self, report: Report) -> str:
        return place_link(report.message)

    @admin.display(description="Status")
    def status(self, report: Report) -> str:
        return report.get_outcome_display()

    @admin.action(description="Hide the reported messages", permissions=["moderate"])
    def hide(self, request: HttpRequest, queryset: QuerySet[Report]) -> None:
        done = services.messages_hide(
            message_ids=queryset.values_list("message_id", flat=True), moderator=request.user
        )
        self.message_user(request, f"{done} message(s) hidden.")

    @admin.action(description="Dismiss the selected reports", permissions=["moderate"])
    def dismiss(self, request: HttpRequest, queryset: QuerySet[Report]) -> None:
        done = services.reports_dismiss(
            report_ids=queryset.values_list("pk", flat=True), moderator=request.user
        )
        self.message_user(request, f"{done} report(s) dismissed.")

    def writers(self, queryset: QuerySet[Report]) -> list:
        return [r.message.author for r in queryset.select_related("message__author")]


class MuteForm(forms.ModelForm):
    class Meta:
        model = Mute
        fields = ("user", "until", "reason")

    def clean_until(self):
        until = self.cleaned_data["until"]
        if until <= clock.now():
            raise forms.ValidationError("A mute must end in the future.")
        return until


@admin.register(Mute)
class MuteAdmin(admin.ModelAdmin):
    """Mutes are added here (any end) or from the queue; lifted by the action."""

    form = MuteForm
    list_display = ("user", "until", "running", "reason", "created_by", "created_at")
    list_select_related = ("user", "created_by")
    search_fields = ("user__username",)
    autocomplete_fields = ("user",)
    actions = ["lift"]

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_moderate_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("chat.change_message")

    @admin.display(boolean=True, description="Running")
    def running(self, mute: Mute) -> bool:
        return mute.until > clock.now()

    def save_model(self, request: HttpRequest, obj: Mute, form, change: bool) -> None:
        mute = services.user_mute(
            user=obj.user, until=obj.until, moderator=request.user, reason=obj.reason
        )
        obj.pk, obj.created_by, obj.created_at = mute.pk, mute.created_by, mute.created_at

    @admin.action(description="Lift the selected mutes now", permissions=["moderate"])
    def lift(self, request: HttpRequest, queryset: QuerySet[Mute]) -> None:
        done = services.mutes_lift(
            mute_ids=queryset.values_list("pk", flat=True), moderator=request.user
        )
        self.message_user(request, f"{done} mute(s) lifted.")


@admin.register(ModerationEvent)
class ModerationEventAdmin(ReadOnly, admin.ModelAdmin):
    """The audit trail: who did what, when. Read only."""

    list_display = ("at", "moderator", "action", "user", "message", "note")
    list_filter = ("action",)
    search_fields = ("moderator__username", "user__username", "note")
    list_select_related = ("moderator", "user", "message")
    date_hierarchy = "at"
