"""The per-minute sweep: reminders, timeout moves, dropped players, and
exactly one timeout even when sweeps and players race (threads on PostgreSQL)."""

from __future__ import annotations

import time

import pytest

from clocks.sweep import SweepReport, deadlines_sweep
from notifications.models import Notification
from tables import services
from tables.errors import StaleVersion
from tables.models import Move, Seat
from tests.clocks.helpers import HOUR, MIN, T0, hour_control
from tests.conftest import play_random_moves, requires_postgres, start_table
from tests.support.concurrency import race

pytestmark = pytest.mark.django_db


def test_a_table_with_no_late_seat_is_untouched(users, frozen):
    table = start_table("coup", users[:3], time_control=hour_control())
    frozen.advance(30 * MIN)
    report = deadlines_sweep(now=frozen.now)
    assert (report.reminders, report.seats_timed_out) == (0, 0)
    table.refresh_from_db()
    assert table.version == 0
    assert not Move.objects.exists()


def test_one_reminder_at_80_percent_of_the_turn(
    users, frozen, mailoutbox, django_capture_on_commit_callbacks
):
    table = start_table("coup", users[:3], time_control=hour_control())
    late = table.to_act[0]
    mailoutbox.clear()
    frozen.advance(47 * MIN)
    assert deadlines_sweep(now=frozen.now).reminders == 0
    frozen.advance(2 * MIN)
    with django_capture_on_commit_callbacks(execute=True):
        assert deadlines_sweep(now=frozen.now).reminders == 1
    assert deadlines_sweep(now=frozen.now).reminders == 0
    reminder = Notification.objects.get(kind="reminder")
    assert reminder.user == users[late] and reminder.status == "sent"
    assert len(mailoutbox) == 1
    assert "nearly out" in mailoutbox[0].subject
    assert "11 min left" in mailoutbox[0].body


def test_a_late_seat_gets_its_timeout_move(users, frozen):
    table = start_table("coup", users[:3], time_control=hour_control())
    late = table.to_act[0]
    frozen.advance(HOUR)
    report = deadlines_sweep(now=frozen.now)
    assert report.seats_timed_out == 1
    move = Move.objects.get(table=table)
    assert (move.seat, move.kind, move.move) == (late, "timeout", {"action": "income"})
    seat = Seat.objects.get(table=table, number=late)
    assert seat.timeouts == 1 and not seat.dropped and not seat.must_act
    # The timeout earned the increment: the next turn has at least that.
    assert seat.time_left == 30 * MIN
    table.refresh_from_db()
    nxt = Seat.objects.get(table=table, number=table.to_act[0])
    assert nxt.deadline_at == frozen.now + HOUR
    assert deadlines_sweep(now=frozen.now).seats_timed_out == 0


def test_every_late_responder_in_a_window_times_out(users, frozen):
    table = start_table("coup", users[:4], time_control=hour_control())
    actor = table.to_act[0]
    services.move_submit(table_id=table.pk, user=users[actor], version=0, move={"action": "tax"})
    frozen.advance(HOUR)
    assert deadlines_sweep(now=frozen.now).seats_timed_out == 3
    kinds = list(Move.objects.filter(table=table).order_by("seq").values_list("kind", "move"))
    assert kinds[1:] == [("timeout", {"action": "pass"})] * 3
    table.refresh_from_db()
    assert table.to_act == [(actor + 1) % 4]


def test_a_player_is_dropped_after_the_set_number_of_timeouts(users, frozen):
    table = start_table("coup", users[:2], time_control=hour_control(), max_timeouts=2)
    sleeper = table.to_act[0]
    awake = 1 - sleeper
    for _ in range(2):
        frozen.advance(2 * HOUR)
        deadlines_sweep(now=frozen.now)
        table.refresh_from_db()
        if table.to_act == [awake]:
            services.move_submit(
                table_id=table.pk,
                user=users[awake],
                version=table.version,
                move={"action": "income"},
            )
    seat = Seat.objects.get(table=table, number=sleeper)
    assert seat.dropped and seat.timeouts == 2
    assert "Ran out of time 2 times" in seat.drop_reason
    # From now on the dropped seat plays at once, as the game's default.
    table = play_random_moves(table, users[:2], 500, seed=4)
    assert table.status == "finished"
    assert table.outcome["dropped"] == [sleeper]
    kinds = set(Move.objects.filter(table=table, seat=sleeper).values_list("kind", flat=True))
    assert "dropped" in kinds and "player" not in kinds


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_sweeps_at_once_play_one_timeout(users, frozen):
    for _ in range(5):
        table = start_table("coup", users[:3], time_control=hour_control())
        at = frozen.now + HOUR
        results = race(lambda at=at: deadlines_sweep(now=at), lambda at=at: deadlines_sweep(now=at))
        # Neither sweep crashed; one played the timeout, the other found nothing to do.
        assert all(isinstance(r, SweepReport) for r in results), results
        assert sorted(r.seats_timed_out for r in results) == [0, 1]
        assert sorted(r.tables_late for r in results) == [0, 1]
        assert Move.objects.filter(table=table).count() == 1
        assert Seat.objects.get(table=table, timeouts=1)


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_a_player_racing_the_sweep_either_moves_or_times_out_never_both(users, frozen):
    outcomes = set()
    # Attempts 0 and 1 give the player, then the sweep, a head start so that
    # each side surely wins once; the others start together.
    for attempt in range(8):
        head_start = {0: (0.0, 0.2), 1: (0.2, 0.0)}.get(attempt, (0.0, 0.0))
        table = start_table("coup", users[:3], time_control=hour_control())
        player = users[table.to_act[0]]
        # The player's clock says one second to go; the sweep's says too late.
        frozen.set(T0 + HOUR - MIN / 60)
        sweep_at = T0 + HOUR + MIN

        def move(table=table, player=player, wait=head_start[0]):
            time.sleep(wait)
            return services.move_submit(
                table_id=table.pk, user=player, version=0, move={"action": "tax"}
            )

        def sweep(at=sweep_at, wait=head_start[1]):
            time.sleep(wait)
            return deadlines_sweep(now=at)

        results = race(move, sweep)
        moves = list(Move.objects.filter(table=table).values_list("kind", flat=True))
        assert len(moves) == 1, (attempt, results, moves)
        outcomes.add(moves[0])
        moved, swept = results
        assert isinstance(swept, SweepReport), results
        if moves[0] == "timeout":
            # The sweep moved first: the player's version is stale now.
            assert isinstance(moved, StaleVersion), results
            assert (swept.tables_late, swept.seats_timed_out) == (1, 1)
        else:
            assert isinstance(moved, services.MoveResult), results
            assert moved.applied == 1
            assert (swept.tables_late, swept.seats_timed_out) == (0, 0)
        frozen.set(T0)
    assert outcomes == {"player", "timeout"}
