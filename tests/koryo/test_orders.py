"""Phase 2, orders: KOR-6.1 to 6.4, KOR-OP5, KOR-OP5a, KOR-OP6, Examples KOR-E3, E4."""

import pytest

from games.engine import IllegalMove
from games.koryo.rules import ENGINE

from .helpers import actions_of, kinds, make_state, play


def _orders(players=3, hands=None, tableaux=None, current=0, orders=None):
    return make_state(
        players, hands=hands, tableaux=tableaux, orders=orders, phase="orders", current=current
    )


def test_kor_6_1_first_choose_a_kind_among_those_held():
    state = _orders(hands=[[6, 6, 2, "barbarians"], [9], [9]])
    assert ENGINE.legal_moves(state, 0) == [
        {"action": "order_kind", "kind": 2},
        {"action": "order_kind", "kind": 6},
        {"action": "order_kind", "kind": "barbarians"},
    ]


def test_kor_e3_only_bankers_or_only_barbarians_never_both():
    state = _orders(hands=[[6, 6, "barbarians", "barbarians"], [9], [9]])
    state = play(state, 0, {"action": "order_kind", "kind": 6})
    assert ENGINE.legal_moves(state, 0) == [
        {"action": "order_count", "count": 1},
        {"action": "order_count", "count": 2},
        {"action": "order_back"},
    ]
    with pytest.raises(IllegalMove, match="Shipowner"):
        ENGINE.apply(state, 0, {"action": "order_pair", "kinds": [6, "barbarians"]})
    state = play(state, 0, {"action": "order_count", "count": 2})
    assert kinds(state["orders"][0]) == [6, 6]


def test_kor_e3_events_are_ordered_the_same_way():
    state = _orders(hands=[[6, "barbarians", "barbarians"], [9], [9]])
    state = play(
        state,
        0,
        {"action": "order_kind", "kind": "barbarians"},
        {"action": "order_count", "count": 2},
    )
    assert kinds(state["orders"][0]) == ["barbarians", "barbarians"]


def test_kor_op5_at_least_one_card_is_placed():
    state = _orders(hands=[[6, 6], [9], [9]])
    assert ENGINE.legal_moves(state, 0) == [{"action": "order_kind", "kind": 6}]
    state = play(state, 0, {"action": "order_kind", "kind": 6})
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"action": "order_count", "count": 0})
    with pytest.raises(IllegalMove, match="that many"):
        ENGINE.apply(state, 0, {"action": "order_count", "count": 3})


def test_order_back_returns_to_the_choice_of_kind():
    state = _orders(hands=[[6, 2], [9], [9]])
    state = play(state, 0, {"action": "order_kind", "kind": 6}, {"action": "order_back"})
    assert actions_of(ENGINE.legal_moves(state, 0)) == ["order_kind", "order_kind"]


def test_kor_6_4_unplayed_cards_go_back_to_the_deck():
    state = _orders(hands=[[6, 6, 2, 9, 9], [9], [9]])
    deck_before = len(state["deck"])
    state = play(
        state, 0, {"action": "order_kind", "kind": 6}, {"action": "order_count", "count": 1}
    )
    assert state["hands"][0] == []
    assert kinds(state["orders"][0]) == [6]
    assert len(state["deck"]) == deck_before + 4


def test_kor_op5a_orders_are_placed_one_player_at_a_time_in_turn_order():
    state = ENGINE.setup(3, {}, seed=3)
    first = state["first_player"]
    assert ENGINE.to_act(state) == [first]
    assert ENGINE.legal_moves(state, (first + 1) % 3) == []
    state = play(state, first, ENGINE.timeout_move(state, first))
    state = play(state, first, {"action": "order_count", "count": 1})
    second = (first + 1) % 3
    assert ENGINE.to_act(state) == [second]
    # KOR-6.2: the next player sees how many cards the earlier one placed.
    view = ENGINE.view(state, second)
    assert view["players"][first]["orders_count"] == 1
    assert view["players"][first]["hand_count"] == 0


def test_kor_6_2_and_6_4_placing_shows_only_the_counts_in_public():
    state = _orders(hands=[[6, 6, 2], [9], [9]])
    state = play(
        state, 0, {"action": "order_kind", "kind": 6}, {"action": "order_count", "count": 2}
    )
    public = [ln["text"] for ln in state["log"] if ln["to"] is None]
    private = [ln["text"] for ln in state["log"] if ln["to"] == [0]]
    # KOR-6.4: the unplayed card goes back to the deck, which grows by one:
    # the log says how many, never which.
    assert public == ["{p0} places 2 cards face down; 1 unplayed card goes back to the deck."]
    assert private == ["You place 2 Bankers face down."]


def test_the_last_order_starts_the_actions_phase_with_the_first_player():
    state = _orders(hands=[[], [], [6]], orders=[[9], [9], []], current=2)
    state = play(
        state, 2, {"action": "order_kind", "kind": 6}, {"action": "order_count", "count": 1}
    )
    assert state["phase"] == "actions"
    assert ENGINE.to_act(state) == [0]


def test_kor_6_3_kor_e4_the_shipowner_majority_may_play_one_banker_and_one_spy():
    state = _orders(hands=[[6, 6, 2, 9], [9], [9]], tableaux=[[5], [], []])
    state = play(state, 0, {"action": "order_kind", "kind": 6})
    moves = ENGINE.legal_moves(state, 0)
    assert {"action": "order_pair", "kinds": [6, 2]} in moves
    assert {"action": "order_pair", "kinds": [6, 9]} in moves
    assert {"action": "order_count", "count": 2} in moves  # or play normally
    state = play(state, 0, {"action": "order_pair", "kinds": [6, 2]})
    assert sorted(kinds(state["orders"][0])) == [2, 6]
    assert state["hands"][0] == []


def test_kor_op6_the_pair_is_two_different_types_events_included():
    state = _orders(hands=[[6, "barbarians", "lobbying"], [9], [9]], tableaux=[[5], [], []])
    state = play(state, 0, {"action": "order_kind", "kind": "barbarians"})
    pairs = [m["kinds"] for m in ENGINE.legal_moves(state, 0) if m["action"] == "order_pair"]
    assert pairs == [["barbarians", 6], ["barbarians", "lobbying"]]
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"action": "order_pair", "kinds": ["barbarians", "barbarians"]})


def test_kor_op6_no_pair_without_the_shipowner_majority():
    state = _orders(hands=[[6, 2], [9], [9]], tableaux=[[5], [5], []])
    state = play(state, 0, {"action": "order_kind", "kind": 6})
    assert "order_pair" not in actions_of(ENGINE.legal_moves(state, 0))


def test_kor_op6_the_shipowner_tie_is_won_by_the_omniscient():
    state = _orders(hands=[[6, 2], [9], [9]], tableaux=[[5, 1], [5], []])
    state = play(state, 0, {"action": "order_kind", "kind": 6})
    assert "order_pair" in actions_of(ENGINE.legal_moves(state, 0))
