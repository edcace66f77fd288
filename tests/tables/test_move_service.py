"""The move transaction: refusals write nothing; the log stays gap-free."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tables import services
from tables.errors import BadRequest, Conflict, Forbidden, StaleVersion
from tables.models import Move, Table, TableState
from tests.conftest import requires_postgres, start_table, state_of
from tests.support.concurrency import race

pytestmark = pytest.mark.django_db


def snapshot(table: Table) -> tuple:
    table.refresh_from_db()
    return (
        table.version,
        table.to_act,
        Move.objects.filter(table=table).count(),
        state_of(table),
        list(table.seats.values_list("must_act", "deadline_at", "time_left")),
    )


def actor_of(table: Table, users):
    seat = table.to_act[0]
    return users[seat], seat


def test_a_legal_move_is_applied_and_logged(users):
    table = start_table("coup", users[:3])
    user, seat = actor_of(table, users)
    services.move_submit(table_id=table.pk, user=user, version=0, move={"action": "income"})
    table.refresh_from_db()
    assert table.version == 1
    move = Move.objects.get(table=table)
    assert (move.seq, move.seat, move.move, move.kind) == (1, seat, {"action": "income"}, "player")
    assert any("Income" in line["text"] or "income" in line["text"] for line in move.log)
    assert state_of(table)["coins"][seat] == 3


def test_it_refuses_an_illegal_move_and_writes_nothing(users):
    table = start_table("coup", users[:3])
    user, _ = actor_of(table, users)
    before = snapshot(table)
    with pytest.raises(BadRequest) as err:
        services.move_submit(
            table_id=table.pk, user=user, version=0, move={"action": "coup", "target": 1}
        )
    # COUP-5.3: a Coup needs ₤7; the engine says why the move is refused.
    assert err.value.message == "You need 7 coins to launch a coup."
    assert err.value.status == 400
    assert snapshot(table) == before


@pytest.mark.parametrize("move", [[], "income", {"action": "fly"}, {"action": "income", "x": 1}])
def test_it_refuses_malformed_moves(users, move):
    table = start_table("coup", users[:3])
    user, _ = actor_of(table, users)
    before = snapshot(table)
    with pytest.raises(BadRequest):
        services.move_submit(table_id=table.pk, user=user, version=0, move=move)
    assert snapshot(table) == before


def test_it_refuses_lookalike_values(users):
    """1.0 and true equal 1 in Python, but are not the legal move's values."""
    table = start_table("coup", users[:3])
    user, seat = actor_of(table, users)
    state = state_of(table)
    state["coins"][seat] = 7
    TableState.objects.filter(pk=table.pk).update(state=state)
    target = (seat + 1) % 3
    before = snapshot(table)
    for fake in (float(target), str(target)) + ((True,) if target == 1 else ()):
        with pytest.raises(BadRequest):
            services.move_submit(
                table_id=table.pk, user=user, version=0, move={"action": "coup", "target": fake}
            )
    assert snapshot(table) == before


def test_it_refuses_a_player_whose_turn_it_is_not(users):
    table = start_table("coup", users[:3])
    _, seat = actor_of(table, users)
    other = users[(seat + 1) % 3]
    before = snapshot(table)
    with pytest.raises(Forbidden) as err:
        services.move_submit(table_id=table.pk, user=other, version=0, move={"action": "income"})
    assert err.value.status == 403
    assert "not your turn" in err.value.message
    assert snapshot(table) == before


def test_it_refuses_someone_not_at_the_table(users):
    table = start_table("coup", users[:3])
    before = snapshot(table)
    with pytest.raises(Forbidden) as err:
        services.move_submit(table_id=table.pk, user=users[5], version=0, move={"action": "income"})
    assert "not playing" in err.value.message
    assert snapshot(table) == before


def test_it_refuses_a_stale_version(users):
    table = start_table("coup", users[:3])
    user, _ = actor_of(table, users)
    services.move_submit(table_id=table.pk, user=user, version=0, move={"action": "income"})
    table.refresh_from_db()
    next_user = users[table.to_act[0]]
    before = snapshot(table)
    with pytest.raises(StaleVersion) as err:
        services.move_submit(
            table_id=table.pk, user=next_user, version=0, move={"action": "income"}
        )
    assert err.value.status == 409
    assert snapshot(table) == before


def test_it_refuses_moves_once_the_game_is_over(users):
    table = start_table("coup", users[:2])
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED, to_act=[])
    user, _ = users[0], 0
    with pytest.raises(Conflict):
        services.move_submit(table_id=table.pk, user=user, version=0, move={"action": "income"})
    assert not Move.objects.filter(table=table).exists()


def assert_gap_free(table: Table) -> None:
    table.refresh_from_db()
    seqs = list(Move.objects.filter(table=table).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, table.version + 1))


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_identical_posts_one_wins_one_is_stale(users):
    table = start_table("coup", users[:3])
    user, _ = actor_of(table, users)

    def post():
        return services.move_submit(
            table_id=table.pk, user=user, version=0, move={"action": "income"}
        )

    for _ in range(3):
        results = race(post, post)
        wins = [r for r in results if isinstance(r, services.MoveResult)]
        stale = [r for r in results if isinstance(r, StaleVersion)]
        assert len(wins) == 1 and len(stale) == 1, results
        table.refresh_from_db()
        user = users[table.to_act[0]]
        assert_gap_free(table)

        def post(user=user, version=table.version):
            return services.move_submit(
                table_id=table.pk, user=user, version=version, move={"action": "income"}
            )


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_responders_at_once_one_wins_and_the_log_has_no_gap(users):
    table = start_table("coup", users[:4])
    actor, _ = actor_of(table, users)
    services.move_submit(table_id=table.pk, user=actor, version=0, move={"action": "tax"})
    table.refresh_from_db()
    responders = [users[s] for s in table.to_act]
    assert len(responders) == 3

    def respond(user):
        return lambda: services.move_submit(
            table_id=table.pk, user=user, version=1, move={"action": "pass"}
        )

    results = race(*(respond(u) for u in responders))
    assert sum(isinstance(r, services.MoveResult) for r in results) == 1
    assert sum(isinstance(r, StaleVersion) for r in results) == 2
    assert_gap_free(table)
    table.refresh_from_db()
    assert table.version == 2


def test_every_seat_gets_the_whole_bank_written_when_the_game_starts(users):
    """A seat not yet asked to move has the table's whole bank in its row, so
    the page, the API and the sweep read it from the seat alone."""
    table = start_table("coup", users[:3], time_control="normal", seed=3)
    banks = [s.time_left for s in table.seats.order_by("number")]
    assert banks == [timedelta(days=1)] * 3
