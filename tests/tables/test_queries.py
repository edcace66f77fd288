"""The hand-made queries of the move path (tables/queries.py) give what the
ORM gives, and the play's one write saves what the ORM's saves would."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.forms.models import model_to_dict

from accounts.models import Profile
from games import registry
from notifications import outbox
from notifications.models import Notification
from tables import clock, queries, seat_clocks, services
from tables.models import Move, Seat, Table
from tests.conftest import play_random_moves, requires_postgres, start_table, state_of
from tests.support.concurrency import race
from tests.support.round_trips import round_trips

pytestmark = pytest.mark.django_db


def fields_of(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def test_a_table_its_state_and_seats_are_read_as_the_orm_reads_them(users):
    table = start_table("coup", users[:3], time_control="normal", seed=5)
    play_random_moves(table, users[:3], 6, seed=2)
    seat = Seat.objects.get(table=table, number=1)
    seat.standing_orders = {"block": "always"}
    seat.dropped_at = clock.now()
    seat.time_left = timedelta(hours=7, seconds=3)
    seat.save()

    found, state, seats = queries.table_with_state(table.pk)

    assert fields_of(found) == fields_of(Table.objects.get(pk=table.pk))
    assert state == state_of(table)
    expected = list(table.seats.select_related("user").order_by("number"))
    assert [fields_of(s) for s in seats] == [fields_of(s) for s in expected]
    assert [fields_of(s.user) for s in seats] == [fields_of(s.user) for s in expected]
    assert all(s.table is found for s in seats)
    assert seats[1].standing_orders == {"block": "always"}


def test_an_open_table_has_no_state_and_a_missing_table_is_none(users):
    table = services.table_create(creator=users[0], game="koryo", max_players=3)
    found, state, seats = queries.table_with_state(table.pk)
    assert found.pk == table.pk and state is None
    assert [s.user.username for s in seats] == ["ana"]
    assert queries.table_with_state(table.pk + 1000) is None


def test_the_play_write_saves_table_state_log_and_seats_as_the_orm_would(users):
    table = start_table("coup", users[:2], time_control="normal", seed=8)
    mover = next(s for s in table.seats.all() if s.number == table.to_act[0])
    other = Seat.objects.get(table=table, number=1 - mover.number)
    before = {s.pk: model_to_dict(s) for s in table.seats.all()}

    result = services.move_submit(
        table_id=table.pk, user=mover.user, version=table.version, move={"action": "income"}
    )

    table.refresh_from_db()
    assert table.version == result.table.version == 1
    assert table.to_act == [other.number]
    assert state_of(table) == result.state
    assert list(Move.objects.filter(table=table).values_list("seq", "seat", "kind")) == [
        (1, mover.number, "player")
    ]
    mover.refresh_from_db()
    other.refresh_from_db()
    # The mover's clock stopped (and they have seen their own move); the
    # other's started; nothing else about the seats changed.
    assert (mover.must_act, mover.deadline_at, mover.seen_version) == (False, None, 1)
    assert other.must_act and other.deadline_at is not None
    for seat in (mover, other):
        after = model_to_dict(seat)
        unchanged = {k: v for k, v in before[seat.pk].items() if k not in seat_clocks.SEAT_FIELDS}
        assert {k: after[k] for k in unchanged} == unchanged


def test_a_turn_email_already_waiting_is_not_queued_twice_and_the_transaction_goes_on(users):
    table = start_table("coup", users[:2], time_control="normal")
    seat = Seat.objects.get(table=table, number=table.to_act[0])
    pending = Notification.objects.filter(kind="turn", seat=seat, status="pending")
    assert pending.count() == 1  # queued when the game started
    now = clock.now()
    assert outbox.queue_turns(table, [seat], now) == []
    table.version += 1  # a new version: a new key, still one waiting per seat
    assert outbox.queue_turns(table, [seat], now) == []
    # The same key again is skipped without an error that would spoil the
    # transaction: the next statement still runs.
    row = outbox.queue_timeout(table, seat, now)
    assert row is not None and outbox.queue_timeout(table, seat, now) is None
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    assert pending.count() == 1


def test_turn_emails_follow_each_players_preference(users):
    ana, ben, carl = users[:3]
    ben.profile.notify_turn = "never"
    ben.profile.save()
    table = start_table("coup", [ana, ben, carl], time_control="normal")
    seats = list(table.seats.order_by("number"))
    Notification.objects.all().delete()
    queued = outbox.queue_turns(table, seats, clock.now())
    assert sorted(n.user_id for n in queued) == [ana.pk, carl.pk]
    assert all(n.pk for n in queued)
    assert set(Notification.objects.values_list("pk", flat=True)) == {n.pk for n in queued}


@requires_postgres
def test_the_read_is_one_round_trip_and_the_locked_read_joins_its_transaction(users):
    table = start_table("seasons", users[:3], seed=3)
    with round_trips() as read:
        queries.table_with_state(table.pk)
    with round_trips() as locked, transaction.atomic():
        queries.table_with_state(table.pk, lock=True)
    assert read.count == 1
    # BEGIN (here a savepoint: the test runs in a transaction), the read, COMMIT.
    assert locked.count == 3


@requires_postgres
def test_a_move_goes_to_the_database_in_four_round_trips(users):
    table = start_table("coup", users[:2], time_control="none", seed=8)
    # SAVEPOINT, the locked read, the write with the turn emails, RELEASE.
    assert warm_move_round_trips(table) == 4


def warm_move_round_trips(table: Table) -> int:
    """The round trips of an Income by the player to act, once the
    connection has prepared the move's statements (a few moves before)."""
    for _ in range(4):
        table.refresh_from_db()
        mover = next(s for s in table.seats.select_related("user") if s.number == table.to_act[0])
        with round_trips() as move:
            services.move_submit(
                table_id=table.pk, user=mover.user, version=table.version, move={"action": "income"}
            )
    return move.count


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_a_transaction_begins_with_its_first_statements_not_before_them(users):
    """Outside any other transaction (as a request runs), the BEGIN goes with
    the locked read: a move is three round trips, and the lock is real."""
    table = start_table("coup", users[:2], time_control="none", seed=8)
    with round_trips() as locked, transaction.atomic():
        queries.table_with_state(table.pk, lock=True)
        assert connection.connection.info.transaction_status.name == "INTRANS"
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation"
                " WHERE l.pid = pg_backend_pid() AND c.relname = %s AND l.mode = 'RowShareLock'",
                [Table._meta.db_table],
            )
            assert cursor.fetchone() == (1,)
    # The read with its BEGIN, the lock check, COMMIT.
    assert locked.count == 3
    # No turn email is wanted: the worker would send it at the commit.
    Profile.objects.filter(user__in=users[:2]).update(notify_turn="never")
    # The locked read with its BEGIN, the write with the turn emails, COMMIT.
    assert warm_move_round_trips(table) == 3
    assert Move.objects.filter(table=table).count() == 4


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_a_failed_statement_after_the_joined_begin_rolls_the_transaction_back(users):
    table = start_table("coup", users[:2], time_control="none", seed=8)
    with pytest.raises(Exception), transaction.atomic():  # noqa: B017 - any database error
        connection.run_prepared(
            [
                (f"UPDATE {Table._meta.db_table} SET version = 99 WHERE id = %s", [table.pk]),
                ("SELECT 1 / 0", []),
            ]
        )
    assert connection.connection.info.transaction_status.name == "IDLE"
    assert Table.objects.get(pk=table.pk).version == table.version


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_a_locked_read_that_waited_for_another_play_sees_that_plays_state(users):
    """The read waits for the row lock of a play in progress; once that play
    commits, the state read is the one it wrote, with its version (a state as
    of before the wait would let a move with the right version apply to an
    old position)."""
    table = start_table("coup", users[:2], time_control="none", seed=8)
    state_model = registry.get("coup").state_model
    newer = {**state_of(table), "marker": "written while the reader waited"}
    holder = threading.Event()
    done = threading.Event()

    def hold_the_lock_and_play():
        with transaction.atomic():
            queries.table_with_state(table.pk, lock=True)
            holder.set()
            time.sleep(0.5)  # the reader is waiting for the lock by now
            Table.objects.filter(pk=table.pk).update(version=table.version + 1)
            state_model.objects.filter(pk=table.pk).update(state=newer)
        done.set()

    def read_when_free():
        assert holder.wait(10)
        with transaction.atomic():
            found, state, _ = queries.table_with_state(table.pk, lock=True)
        assert done.is_set()  # it did wait
        return found.version, state

    writer_result, (version, state) = race(hold_the_lock_and_play, read_when_free)
    assert writer_result is None
    assert version == table.version + 1
    assert state == newer


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_a_row_held_by_another_play_is_missing_to_a_read_that_skips_locked_rows(users):
    table = start_table("coup", users[:2], time_control="none", seed=8)
    holder, released = threading.Event(), threading.Event()

    def hold():
        with transaction.atomic():
            queries.table_with_state(table.pk, lock=True)
            holder.set()
            released.wait(5)

    def skip():
        assert holder.wait(10)
        try:
            with transaction.atomic():
                return queries.table_with_state(table.pk, lock=True, skip_locked=True)
        finally:
            released.set()

    assert race(hold, skip) == [None, None]


def test_values_go_to_the_database_as_django_prepares_them(users):
    table = start_table("coup", users[:3], time_control="normal", seed=5)
    play_random_moves(table, users[:3], 4, seed=1)
    table.refresh_from_db()
    rows = [table, *table.seats.all(), *table.moves.all(), *Notification.objects.all()]
    assert len(rows) > 8
    for row in rows:
        fields = [
            f
            for f in row._meta.concrete_fields
            if not getattr(f, "auto_now", False) and not getattr(f, "auto_now_add", False)
        ]
        expected = [f.get_db_prep_save(f.pre_save(row, False), connection) for f in fields]
        got = queries.values(row, queries.preparing(fields, connection.vendor), add=False)
        assert [repr(v) for v in got] == [repr(v) for v in expected], type(row)
