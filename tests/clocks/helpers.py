"""A controllable clock and short time controls for the clock tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from clocks import clock, controls

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)
MIN = timedelta(minutes=1)
SECOND = timedelta(seconds=1)


class Clock:
    """The platform's clock, moved by hand."""

    def __init__(self, start: datetime = T0):
        self.now = start
        clock.set_now(start)

    def advance(self, span: timedelta) -> datetime:
        self.now += span
        clock.set_now(self.now)
        return self.now

    def set(self, moment: datetime) -> datetime:
        self.now = moment
        clock.set_now(moment)
        return moment


def hour_control(bank=HOUR, increment=30 * MIN, cap=2 * HOUR):
    return controls.custom(bank, increment, cap)
