"""The per-minute sweep of deadlines (run by Celery beat).

It reads the partial indexes on running clocks only: reminders due, then
tables with a late seat. Each table is handled in its own short transaction
(see `services.table_timeouts_play`), so one slow table holds up nothing else
and two sweeps at once never play the same timeout twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from clocks import clock
from tables import services
from tables.models import Seat, Table


@dataclass
class SweepReport:
    reminders: int = 0
    tables_late: int = 0
    seats_timed_out: int = 0


def deadlines_sweep(*, now: datetime | None = None, limit: int = 2000) -> SweepReport:
    now = now or clock.now()
    report = SweepReport(reminders=reminders_send(now=now, limit=limit))
    report.tables_late, report.seats_timed_out = timeouts_play(now=now, limit=limit)
    return report


def reminders_send(*, now: datetime, limit: int = 2000) -> int:
    """Remind the players whose turn is 80% used; returns how many."""
    due = (
        Seat.objects.filter(
            must_act=True, reminded_at__isnull=True, remind_at__lte=now, deadline_at__gt=now
        )
        .order_by("remind_at")
        .values_list("pk", flat=True)[:limit]
    )
    return sum(services.seat_remind(seat_id=seat_id, now=now) for seat_id in list(due))


def timeouts_play(*, now: datetime, limit: int = 2000) -> tuple[int, int]:
    """Play the timeouts of the tables with a late seat; returns the tables
    and the seats timed out."""
    late = (
        Seat.objects.filter(
            must_act=True,
            deadline_at__lte=now,
            dropped_at__isnull=True,
            table__status=Table.Status.ACTIVE,
        )
        .order_by()
        .values_list("table_id", flat=True)
        .distinct()[:limit]
    )
    tables = seats = 0
    for table_id in list(late):
        timed_out = services.table_timeouts_play(table_id=table_id, now=now)
        tables += bool(timed_out)
        seats += timed_out
    return tables, seats
