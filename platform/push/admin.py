"""Players' devices, for moderators: seen, and removed if need be."""

from django.contrib import admin

from push.models import PushSubscription


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    list_display = ("user", "label", "created_at", "last_used_at")
    search_fields = ("user__username", "label")
    list_select_related = ("user",)
    readonly_fields = ("user", "endpoint", "p256dh", "auth", "label", "created_at", "last_used_at")

    def has_add_permission(self, request) -> bool:
        return False
