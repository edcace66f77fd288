"""One read of a table (`selectors.table_read`) for the page, the API and the
move: the table, its game's state and its seats with their users, under the
table's row lock for a move."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import transaction
from django.forms.models import model_to_dict

from clocks import seat_clocks
from tables import services
from tables.models import Move, Seat, Table, TableState
from tables.selectors import table_read
from tests.conftest import play_random_moves, requires_postgres, start_table, state_of
from tests.support.concurrency import race

pytestmark = pytest.mark.django_db


def test_a_table_is_read_with_its_state_and_its_seats_in_order(users):
    table = start_table("coup", users[:3], time_control="normal", seed=5)
    play_random_moves(table, users[:3], 6, seed=2)
    Seat.objects.filter(table=table, number=1).update(standing_orders={"block": "always"})

    found = table_read(table.pk)

    table.refresh_from_db()
    assert model_to_dict(found.table) == model_to_dict(table)
    assert found.state == state_of(table)
    assert [s.number for s in found.seats] == [0, 1, 2]
    assert [s.user.username for s in found.seats] == ["ana", "ben", "carl"]
    assert found.seats[1].standing_orders == {"block": "always"}
    assert all(s.table is found.table for s in found.seats)


def test_an_open_table_has_no_state_and_a_missing_table_is_none(users):
    table = services.table_create(creator=users[0], game="koryo", max_players=3)
    found = table_read(table.pk)
    assert found.table.pk == table.pk and found.state is None
    assert [s.user.username for s in found.seats] == ["ana"]
    assert table_read(table.pk + 1000) is None
    assert table_read(table.pk + 1000, lock=True) is None


def test_a_move_saves_table_state_log_and_clocks_and_nothing_else(users):
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


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_a_locked_read_that_waited_for_another_play_sees_that_plays_state(users):
    """The read waits for the row lock of a play in progress; once that play
    commits, the state read is the one it wrote, with its version (a state as
    of before the wait would let a move with the right version apply to an
    old position)."""
    table = start_table("coup", users[:2], time_control="none", seed=8)
    newer = {**state_of(table), "marker": "written while the reader waited"}
    holder = threading.Event()

    def hold_the_lock_and_play():
        with transaction.atomic():
            table_read(table.pk, lock=True)
            holder.set()
            time.sleep(0.5)  # the reader is waiting for the lock by now
            Table.objects.filter(pk=table.pk).update(version=table.version + 1)
            TableState.objects.filter(pk=table.pk).update(state=newer)

    def read_when_free():
        assert holder.wait(10)
        with transaction.atomic():
            found = table_read(table.pk, lock=True)
        # That it waited shows in what it read: the writer's version and state
        # exist only once the writer has committed. (Whether the writer's
        # thread has run its next line by then is up to the scheduler.)
        return found.table.version, found.state

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
            table_read(table.pk, lock=True)
            holder.set()
            released.wait(5)

    def skip():
        assert holder.wait(10)
        try:
            with transaction.atomic():
                return table_read(table.pk, lock=True, skip_locked=True)
        finally:
            released.set()

    assert race(hold, skip) == [None, None]
