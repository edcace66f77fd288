"""Setup and the initial placement (TRO-1, TRO-4, TRO-OP1, TRO-OP1a,
TRO-OP2, TRO-OP2a, TRO-OP3)."""

from __future__ import annotations

import pytest

from games.engine import IllegalMove
from games.troyes.rules import ENGINE
from games.troyes.rules import cards as C
from games.troyes.rules import table as T

from .helpers import placed


@pytest.mark.parametrize(("players", "rounds", "citizens"), [(2, 4, 6), (3, 5, 5), (4, 6, 4)])
def test_tro_1_2_and_op1_rounds_and_starting_resources(players, rounds, citizens):
    state = ENGINE.setup(players, {}, 7)
    assert state["rounds"] == rounds
    assert state["ip"] == [4] * players and state["deniers"] == [5] * players
    assert state["supply"] == [citizens] * players and state["vp"] == [0] * players
    assert len(state["decks"][C.RED]) == rounds  # TRO-OP6: one red event per round


@pytest.mark.parametrize(("players", "each"), [(2, 2), (3, 1), (4, 1)])
def test_tro_op1a_characters_dealt_secretly_all_different(players, each):
    state = ENGINE.setup(players, {}, 3)
    dealt = [c for cards in state["characters"] for c in cards]
    assert all(len(cards) == each for cards in state["characters"])
    assert len(set(dealt)) == len(dealt)


def test_tro_op2a_one_card_per_colour_and_level_face_down():
    state = ENGINE.setup(2, {}, 11)
    for colour in C.COLOURS:
        levels = [C.CARDS[cid].level for cid in state["activity"][colour]]
        assert levels == [1, 2, 3]
        assert all(C.CARDS[cid].colour == colour for cid in state["activity"][colour])


@pytest.mark.parametrize(("players", "citizens"), [(2, 6), (3, 5), (4, 4)])
def test_tro_op2_snake_order(players, citizens):
    state = ENGINE.setup(players, {}, 4)
    first = state["start"]
    order = [(first + i) % players for i in range(players)]
    expected = []
    for i in range(citizens):
        expected += order if i % 2 == 0 else order[::-1]
    seen = []
    while state["phase"] == "placement":
        seat = state["current"]
        seen.append(seat)
        state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[-1])
    assert seen == expected


@pytest.mark.parametrize(("players", "greys"), [(2, 6), (3, 3), (4, 2)])
def test_tro_op2_neutral_citizens_fill_the_empty_spaces(players, greys):
    state = placed(players, 2)
    assert T.citizens_on_board(state, C.NEUTRAL) == greys
    assert state["grey_box"] == 8 - greys  # 8 in the box
    assert all(
        space is not None for rows in state["buildings"].values() for r in rows for space in r
    )
    assert state["supply"] == [0] * players
    assert state["round"] == 1
    fills = [ln["text"] for ln in state["log"] if ln["text"].startswith("Neutral citizens fill")]
    assert fills == ([] if players == 2 else [f"Neutral citizens fill the {greys} empty spaces."])


def test_tro_op2_two_players_neutral_citizens_go_first_two_in_each_building():
    """With 2 players the 6 neutral citizens (18 spaces - 2 x 6 citizens) are
    placed before the players' (SOLO-TT, KR-H), two in each building, so that
    each building keeps 4 free spaces: more than one player can fill before
    the other's turn comes (in snake order nobody places 3 in a row)."""
    state = ENGINE.setup(2, {}, 1)
    assert state["phase"] == "placement" and state["grey_box"] == 2
    for colour in C.COLOURS:
        assert T.standing(state, colour, C.NEUTRAL) == 2
        assert T.empty_spaces(state, colour) == 4
    # Ours: the Palace's spaces for 1 and 6, the last space of the Monastery's
    # rows 1-2 and 5-6 and of both City Hall rows.
    assert state["buildings"][C.RED] == [[-1], [None], [None], [None], [None], [-1]]
    assert state["buildings"][C.WHITE] == [[None, -1], [None, None], [None, -1]]
    assert state["buildings"][C.YELLOW] == [[None, None, -1], [None, None, -1]]
    assert len(ENGINE.legal_moves(state, state["current"])) == 12
    assert (
        "Neutral citizens go first: 2 in the Palace, 2 in the Monastery and 2 in the City Hall."
        in [ln["text"] for ln in state["log"]]
    )
    placed_state = placed(2, 1)
    assert T.citizens_on_board(placed_state, C.NEUTRAL) == 6
    assert state["buildings"][C.RED][0] == placed_state["buildings"][C.RED][0]


@pytest.mark.parametrize("players", [3, 4])
def test_tro_op2_three_or_four_players_neutral_citizens_come_after(players):
    state = ENGINE.setup(players, {}, 1)
    assert T.citizens_on_board(state, C.NEUTRAL) == 0
    assert len(ENGINE.legal_moves(state, state["current"])) == 18


def test_tro_4_1_only_empty_spaces_of_the_three_buildings():
    state = ENGINE.setup(3, {}, 1)
    moves = ENGINE.legal_moves(state, state["current"])
    assert len(moves) == 18
    assert {m["building"] for m in moves} == set(C.COLOURS)
    state = ENGINE.apply(state, state["current"], moves[0])
    taken = moves[0]
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, state["current"], taken)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, state["current"], {"action": "place", "building": "cathedral"})


def test_placement_timeout_takes_the_emptiest_building():
    state = ENGINE.setup(3, {}, 1)
    seat = state["current"]
    state = ENGINE.apply(state, seat, {"action": "place", "building": "red", "row": 0, "space": 0})
    move = ENGINE.timeout_move(state, state["current"])
    # Red has 5 free spaces, white and yellow 6: white comes first among the emptiest.
    assert move == {"action": "place", "building": "white", "row": 0, "space": 0}
