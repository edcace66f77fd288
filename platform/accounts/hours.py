"""Playing hours: when a player's clocks run, in their own time zone.

A player may keep hours (08:00-23:00, or 10:00-01:00, ending past midnight)
and days off (none, or up to two a week). Outside them their clocks stop
(`accounts.pauses`) and their notices wait (`notifications.delivery`). A
stretch of hours belongs to the day it starts on: with 10:00-01:00 and
Saturday off, Friday's hours run to 01:00 on Saturday, and there are none
from Saturday 10:00. With no hours but days off, the clocks run all day on
the other days. Start and end alike ("00:00" to "00:00") mean all day.

Everything is computed with zoneinfo in the player's zone, so a day boundary
and a change of daylight time come out right: on the night of the spring
change the clocks stop for an hour less. So that nobody stalls a table, the
hours cover at least 8 a day and at most two days a week are off: a week
always holds at least 40 running hours, and the stretches of hours go on for
ever, generated only as far as a reader needs them.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Protocol
from zoneinfo import ZoneInfo

from accounts.zones import zone_named

log = logging.getLogger(__name__)

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
DAY_NAMES = ("Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays")
MIN_HOURS_A_DAY = 8
MAX_DAYS_OFF = 2

Span = tuple[datetime, datetime]


class HoursError(ValueError):
    """Hours a player may not keep, said in their words; `part`: what is
    wrong ("start", "end" or "days_off")."""

    def __init__(self, message: str, part: str = "end") -> None:
        super().__init__(message)
        self.part = part


def parse_time(value: object, what: str) -> time:
    """ "08:00" as a time; HoursError for anything else."""
    if isinstance(value, str) and len(value) == 5 and value[2] == ":":
        hours, minutes = value[:2], value[3:]
        if hours.isdigit() and minutes.isdigit() and int(hours) < 24 and int(minutes) < 60:
            return time(int(hours), int(minutes))
    shown = value if isinstance(value, str) else repr(value)
    raise HoursError(
        f"The {what} of your hours is written HH:MM, from 00:00 to 23:59; "
        f"“{str(shown)[:20]}” is not.",
        what,
    )


def parse_days(values: object) -> frozenset[int]:
    """["sat", "sun"] as weekday numbers (Monday 0); HoursError for an
    unknown day or too many of them."""
    if not isinstance(values, list | tuple | set | frozenset):
        raise HoursError('Days off are a list such as ["sat", "sun"], or [] for none.', "days_off")
    days = set()
    for value in values:
        if not isinstance(value, str) or value.lower() not in DAYS:
            shown = value if isinstance(value, str) else repr(value)
            raise HoursError(
                f"Days off are named {', '.join(DAYS[:-1])} or {DAYS[-1]}; "
                f"“{str(shown)[:20]}” is not one.",
                "days_off",
            )
        days.add(DAYS.index(value.lower()))
    if len(days) > MAX_DAYS_OFF:
        raise HoursError(
            f"At most {MAX_DAYS_OFF} days a week can be off, so that nobody stalls a table; "
            f"you chose {len(days)}.",
            "days_off",
        )
    return frozenset(days)


def length(start: time, end: time) -> timedelta:
    """How long the hours from start to end last on an ordinary day (to the
    next day's end when it comes before the start; all day when they match)."""
    minutes = (end.hour * 60 + end.minute) - (start.hour * 60 + start.minute)
    return timedelta(minutes=minutes % (24 * 60) or 24 * 60)


@dataclass(frozen=True)
class PlayingHours:
    """The hours one player keeps. `start` and `end` both None: all day, on
    every day not in `days_off` (weekday numbers, Monday 0). Keeping no
    hours at all is no PlayingHours (None)."""

    zone: ZoneInfo
    start: time | None = None
    end: time | None = None
    days_off: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if (self.start is None) != (self.end is None):
            raise HoursError("Give both the start and the end of your hours.")
        if self.start is not None and self.start == self.end:
            # The same start and end: all day. Kept in one form only.
            object.__setattr__(self, "start", None)
            object.__setattr__(self, "end", None)
        if self.start is not None and length(self.start, self.end) < timedelta(
            hours=MIN_HOURS_A_DAY
        ):
            span = length(self.start, self.end)
            raise HoursError(
                f"Your hours cover {_hours_text(span)} a day; they must cover at least "
                f"{MIN_HOURS_A_DAY}, so that nobody stalls a table."
            )
        if len(self.days_off) > MAX_DAYS_OFF or not self.days_off <= set(range(7)):
            raise HoursError(f"At most {MAX_DAYS_OFF} days a week can be off.", "days_off")
        if self.start is None and not self.days_off:
            raise HoursError("All day on every day is keeping no hours: leave the hours empty.")

    @classmethod
    def build(
        cls, zone: ZoneInfo, start: object, end: object, days_off: object = ()
    ) -> PlayingHours | None:
        """Hours from what a player sent ("08:00", "23:00", ["sat"]); None
        when they keep none (all day, no day off). HoursError in their words
        for anything they may not keep."""
        first = parse_time(start, "start")
        last = parse_time(end, "end")
        days = parse_days(days_off)
        if first == last and not days:
            return None
        return cls(zone, first, last, days)

    # -- what they mean ---------------------------------------------------------

    def _stretch(self, day: date) -> Span:
        """The hours that start on `day`, in UTC."""
        start, end = self.start or time(0), self.end or time(0)
        last_day = day if end > start else day + timedelta(days=1)
        first = datetime.combine(day, start, tzinfo=self.zone)
        last = datetime.combine(last_day, end, tzinfo=self.zone)
        return first.astimezone(UTC), last.astimezone(UTC)

    def _stretches_from(self, day: date) -> Iterator[Span]:
        """The stretches of hours from `day` on, for ever, in order, joined
        where they touch (all day from Monday to Friday is one stretch) or
        overlap (on the night a change of daylight time repeats an hour)."""
        return joined(self._each_day_from(day))

    def _each_day_from(self, day: date) -> Iterator[Span]:
        while True:
            if day.weekday() not in self.days_off:
                yield self._stretch(day)
            day += timedelta(days=1)

    def _from_before(self, moment: datetime) -> Iterator[Span]:
        # Three days back holds at least one day that is not off, whose
        # stretch starts before `moment`: what follows covers `moment`.
        return self._stretches_from(moment.astimezone(self.zone).date() - timedelta(days=3))

    def stretches(self, since: datetime) -> Iterator[Span]:
        """The stretches of hours that end after `since`, in order."""
        return (s for s in self._from_before(since) if s[1] > since)

    def off(self, since: datetime) -> Iterator[Span]:
        """The spans outside the hours that end after `since`, in order, for
        ever: the player's clocks do not run in them."""
        previous_end: datetime | None = None
        for start, end in self._from_before(since):
            if previous_end is not None and start > since:
                yield previous_end, start
            previous_end = end

    def opens_at(self, moment: datetime) -> bool:
        """Whether a stretch of hours starts exactly at `moment` (the moment
        notices held outside the hours are due)."""
        for start, _ in self._from_before(moment):
            if start >= moment:
                return start == moment
        raise AssertionError("unreachable: the stretches never end")

    def is_open(self, moment: datetime) -> bool:
        return self.next_opening(moment) is None

    def next_opening(self, moment: datetime) -> datetime | None:
        """When the hours next start, if `moment` is outside them; None if
        it is inside."""
        for start, end in self._from_before(moment):
            if start > moment:
                return start
            if end > moment:
                return None
        raise AssertionError("unreachable: the stretches never end")

    # -- said and sent ----------------------------------------------------------

    def as_api(self) -> dict:
        return {
            "start": (self.start or time(0)).strftime("%H:%M"),
            "end": (self.end or time(0)).strftime("%H:%M"),
            "days_off": [DAYS[d] for d in sorted(self.days_off)],
        }

    def describe(self) -> str:
        """ "08:00 to 23:00, not on Saturdays and Sundays"."""
        if self.start is None:
            text = "All day"
        else:
            text = f"{self.start:%H:%M} to {self.end:%H:%M}"
            if self.end <= self.start:
                text += " the next day"
        if self.days_off:
            names = [DAY_NAMES[d] for d in sorted(self.days_off)]
            text += ", not on " + " and ".join(names)
        return text


def joined(spans: Iterable[Span]) -> Iterator[Span]:
    """Spans in order of their start, those that touch or overlap made one;
    lazily, so the spans may go on for ever."""
    pending: Span | None = None
    for start, end in spans:
        if pending is None:
            pending = (start, end)
        elif start <= pending[1]:
            pending = (pending[0], max(pending[1], end))
        else:
            yield pending
            pending = (start, end)
    if pending is not None:
        yield pending


def _hours_text(span: timedelta) -> str:
    hours, minutes = divmod(int(span.total_seconds()) // 60, 60)
    return f"{hours} h" + (f" {minutes} min" if minutes else "")


def days_named(days: Iterable[str]) -> frozenset[int]:
    """Weekday numbers of stored day names, the unknown ones left out."""
    return frozenset(DAYS.index(d) for d in days if isinstance(d, str) and d in DAYS)


class KeepsHours(Protocol):
    """What of a profile (`accounts.models.Profile`) says its hours."""

    user_id: int
    time_zone: str
    hours_start: time | None
    hours_end: time | None
    days_off: list
    is_bot: bool


def kept_by(profile: KeepsHours | None) -> PlayingHours | None:
    """The hours a profile keeps: None for none, for a bot (bots keep no
    hours), or for hours no player could set (written by hand in the admin),
    so that a clock never waits on them."""
    if profile is None or profile.is_bot:
        return None
    if profile.hours_start is None and profile.hours_end is None and not profile.days_off:
        return None
    try:
        return PlayingHours(
            zone_named(profile.time_zone),
            profile.hours_start,
            profile.hours_end,
            days_named(profile.days_off or []),
        )
    except HoursError as exc:
        log.warning("Ignoring the playing hours of %s: %s", profile.user_id, exc)
        return None
