"""Time zones: every time a player reads is in their own zone, labelled.

A player's zone is an IANA name kept on their profile (`time_zone`; a new
account takes the one its browser reports). Here: which names are zones, and
how a moment is written for a reader. Whose zone a request is read in:
`accounts.readers`.
"""

from __future__ import annotations

from datetime import datetime, timedelta, tzinfo
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.utils.dateformat import format as date_format

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
