"""A replay page costs the same early and late in a long game: the states
along the log are stored as snapshots the first time they are needed, so a
late step replays a few moves from a snapshot, never the whole game."""

from __future__ import annotations

import random

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import registry
from replays.models import Snapshot
from replays.states import SNAPSHOT_EVERY
from replays.turns import turns_of
from tables.models import Move, Table, TableState
from tests.conftest import login_client, start_table, state_of

pytestmark = pytest.mark.django_db


def long_table(users, moves: int) -> Table:
    """A Seasons table with `moves` random moves in its log (written straight
    into the log: this is about reading one, not about playing it)."""
    table = start_table("seasons", users[:2], options={"level": "apprentice"}, seed=1)
    engine = registry.get("seasons").engine
    for picks in range(50):
        state, rng, rows = state_of(table), random.Random(picks), []
        for seq in range(1, moves + 1):
            if engine.outcome(state) is not None:
                break  # too short a game: try other picks
            seat = rng.choice(engine.to_act(state))
            move = rng.choice(engine.legal_moves(state, seat))
            state = engine.apply(state, seat, move)
            rows.append(
                Move(
                    table=table,
                    seq=seq,
                    seat=seat,
                    move=move,
                    log=engine.log(state),
                    created_at=timezone.now(),
                )
            )
        if len(rows) == moves:
            break
    assert len(rows) == moves, f"no random game of this deal lasted {moves} moves"
    Move.objects.bulk_create(rows)
    TableState.objects.filter(pk=table.pk).update(state=state)
    Table.objects.filter(pk=table.pk).update(version=moves)
    table.refresh_from_db()
    return table


def test_a_late_step_costs_no_more_queries_than_an_early_one(users, django_assert_max_num_queries):
    table = long_table(users, 500)
    client = login_client(users[4])
    for move in (10, 500, 10, 499, 500):
        with django_assert_max_num_queries(7):
            assert client.get(f"/api/tables/{table.pk}/replay/{move}").status_code == 200
    # The page steps by turn: finding the turns reads the log once (one
    # query, then kept), and a turn begun before its snapshot reads its
    # first moves (one more).
    last = turns_of(table, registry.get("seasons").engine, 2).count
    assert last > 50
    cache.clear()
    for turn in (3, last, 3, last - 1, last):
        with django_assert_max_num_queries(9):
            assert client.get(f"/tables/{table.pk}/replay/{turn}/").status_code == 200


def test_the_turns_are_found_once_per_table_version(users):
    table = long_table(users, 200)
    client = login_client(users[4])
    with CaptureQueriesContext(connection) as first:
        assert client.get(f"/tables/{table.pk}/replay/1/").status_code == 200
    with CaptureQueriesContext(connection) as again:
        assert client.get(f"/tables/{table.pk}/replay/1/").status_code == 200
    # Kept: neither the whole log is read again for the same version nor
    # the snapshots its walk passed offered again.
    assert len(again.captured_queries) <= len(first.captured_queries) - 2


def test_snapshots_are_stored_on_first_need_along_the_log(users):
    table = long_table(users, 130)
    login_client(users[4]).get(f"/api/tables/{table.pk}/replay/130")
    stored = set(Snapshot.objects.filter(table=table).values_list("seq", flat=True))
    assert stored == set(range(SNAPSHOT_EVERY, 131, SNAPSHOT_EVERY))


def test_a_late_step_replays_from_its_snapshot_not_from_the_deal(users):
    """Once the snapshots are stored, the early moves are not read again: a
    late step still shows with the first move gone from the log."""
    table = long_table(users, 130)
    client = login_client(users[4])
    before = client.get(f"/api/tables/{table.pk}/replay/125").json()
    Move.objects.filter(table=table, seq__lte=SNAPSHOT_EVERY * 5).delete()
    assert client.get(f"/api/tables/{table.pk}/replay/125").json() == before
    assert client.get(f"/tables/{table.pk}/replay/5/").status_code == 409


def test_snapshots_of_another_engine_version_are_not_used(users):
    table = long_table(users, 45)
    client = login_client(users[4])
    client.get(f"/api/tables/{table.pk}/replay/45")
    Snapshot.objects.filter(table=table).update(engine_version=99, state={})
    assert client.get(f"/api/tables/{table.pk}/replay/45").status_code == 200
