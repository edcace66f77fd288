"""The daily digest: one email per player who chose it, listing every game
waiting for them."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from accounts.models import Profile
from clocks import clock
from notifications import outbox
from tables.models import Seat, Table


def queue_digests(now: datetime | None = None) -> int:
    """Queue today's digest for every player on the digest who has a game
    waiting. Running it twice a day queues nothing new (one key per day)."""
    now = now or clock.now()
    day = now.date().isoformat()
    user_ids = (
        Seat.objects.filter(
            must_act=True,
            table__status=Table.Status.ACTIVE,
            user__profile__notify_turn=Profile.Notify.DIGEST,
            dropped_at__isnull=True,
        )
        .values_list("user_id", flat=True)
        .distinct()
    )
    queued = 0
    for user_id in user_ids:
        with transaction.atomic():
            queued += outbox.queue_digest(user_id, day, now) is not None
    return queued
