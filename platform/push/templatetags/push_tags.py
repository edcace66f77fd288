"""`{% push_devices %}`: the player's devices and the switch for this one,
on their settings page."""

from django import template

from push import keys
from push.models import PushSubscription

register = template.Library()


@register.inclusion_tag("push/_devices.html", takes_context=True)
def push_devices(context) -> dict:
    user = context["request"].user
    enabled = keys.enabled()
    return {
        "enabled": enabled,
        "devices": list(PushSubscription.objects.filter(user=user)) if enabled else [],
        "csrf_token": context.get("csrf_token"),
    }
