"""The sweep when something else got there first: a reminder claimed by
another sweep, a table locked by a move, a table with nobody late; and the
beat task that runs it."""

from __future__ import annotations

import threading

import pytest
from django.conf import settings
from django.db import connection, transaction

from clocks.sweep import SweepReport, deadlines_sweep
from notifications.models import Notification
from tables import services
from tables.models import Move, Seat, Table
from tests.clocks.helpers import HOUR, MIN, hour_control
from tests.conftest import requires_postgres, start_table

pytestmark = pytest.mark.django_db


def test_a_reminder_is_claimed_once_whoever_asks(users, frozen):
    """Two sweeps that both saw the reminder due: the second claim changes no
    row, so it neither counts nor queues a second email."""
    table = start_table("coup", users[:2], time_control=hour_control())
    seat = Seat.objects.get(table=table, number=table.to_act[0])
    frozen.advance(50 * MIN)
    assert services.seat_remind(seat_id=seat.pk, now=frozen.now) is True
    assert services.seat_remind(seat_id=seat.pk, now=frozen.now) is False
    assert services.seat_remind(seat_id=seat.pk, now=frozen.now + 5 * MIN) is False
    assert Notification.objects.filter(kind="reminder").count() == 1
    seat.refresh_from_db()
    assert seat.reminded_at == frozen.now


def test_a_table_with_nobody_late_or_not_in_play_plays_no_timeout(users, frozen):
    table = start_table("coup", users[:2], time_control=hour_control())
    frozen.advance(30 * MIN)
    assert services.table_timeouts_play(table_id=table.pk, now=frozen.now) == 0
    cancelled = start_table("coup", users[2:4], time_control=hour_control())
    services.table_cancel(table_id=cancelled.pk, user=None)
    frozen.advance(2 * HOUR)
    assert services.table_timeouts_play(table_id=cancelled.pk, now=frozen.now) == 0
    assert not Move.objects.exists()
    table.refresh_from_db()
    assert table.version == 0


def test_the_beat_runs_the_sweep(users, frozen):
    schedule = settings.CELERY_BEAT_SCHEDULE["sweep-deadlines"]
    assert schedule == {"task": "tables.tasks.sweep_deadlines", "schedule": settings.SWEEP_SECONDS}
    from config.celery import app

    app.loader.import_default_modules()  # what a worker does at start: find the tasks
    task = app.tasks[schedule["task"]]
    table = start_table("coup", users[:2], time_control=hour_control())
    late = table.to_act[0]
    frozen.advance(HOUR)
    assert task.delay().get() == {"reminders": 0, "tables_late": 1, "seats_timed_out": 1}
    assert Move.objects.get(table=table).seat == late
    assert task.delay().get() == {"reminders": 0, "tables_late": 0, "seats_timed_out": 0}


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_a_table_locked_by_a_move_is_skipped_and_timed_out_by_the_next_sweep(users, frozen):
    table = start_table("coup", users[:2], time_control=hour_control())
    at = frozen.now + HOUR
    locked, release = threading.Event(), threading.Event()

    def hold_the_row():
        try:
            with transaction.atomic():
                Table.objects.select_for_update().get(pk=table.pk)
                locked.set()
                release.wait(10)
        finally:
            connection.close()

    holder = threading.Thread(target=hold_the_row)
    holder.start()
    try:
        assert locked.wait(5)
        report = deadlines_sweep(now=at)  # neither waits for the lock nor fails
    finally:
        release.set()
        holder.join()
    assert report == SweepReport(reminders=0, tables_late=0, seats_timed_out=0)
    assert not Move.objects.filter(table=table).exists()
    assert deadlines_sweep(now=at) == SweepReport(reminders=0, tables_late=1, seats_timed_out=1)
    assert Move.objects.get(table=table).kind == "timeout"
