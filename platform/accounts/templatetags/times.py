"""Times as a reader reads them: in their own zone (the request's current
zone, or the recipient's while an email is drawn), labelled.

    {% load times %}
    {{ message.at|zoned:"j M, H:i" }}   ->  3 Mar, 14:05 CET
"""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils import timezone
from django.utils.dateformat import format as date_format

from accounts import zones
from clocks import clock

register = template.Library()


@register.filter(expects_localtime=False)
def zoned(value: datetime | None, fmt: str = "j M, H:i") -> str:
    if not isinstance(value, datetime):
        return ""
    local = timezone.localtime(value) if timezone.is_aware(value) else value
    return f"{date_format(local, fmt)} {zones.label(local)}"


@register.filter(expects_localtime=False)
def when(value: datetime | None, now: datetime | None = None) -> str:
    """A moment to come, short and labelled: "14:05 CET" later today, "Tue
    10:00 CET" within the week, else "Mon 16 Mar, 08:00 CET". `now`: the
    moment it is read (an email's sending), else now."""
    if not isinstance(value, datetime) or not timezone.is_aware(value):
        return ""
    zone = timezone.get_current_timezone()
    return f"{zones.short(value, zone, now or clock.now())} {zones.label(value.astimezone(zone))}"
