"""Bot seats that waited too long: their task was lost (a worker down, a
broker restarted). A second task for one version is harmless: the move
service's version check plays only one."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q

from autoplay.seats import bot_level
from tables.models import Seat, Table


def waiting_bots(*, now: datetime, limit: int = 500) -> list[Seat]:
    """Bot seats asked to act for longer than `BOT_STALE_SECONDS`, with
    their tables."""
    cutoff = now - timedelta(seconds=settings.BOT_STALE_SECONDS)
    seats = (
        Seat.objects.filter(
            must_act=True, turn_started_at__lte=cutoff, table__status=Table.Status.ACTIVE
        )
        .filter(
            Q(user__profile__bot_level__gt="")
            | Q(dropped_at__isnull=False, table__bot_takeover=True)
        )
        .select_related("table", "user__profile")
        .order_by("turn_started_at")[:limit]
    )
    return [s for s in seats if bot_level(s.table, s)]
