"""The arithmetic of a bank of time: what a turn charges and earns, and how
long a clock runs, or when it runs out, around a player's pauses.

Pauses are spans of time when a player's clock does not run: their
vacations and the hours outside their playing hours (`accounts.pauses`).
They come in order of their start (they may overlap), and there may be no
end of them: each function below reads only as far as it needs.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta


def charge(
    time_left: timedelta, used: timedelta, *, moved: bool, increment: timedelta, cap: timedelta
) -> timedelta:
    """The bank after a turn: time used taken off, the increment added for a move."""
    left = time_left - used
    if moved:
        left += increment
    return max(timedelta(), min(left, cap))


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
