"""`apply` accepts exactly the moves `legal_moves` lists, each listed once.

`apply` checks a move with `choices.problem` rather than by building the
whole list, so the two are compared on many reachable states against a
catalogue of well-formed and malformed moves."""

from __future__ import annotations

import pytest

from games.coup.rules import ENGINE
from games.coup.rules.cards import ACTIONS, CHARACTERS
from games.coup.rules.choices import problem
from games.engine import IllegalMove
from tests.coup.helpers import act, make_state, reachable_states

MALFORMED = [
    {"action": "coup", "target": True},
    {"action": "steal", "target": 1.0},
    {"action": "coup", "target": "1"},
    {"action": "income", "target": 0},
    {"action": "pass", "extra": 1},
    {"action": "block", "as": "inquisitor"},
    {"action": "reveal", "card": "Duke"},
    {"action": "reveal_all"},
    {"action": 3},
    {},
    [],
    None,
]


def catalogue(players: int) -> list[dict]:
    moves: list[dict] = [{"action": action} for action in ACTIONS]
    moves += [
        {"action": action, "target": target}
        for action in ACTIONS
        for target in range(-1, players + 1)
    ]
    moves += [{"action": "pass"}, {"action": "challenge"}]
    moves += [{"action": "block", "as": card} for card in CHARACTERS]
    moves += [
        {"action": kind, "card": card}
        for kind in ("reveal", "lose", "return")
        for card in CHARACTERS
    ]
    return moves


def test_problem_is_none_exactly_for_listed_moves():
    checked = 0
    for state in reachable_states(games=6, every=2):
        players = state["num_players"]
        moves = catalogue(players)
        for seat in range(players):
            legal = ENGINE.legal_moves(state, seat)
            assert all(move in moves for move in legal), "the catalogue covers every move"
            assert len(legal) == len({repr(move) for move in legal}), "each move listed once"
            for move in moves:
                refusal = problem(state, seat, move)
                assert (refusal is None) == (move in legal), (state["phase"], seat, move)
                assert refusal is None or refusal.strip()
            for move in MALFORMED:
                assert problem(state, seat, move)
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("move", MALFORMED)
def test_malformed_moves_never_apply(move):
    state = make_state([["duke", "captain"], ["assassin", "contessa"]], coins=[7, 2])
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, move)


def test_a_float_or_bool_target_is_not_a_seat():
    state = make_state([["duke", "captain"], ["assassin", "contessa"]], coins=[7, 2])
    with pytest.raises(IllegalMove, match="Choose a player"):
        ENGINE.apply(state, 0, {"action": "coup", "target": 1.0})
    assert act(state, 0, "coup", target=1)["phase"] == "lose_influence"
