"""Moderating the outbox: see what was sent, resend or cancel."""

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from notifications import delivery
from notifications.models import Notification


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = (
        "created_at",
        "kind",
        "channel",
        "user",
        "table",
        "version",
        "status",
        "attempts",
        "sent_at",
    )
    list_filter = ("status", "kind", "channel")
    search_fields = ("user__username", "user__email", "=table__id", "key")
    # The outbox is the record of what was sent: nothing in it is edited.
    readonly_fields = [
        "key",
        "kind",
        "channel",
        "subscription",
        "user",
        "table",
        "seat",
        "version",
        "status",
        "attempts",
        "error",
        "created_at",
        "due_at",
        "sent_at",
        "claimed_at",
    ]
    list_select_related = ("user", "table")
    actions = ["resend", "cancel"]
    date_hierarchy = "created_at"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Send again")
    def resend(self, request: HttpRequest, queryset: QuerySet[Notification]) -> None:
        for notification in queryset:
            delivery.resend(notification)
        self.message_user(request, f"{queryset.count()} notification(s) queued again.")

    @admin.action(description="Cancel (if not sent yet)")
    def cancel(self, request: HttpRequest, queryset: QuerySet[Notification]) -> None:
        done = queryset.filter(status=Notification.Status.PENDING).update(
            status=Notification.Status.CANCELLED, error=f"Cancelled by {request.user}"
        )
        self.message_user(request, f"{done} pending notification(s) cancelled.")
