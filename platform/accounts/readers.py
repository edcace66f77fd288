"""Whose time zone a request is read in: the reader's.

`ReaderZone` is what the middleware (`accounts.middleware`) makes the
current zone of a request: it finds the reader's zone only when a time is
first shown, so the polls and moves that show none cost nothing more. The
zone is read from the reader's profile when it is loaded already, else from
the cache (kept by `remember`), else from the database (one query, then
cached).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache as shared_cache
from redis import RedisError

from accounts.models import Profile
from accounts.zones import DEFAULT, zone_named
from config import outages

# A change of zone reaches every web process at once through the shared
# cache; a process without one (development) sees it within this time.
CACHE_SECONDS = 15 * 60


def _key(user_id: int) -> str:
    return f"zone:{user_id}"


def remember(user_id: int, name: str, *, changed: bool = True) -> None:
    """Tell every web process a player's zone: after it changed, or (not
    `changed`) as just read, which never overwrites a change made meanwhile."""
    if outages.CACHE.suspected:
        return
    try:
        if changed:
            shared_cache.set(_key(user_id), name, timeout=CACHE_SECONDS)
        else:
            shared_cache.add(_key(user_id), name, timeout=CACHE_SECONDS)
    except RedisError as exc:
        outages.CACHE.failed(exc)


def _cached(user_id: int) -> str | None:
    if outages.CACHE.suspected:
        return None
    try:
        return shared_cache.get(_key(user_id))
    except RedisError as exc:
        outages.CACHE.failed(exc)
        return None


def name_of(user: AbstractBaseUser) -> str:
    """The zone a signed-in user reads times in."""
    if get_user_model().profile.is_cached(user):
        return user.profile.time_zone
    name = _cached(user.pk)
    if name is None:
        name = (
            Profile.objects.filter(user_id=user.pk).values_list("time_zone", flat=True).first()
            or DEFAULT
        )
        remember(user.pk, name, changed=False)
    return name


def of_user(user: AbstractBaseUser | None) -> ZoneInfo:
    if user is None or not user.is_authenticated:
        return ZoneInfo(DEFAULT)
    return zone_named(name_of(user))


class ReaderZone(tzinfo):
    """A time zone found the first time it is used: the current zone of a
    request, whose reader is known only once the view has asked who it is.

    Every method hands over to the zone found; `fromutc` (which
    `astimezone`, and so `localtime`, calls) answers with a moment in that
    zone itself, so what is formatted is a plain ZoneInfo moment."""

    def __init__(self, find: Callable[[], ZoneInfo]) -> None:
        self._find = find
        self._zone: ZoneInfo | None = None

    @property
    def zone(self) -> ZoneInfo:
        if self._zone is None:
            self._zone = self._find()
        return self._zone

    def utcoffset(self, dt: datetime | None) -> timedelta | None:
        return self.zone.utcoffset(dt)

    def dst(self, dt: datetime | None) -> timedelta | None:
        return self.zone.dst(dt)

    def tzname(self, dt: datetime | None) -> str | None:
        return self.zone.tzname(dt)

    def fromutc(self, dt: datetime) -> datetime:
        return self.zone.fromutc(dt.replace(tzinfo=self.zone))

    def __str__(self) -> str:
        return str(self.zone)

    def __repr__(self) -> str:
        return f"ReaderZone({self.zone.key if self._zone else '…'})"
