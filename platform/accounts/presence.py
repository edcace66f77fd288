"""Whether a player is on the site now: their open table page or lobby polls.

The last time is kept in the database, one row per player, so the worker
sees it; each process writes it at most once per `THROTTLE` for a player
(the cache remembers the last write), so polls stay as cheap as they were.
While the cache cannot be reached, nobody is marked present (the pages go on
answering; a player may get a "your turn" email they did not need).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.db import IntegrityError, transaction
from redis import RedisError

from accounts.models import Presence
from clocks import clock
from config import outages

# The salt of the signed ids the table pages carry: kept as first issued.
SALT = "notifications.presence"


def window() -> timedelta:
    """How recently a player must have polled to count as present."""
    return timedelta(seconds=settings.PRESENT_SECONDS)


def throttle() -> timedelta:
    return window() / 4


def touch(user_id: int, now: datetime | None = None) -> bool:
    """Record that the player is here; True if a row was written."""
    seconds = max(1, int(throttle().total_seconds()))
    if outages.CACHE.suspected:
        return False
    try:
        if not cache.add(f"presence:{user_id}", 1, timeout=seconds):
            return False
    except RedisError as exc:
        outages.CACHE.failed(exc)
        return False
    now = now or clock.now()
    try:
        with transaction.atomic():
            Presence.objects.bulk_create(
                [Presence(user_id=user_id, seen_at=now)],
                update_conflicts=True,
                unique_fields=["user"],
                update_fields=["seen_at"],
            )
    except IntegrityError:
        return False  # the account is gone; its page is still open somewhere
    return True


def last_seen(user_id: int) -> datetime | None:
    return Presence.objects.filter(user_id=user_id).values_list("seen_at", flat=True).first()


def token(user_id: int) -> str:
    """A signed id for the table page's poll, which reads no session (the
    same every time, so a page's HTML depends only on what it shows)."""
    return signing.Signer(salt=SALT).sign(str(user_id))


def touch_by_token(value: str) -> None:
    try:
        user_id = signing.Signer(salt=SALT).unsign(value)
    except signing.BadSignature:
        return
    if user_id.isdigit():
        touch(int(user_id))
