"""A seat's clock runs for a whole turn: from the moment the game asks it to
act until it is no longer asked. The small moves of one decision (placing
cards, dice, citizens one by one) neither stop it nor earn the increment;
the increment is earned once, when the turn ends. A decision interrupted
by someone else and asked again later is a new turn.

Every bank below is worked out by hand from the hour control of
`hour_control()`: a bank of 60 min, 30 min earned per turn, at most 120.
"""

from __future__ import annotations

import pytest

from games import registry
from tables import services
from tables.models import Seat
from tests.clocks.helpers import HOUR, MIN, T0, hour_control
from tests.conftest import start_table, state_of

pytestmark = pytest.mark.django_db


def seat(table, number) -> Seat:
    return Seat.objects.get(table=table, number=number)


def play(table, users, number, move) -> None:
    table.refresh_from_db()
    services.move_submit(table_id=table.pk, user=users[number], version=table.version, move=move)
    table.refresh_from_db()


def legal(table, number, action) -> dict:
    """The first legal move of that action for the seat."""
    moves = registry.get(table.game).engine.legal_moves(state_of(table), number)
    return next(m for m in moves if m["action"] == action)


def test_splitting_the_nine_cards_is_one_turn_with_one_increment(users, frozen):
    """SEA-4.2: each player splits their nine cards into three years, a card
    at a time, then confirms. Ten moves, twenty minutes, one turn."""
    table = start_table(
        "seasons", users[:2], {"level": "apprentice"}, time_control=hour_control(), seed=7
    )
    assert table.to_act == [0, 1]
    for _ in range(9):
        frozen.advance(2 * MIN)
        play(table, users, 0, legal(table, 0, "assign"))
        ana = seat(table, 0)
        # Still the same turn: the clock started at the deal and runs on.
        assert (ana.must_act, ana.turn_started_at, ana.deadline_at) == (True, T0, T0 + HOUR)
        assert ana.time_left == 60 * MIN
    frozen.advance(2 * MIN)
    play(table, users, 0, legal(table, 0, "confirm"))

    ana, ben = seat(table, 0), seat(table, 1)
    assert ana.must_act is False
    assert ana.time_left == 70 * MIN  # 60 - 20 + 30, once
    # The other player's turn was never touched.
    assert (ben.must_act, ben.turn_started_at, ben.deadline_at) == (True, T0, T0 + HOUR)


def test_placing_two_citizens_in_a_row_is_one_turn(users, frozen):
    """TRO-4.1: the starting citizens go down one at a time in snake order,
    so the second player places two in a row."""
    table = start_table("troyes", users[:2], time_control=hour_control(), seed=7)
    first = table.to_act[0]
    second = 1 - first
    frozen.advance(10 * MIN)
    play(table, users, first, legal(table, first, "place"))
    assert table.to_act == [second]
    frozen.advance(10 * MIN)
    play(table, users, second, legal(table, second, "place"))
    assert table.to_act == [second]
    assert seat(table, second).turn_started_at == T0 + 10 * MIN
    frozen.advance(10 * MIN)
    play(table, users, second, legal(table, second, "place"))

    assert table.to_act == [first]
    assert seat(table, first).time_left == 80 * MIN  # 60 - 10 + 30
    assert seat(table, second).time_left == 70 * MIN  # 60 - 20 + 30, once


def test_an_order_of_kind_then_count_is_one_turn(users, frozen):
    """KOR-6.1: an order is which cards (their kind) and how many, two
    moves of one decision; the players give their orders in turn."""
    table = start_table("koryo", users[:2], time_control=hour_control(), seed=7)
    first = table.to_act[0]
    second = 1 - first
    frozen.advance(10 * MIN)
    play(table, users, first, legal(table, first, "order_kind"))
    assert table.to_act == [first]
    frozen.advance(10 * MIN)
    play(table, users, first, legal(table, first, "order_count"))
    assert table.to_act == [second]
    frozen.advance(5 * MIN)
    play(table, users, second, legal(table, second, "order_kind"))
    frozen.advance(5 * MIN)
    play(table, users, second, legal(table, second, "order_count"))

    assert seat(table, first).time_left == 70 * MIN  # 60 - 20 + 30
    assert seat(table, second).time_left == 80 * MIN  # 60 - 10 + 30


def test_an_exchange_interrupted_by_the_reaction_window_is_two_turns(users, frozen):
    """COUP-5.6: the Ambassador's claim opens a reaction window (the others
    may challenge); once it closes the actor returns two cards, one at a
    time. Claiming is one turn, returning the cards another."""
    table = start_table("coup", users[:3], time_control=hour_control(), seed=7)
    actor = table.to_act[0]
    frozen.advance(10 * MIN)
    play(table, users, actor, {"action": "exchange"})
    responders = list(table.to_act)
    assert actor not in responders and len(responders) == 2
    assert seat(table, actor).time_left == 80 * MIN  # 60 - 10 + 30
    frozen.advance(10 * MIN)
    play(table, users, responders[0], {"action": "pass"})
    frozen.advance(10 * MIN)
    play(table, users, responders[1], {"action": "pass"})
    # Asked again after the window: a new turn, from the bank of 80.
    assert table.to_act == [actor]
    again = seat(table, actor)
    assert (again.turn_started_at, again.deadline_at) == (T0 + 30 * MIN, T0 + 110 * MIN)
    frozen.advance(10 * MIN)
    play(table, users, actor, legal(table, actor, "return"))
    assert table.to_act == [actor]
    assert seat(table, actor).deadline_at == T0 + 110 * MIN
    frozen.advance(10 * MIN)
    play(table, users, actor, legal(table, actor, "return"))

    assert actor not in table.to_act
    assert seat(table, actor).time_left == 90 * MIN  # 80 - 20 + 30
    # Each responder's turn was their window: 10 and 20 minutes.
    assert seat(table, responders[0]).time_left == 80 * MIN  # 60 - 10 + 30
    assert seat(table, responders[1]).time_left == 70 * MIN  # 60 - 20 + 30


def test_a_decision_interrupted_within_one_play_gets_a_fresh_clock(users, frozen):
    """COUP-5.6 again, with both others' standing orders passing for them:
    the window opens and closes inside the actor's own move, and the actor,
    no longer asked for a moment, is asked anew: a new turn from that
    moment, the claim's turn charged and paid its increment."""
    table = start_table("coup", users[:3], time_control=hour_control(), seed=7)
    actor = table.to_act[0]
    Seat.objects.filter(table=table).exclude(number=actor).update(
        standing_orders={"challenges": "always_pass", "blocks": "ask"}
    )
    frozen.advance(10 * MIN)
    play(table, users, actor, {"action": "exchange"})

    assert table.to_act == [actor]
    again = seat(table, actor)
    assert again.time_left == 80 * MIN  # 60 - 10 + 30
    assert (again.turn_started_at, again.deadline_at) == (T0 + 10 * MIN, T0 + 90 * MIN)
