"""The table services' less travelled paths: refusals that write nothing, the
safety limits on automatic and timeout moves, a moderator's drop and extension."""

from __future__ import annotations

import copy
from datetime import timedelta

import pytest

from clocks import clock
from games.coup.rules.engine import CoupEngine
from games.engine import IllegalMove
from tables import services
from tables.errors import BadRequest, Conflict, Forbidden, NotFound
from tables.models import Move, Seat, Table
from tables.selectors import table_read
from tables.services import moves as move_service
from tests.clocks.helpers import HOUR, MIN, hour_control
from tests.conftest import start_table
from tests.support.seeds import seed_deal
from tests.tables.test_move_service import snapshot

pytestmark = pytest.mark.django_db


def test_a_move_on_a_table_that_does_not_exist_is_a_404(users):
    with pytest.raises(NotFound) as err:
        services.move_submit(table_id=987654, user=users[0], version=0, move={"action": "income"})
    assert err.value.status == 404
    assert err.value.message == "There is no such table."


@pytest.mark.parametrize("version", ["0", 0.0, True, None, [0]])
def test_a_version_that_is_not_an_integer_is_refused(users, version):
    table = start_table("coup", users[:2])
    before = snapshot(table)
    with pytest.raises(BadRequest) as err:
        services.move_submit(
            table_id=table.pk,
            user=users[table.to_act[0]],
            version=version,
            move={"action": "income"},
        )
    assert err.value.message == "Send the table's version (an integer) with your move."
    assert snapshot(table) == before


class _CrashingCoup(CoupEngine):
    """Coup whose `apply` fails with a programming error on any input, and
    whose refusal fails on a move naming a "bug" action."""

    def apply(self, state, seat, move):
        raise TypeError("apply must not be asked to explain a refusal")

    def refusal(self, state, seat, move):
        if move.get("action") == "bug":
            raise KeyError("bug")
        return super().refusal(state, seat, move)


def test_a_refused_move_is_explained_by_the_engines_refusal_without_applying_it():
    engine = _CrashingCoup()
    state = engine.setup(3, {}, 1)
    seat = state["turn"]
    before = copy.deepcopy(state)
    with pytest.raises(BadRequest) as err:
        move_service._legal_or_refuse(engine, state, seat, {"action": "steal", "target": "x"})
    assert err.value.message == "Choose a player to target."
    # COUP-5.3: a Coup costs 7 coins.
    with pytest.raises(BadRequest) as err:
        move_service._legal_or_refuse(engine, state, seat, {"action": "coup", "target": 1})
    assert err.value.message == "You need 7 coins to launch a coup."
    assert state == before
    # A legal move is the engine's own record, found without applying it.
    legal = move_service._legal_or_refuse(engine, state, seat, {"action": "income"})
    assert legal == {"action": "income"} and legal.label == "Income (+1)"


def test_an_engine_error_is_not_taken_for_a_refusal():
    engine = _CrashingCoup()
    state = engine.setup(3, {}, 1)
    with pytest.raises(KeyError):
        move_service._legal_or_refuse(engine, state, state["turn"], {"action": "bug"})


def test_a_move_the_game_makes_for_a_seat_must_be_listed_too(users):
    """Timeouts, standing orders and dropped seats go through the same check
    as a player's move: a move that is not listed is never applied."""
    table = start_table("coup", users[:3])
    before = snapshot(table)
    seat = table.to_act[0]
    play = move_service.Play(table_read(table.pk), clock.now())
    state = copy.deepcopy(play.state)
    # COUP-5.3: nobody starts with the 7 coins a Coup costs.
    with pytest.raises(IllegalMove, match="You need 7 coins to launch a coup"):
        play.record(seat, {"action": "coup", "target": (seat + 1) % 3}, Move.Kind.TIMEOUT)
    assert play.state == state and play.new_moves == []
    assert snapshot(table) == before


def test_automatic_moves_stop_at_the_safety_limit(users, monkeypatch):
    """Two dropped seats would play on by themselves: the limit stops them in
    one transaction, and what was played is saved consistently."""
    monkeypatch.setattr(move_service, "MAX_AUTOMATIC_MOVES", 3)
    table = start_table("coup", users[:3])
    for number in range(2):
        services.seat_drop(table_id=table.pk, number=number, reason="gone")
    table.refresh_from_db()
    before = table.version
    # Now nobody is left to ask: the game would play itself to the end.
    services.seat_drop(table_id=table.pk, number=2, reason="gone")
    table.refresh_from_db()
    assert table.status == "active"
    assert table.version == before + 3
    moves = list(Move.objects.filter(table=table).order_by("seq").values_list("seq", "kind"))
    assert [seq for seq, _ in moves] == list(range(1, table.version + 1))
    assert {kind for _, kind in moves} == {"dropped"}
    assert table.to_act  # stopped mid-game: the next change plays on


def test_a_timeout_plays_at_most_the_step_limit(users, frozen, monkeypatch):
    """Koryo's order is two moves (the kind, then how many); with a limit of
    one step the late seat plays one move and the timeout still counts once."""
    monkeypatch.setattr(move_service, "MAX_TIMEOUT_STEPS", 1)
    table = start_table("koryo", users[:2], time_control=hour_control())
    late = table.to_act[0]
    frozen.advance(HOUR + MIN)
    assert services.table_timeouts_play(table_id=table.pk, now=frozen.now) == 1
    moves = list(Move.objects.filter(table=table).values_list("seat", "kind", "move"))
    assert len(moves) == 1 and moves[0][:2] == (late, "timeout")
    assert moves[0][2]["action"] == "order_kind"
    assert Seat.objects.get(table=table, number=late).timeouts == 1


def test_dropping_refuses_a_missing_seat_a_table_not_in_play_and_a_second_drop(users):
    table = start_table("coup", users[:2])
    with pytest.raises(NotFound):
        services.seat_drop(table_id=table.pk, number=5, reason="x")
    with pytest.raises(NotFound):
        services.seat_drop(table_id=987654, number=0, reason="x")
    services.seat_drop(table_id=table.pk, number=0, reason="left for good")
    before = snapshot(table)
    with pytest.raises(Conflict) as err:
        services.seat_drop(table_id=table.pk, number=0, reason="again")
    assert err.value.message == "This player has already been dropped."
    assert snapshot(table) == before
    assert Seat.objects.get(table=table, number=0).drop_reason == "left for good"

    waiting = services.table_create(creator=users[0], game="coup", max_players=2)
    with pytest.raises(Conflict) as err:
        services.seat_drop(table_id=waiting.pk, number=0, reason="x")
    assert err.value.message == "Only a player of a game in play can be dropped."
    assert not Seat.objects.get(table=waiting, number=0).dropped


def test_a_clock_that_is_not_running_cannot_be_extended(users, frozen):
    table = start_table("coup", users[:2], time_control=hour_control())
    idle = Seat.objects.get(table=table, number=1 - table.to_act[0])
    with pytest.raises(Conflict) as err:
        services.seat_deadline_extend(seat_id=idle.pk, by=timedelta(hours=2))
    assert err.value.message == "This seat's clock is not running."
    untimed = start_table("coup", users[2:4])
    acting = Seat.objects.get(table=untimed, number=untimed.to_act[0])
    with pytest.raises(Conflict):
        services.seat_deadline_extend(seat_id=acting.pk, by=timedelta(hours=2))
    assert Seat.objects.get(pk=idle.pk).deadline_at is None
    # The running clock can be: its deadline and reminder move by as much.
    acting = Seat.objects.get(table=table, number=table.to_act[0])
    extended = services.seat_deadline_extend(seat_id=acting.pk, by=timedelta(hours=2))
    assert extended.deadline_at == acting.deadline_at + timedelta(hours=2)
    assert extended.remind_at == acting.remind_at + timedelta(hours=2)


def test_only_the_creator_invites(users):
    table = services.table_create(creator=users[1], game="coup", max_players=4)
    with pytest.raises(Forbidden) as err:
        services.table_invite(table_id=table.pk, user=users[0], username="carl")
    assert err.value.message == "Only the player who opened this table may invite others."
    with pytest.raises(Forbidden):
        services.table_invite(table_id=table.pk, user=users[3], username="carl")
    assert not table.invitations.exists()
    services.table_invite(table_id=table.pk, user=users[1], username="carl")
    assert list(table.invitations.values_list("user__username", flat=True)) == ["carl"]


@pytest.mark.parametrize(("timeouts", "accepted"), [(0, False), (1, True), (10, True), (11, False)])
def test_timeouts_before_a_drop_are_between_1_and_10(users, timeouts, accepted):
    if accepted:
        table = services.table_create(
            creator=users[0], game="coup", max_players=2, max_timeouts=timeouts
        )
        assert table.max_timeouts == timeouts
        return
    with pytest.raises(BadRequest) as err:
        services.table_create(creator=users[0], game="coup", max_players=2, max_timeouts=timeouts)
    assert err.value.message == "Timeouts before a player is dropped must be between 1 and 10."
    assert not Table.objects.exists()


def test_seats_are_numbered_in_joining_order_without_the_gaps_of_leavers(users):
    ana, ben, carl, dora = users[:4]
    table = services.table_create(creator=ana, game="coup", max_players=4)
    for user in (ben, carl):
        services.table_join(table_id=table.pk, user=user)
    services.table_leave(table_id=table.pk, user=ben)
    # Dora takes the free number 1 while the table is open...
    assert services.table_join(table_id=table.pk, user=dora).number == 1
    seed_deal(table.pk)
    services.table_start(table_id=table.pk, user=ana)
    # ...and the game seats everyone by when they joined: Carl before Dora.
    numbers = dict(table.seats.values_list("user__username", "number"))
    assert numbers == {"ana": 0, "carl": 1, "dora": 2}
