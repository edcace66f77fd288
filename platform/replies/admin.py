"""Replies to turn emails, for operators: every message received and what
became of it (played, stale, unreadable, refused, forged, auto-reply,
duplicate...), found by outcome, sender or table. Nothing in it is edited:
it is the record of what came in."""

from django.contrib import admin
from django.http import HttpRequest

from replies.models import InboundEmail


@admin.register(InboundEmail)
class InboundEmailAdmin(admin.ModelAdmin):
    list_display = (
        "received_at",
        "outcome",
        "sender",
        "table",
        "seat",
        "version",
        "answer_text",
        "via",
        "answered",
    )
    list_filter = ("outcome", "via")
    search_fields = ("sender", "recipient", "message_id", "=table__id", "user__username")
    list_select_related = ("table", "reply_notice")
    date_hierarchy = "received_at"
    readonly_fields = [field.name for field in InboundEmail._meta.fields]

    @admin.display(boolean=True, description="Answered")
    def answered(self, row: InboundEmail) -> bool:
        return row.reply_notice_id is not None

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
