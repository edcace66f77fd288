"""Time zones: every time a player reads is in their own zone, labelled.

A player's zone is an IANA name kept on their profile (`time_zone`; a new
account takes the one its browser reports). `ReaderZone` is what the
middleware (`accounts.middleware`) makes the current zone of a request: it
finds the reader's zone only when a time is first shown, so the polls and
moves that show none cost nothing more. The zone is read from the reader's
profile when it is loaded already, else from the cache (kept by
`remember`), else from the database (one query, then cached).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta, tzinfo
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache as shared_cache
from django.utils.dateformat import format as date_format
from redis import RedisError

from config import outages

log = logging.getLogger(__name__)

DEFAULT = "UTC"
# The world's regions in the tz database; its other names are old aliases
# ("US/Eastern", "Etc/GMT+5"), still accepted but not offered in the list.
REGIONS = (
    "Africa",
    "America",
    "Antarctica",
    "Arctic",
    "Asia",
    "Atlantic",
    "Australia",
    "Europe",
    "Indian",
    "Pacific",
)
# A change of zone reaches every web process at once through the shared
# cache; a process without one (development) sees it within this time.
CACHE_SECONDS = 15 * 60


class ZoneError(ValueError):
    pass


@cache
def known() -> frozenset[str]:
    return frozenset(available_timezones())


@cache
def choices() -> list[tuple[str, str]]:
    """The zones offered in a list: UTC, then each region's cities by name."""
    names = sorted(n for n in known() if n.split("/", 1)[0] in REGIONS and "/" in n)
    return [(DEFAULT, DEFAULT)] + [(n, n.replace("_", " ")) for n in names]


def checked(name: object) -> str:
    """A zone name as given, if it is one; else ZoneError in a player's words."""
    if not isinstance(name, str) or name not in known():
        shown = name if isinstance(name, str) else repr(name)
        raise ZoneError(
            f"“{str(shown)[:64]}” is not a time zone: use a name such as Europe/Paris, "
            "America/New_York or Asia/Seoul."
        )
    return name


def zone_named(name: str) -> ZoneInfo:
    """The zone of that name; UTC for a name that is not one (a profile
    written by hand in the admin), so that no page fails over it."""
    try:
        return ZoneInfo(name) if name in known() else ZoneInfo(DEFAULT)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT)


def label(moment: datetime) -> str:
    """The zone of an aware moment as people write it: "CET", "KST", "UTC";
    "UTC+4" where the zone has no letters of its own (the database writes
    "+04")."""
    name = moment.tzname() or ""
    if name and name[0] not in "+-":
        return name
    offset = moment.utcoffset() or timedelta()
    minutes = int(offset.total_seconds()) // 60
    if not minutes:
        return "UTC"
    sign = "+" if minutes > 0 else "−"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def short(moment: datetime, zone: tzinfo, now: datetime) -> str:
    """A moment to come, as short as it can be read: "08:00" later the same
    day, "Mon 08:00" within the week, else "Mon 16 Mar, 08:00"."""
    local, today = moment.astimezone(zone), now.astimezone(zone)
    if local.date() == today.date():
        return date_format(local, "H:i")
    if timedelta() <= local - today < timedelta(days=6):
        return date_format(local, "D H:i")
    return date_format(local, "D j M, H:i")


def same_wall_time(moment: datetime, one: tzinfo, other: tzinfo) -> bool:
    """Whether two zones read the same clock time at that moment."""
    return moment.astimezone(one).utcoffset() == moment.astimezone(other).utcoffset()


# -- the reader's zone ------------------------------------------------------------


def _key(user_id: int) -> str:
    return f"zone:{user_id}"


def remember(user_id: int, name: str) -> None:
    """Tell every web process a player's zone (after it changed)."""
    if outages.CACHE.suspected:
        return
    try:
        shared_cache.set(_key(user_id), name, timeout=CACHE_SECONDS)
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
        from accounts.models import Profile

        name = (
            Profile.objects.filter(user_id=user.pk).values_list("time_zone", flat=True).first()
            or DEFAULT
        )
        remember(user.pk, name)
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
