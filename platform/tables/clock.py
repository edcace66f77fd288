"""Time controls and the clock of each seat.

A player has a bank of time. While their seat is in the game's `to_act` the
clock runs and `deadline_at` is when the bank runs out. When they move they
are charged the time used and gain the increment, up to the cap. A seat that
leaves `to_act` without moving (a reaction window closed by someone else) is
charged but gains nothing.

`now()` is the only clock the platform reads, so tests can set it.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

_frozen: datetime | None = None


def now() -> datetime:
    return _frozen or timezone.now()


@contextlib.contextmanager
def frozen_at(moment: datetime):
    """Within the block, `now()` answers `moment` (tests move it with `set_now`)."""
    global _frozen
    previous, _frozen = _frozen, moment
    try:
        yield
    finally:
        _frozen = previous


def set_now(moment: datetime | None) -> None:
    global _frozen
    _frozen = moment


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

PRESETS: dict[str, TimeControl] = {
    tc.key: tc
    for tc in (
        TimeControl("fast", "Fast: 1 hour + 1 hour a move, up to 4 hours", HOUR, HOUR, 4 * HOUR),
        TimeControl("normal", "Normal: 1 day + 1 day a move, up to 3 days", DAY, DAY, 3 * DAY),
        TimeControl(
            "slow", "Slow: 3 days + 2 days a move, up to 7 days", 3 * DAY, 2 * DAY, 7 * DAY
        ),
        TimeControl("none", "No time limit (friendly game)", None, None, None),
    )
}
DEFAULT_PRESET = "normal"


def describe(bank: timedelta | None, increment: timedelta | None, cap: timedelta | None) -> str:
    if bank is None:
        return "No time limit"
    return f"{human(bank)} + {human(increment or timedelta())} a move, up to {human(cap or bank)}"


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
