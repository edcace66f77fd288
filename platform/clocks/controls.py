"""Time controls: a bank of time per player, an increment earned per turn,
a cap; the presets a table is opened with, a time control of one's own
(from the API), and how a duration reads ("5 h 20 min")."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta


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
