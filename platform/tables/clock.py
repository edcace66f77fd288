"""Time controls and the clock of each seat.

A player has a bank of time. While their seat is in the game's `to_act` the
clock runs and `deadline_at` is when the bank runs out. When their turn ends
(the game no longer asks them) they are charged the time used and gain the
increment once, up to the cap, however many small moves the turn took. A
seat that leaves `to_act` without moving (a reaction window closed by
someone else) is charged but gains nothing (see `seat_clocks`).

The time itself comes from `config.clock` (`now()`, which tests can stop).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

# Read here too by the tables' code and tests.
from config.clock import now as now
from config.clock import set_now as set_now


@dataclass(frozen=True)
class TimeControl:
    key: str
    label: str
    bank: timedelta | None
    increment: timedelta | None
    cap: timedelta | None

    @property
    def unlimited(self) -> bool:
        return self.bank is None


HOUR = timedelta(hours=1)
DAY = timedelta(days=1)

MINUTE = timedelta(minutes=1)

PRESETS: dict[str, TimeControl] = {
    tc.key: tc
    for tc in (
        TimeControl(
            "quick",
            "Quick: 10 minutes + 5 a turn, up to 30 minutes",
            10 * MINUTE,
            5 * MINUTE,
            30 * MINUTE,
        ),
        TimeControl("fast", "Fast: 1 hour + 1 hour a turn, up to 4 hours", HOUR, HOUR, 4 * HOUR),
        TimeControl("normal", "Normal: 1 day + 1 day a turn, up to 3 days", DAY, DAY, 3 * DAY),
        TimeControl(
            "slow", "Slow: 3 days + 2 days a turn, up to 7 days", 3 * DAY, 2 * DAY, 7 * DAY
        ),
        TimeControl("none", "No time limit (friendly game)", None, None, None),
    )
}
DEFAULT_PRESET = "normal"
CUSTOM = "custom"
CUSTOM_MIN = timedelta(seconds=5)
CUSTOM_MAX = timedelta(days=30)


_OUT_OF_BOUNDS = {
    "bank": "The time bank must be between 5 seconds and 30 days.",
    "increment": "The increment must be between 0 and 30 days.",
    "cap": "The cap must be at least the bank and at most 30 days.",
}


def custom(bank: timedelta, increment: timedelta, cap: timedelta) -> TimeControl:
    """A time control of one's own (from the API), within sane bounds."""
    if not CUSTOM_MIN <= bank <= CUSTOM_MAX:
        raise ValueError(_OUT_OF_BOUNDS["bank"])
    if not timedelta() <= increment <= CUSTOM_MAX:
        raise ValueError(_OUT_OF_BOUNDS["increment"])
    if not bank <= cap <= CUSTOM_MAX:
        raise ValueError(_OUT_OF_BOUNDS["cap"])
    return TimeControl(CUSTOM, describe(bank, increment, cap), bank, increment, cap)


def custom_seconds(bank: int, increment: int, cap: int) -> TimeControl:
    """`custom` from whole seconds, as the API sends them: the bounds are
    checked on the numbers first, since a huge one cannot even be made into
    a duration."""
    limit = int(CUSTOM_MAX.total_seconds())
    for name, value in (("bank", bank), ("increment", increment), ("cap", cap)):
        if not 0 <= value <= limit:
            raise ValueError(_OUT_OF_BOUNDS[name])
    return custom(*(timedelta(seconds=value) for value in (bank, increment, cap)))


def describe(bank: timedelta | None, increment: timedelta | None, cap: timedelta | None) -> str:
    if bank is None:
        return "No time limit"
    return f"{human(bank)} + {human(increment or timedelta())} a turn, up to {human(cap or bank)}"


def human(span: timedelta) -> str:
    """A short duration: '3 days', '5 h 20 min', '45 s'."""
    seconds = int(span.total_seconds())
    if seconds < 0:
        seconds = 0
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days} day{'s' if days != 1 else ''}" + (f" {hours} h" if hours else "")
    if hours:
        return f"{hours} h" + (f" {minutes} min" if minutes else "")
    if minutes:
        return f"{minutes} min"
    return f"{secs} s"


def charge(
    time_left: timedelta, used: timedelta, *, moved: bool, increment: timedelta, cap: timedelta
) -> timedelta:
    """The bank after a turn: time used taken off, the increment added for a move."""
    left = time_left - used
    if moved:
        left += increment
    return max(timedelta(), min(left, cap))


# -- pauses: spans of time when a player's clock does not run -----------------
#
# Vacations and the hours outside a player's playing hours (`accounts.pauses`).
# Pauses come in order of their start (they may overlap), and there may be no
# end of them: each function below reads only as far as it needs.

Span = tuple[datetime, datetime]


def paused(start: datetime, end: datetime, pauses: Iterable[Span]) -> timedelta:
    """How much of [start, end) falls in the pauses."""
    total = timedelta()
    cursor = start
    for p_start, p_end in pauses:
        if p_start >= end:
            break
        lo, hi = max(p_start, cursor), min(p_end, end)
        if hi > lo:
            total += hi - lo
            cursor = hi
    return total


def running(start: datetime, end: datetime, pauses: Iterable[Span]) -> timedelta:
    """Time on the clock between start and end, pauses left out."""
    if end <= start:
        return timedelta()
    return (end - start) - paused(start, end, pauses)


def deadline(start: datetime, left: timedelta, pauses: Iterable[Span]) -> datetime:
    """When `left` of running time will have passed from `start`: a moment
    when the clock runs, or the very end of a stretch of running time."""
    moment = start
    for p_start, p_end in pauses:
        if p_end <= moment:
            continue
        if p_start > moment:
            if moment + left <= p_start:
                return moment + left
            left -= p_start - moment
        moment = max(moment, p_end)
    return moment + left


REMIND_AT_USED = 0.8
