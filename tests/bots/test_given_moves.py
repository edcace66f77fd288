"""Bots return one of the moves they were given (issue 40, item 2): for every
game and level, `choose_move` at the level's own budget answers with one of
the very legal-move records it was handed, never a move it built itself, at
positions met in seeded random games of the game's configurations."""

from __future__ import annotations

import pytest

from games.bots import LEVELS, choose_move
from tests.bots.cases import CASES, case, reachable

# The hard bot thinks up to a second a move: fewer positions for it.
POSITIONS = {"easy": 12, "medium": 12, "hard": 4}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("slug", sorted(CASES))
def test_the_bots_move_is_one_of_the_records_it_was_given(slug, level):
    c = case(slug)
    engine = c.engine
    wanted = POSITIONS[level]
    asked = 0
    states = reachable(c, games=c.games, every=2 * c.stride)
    for number, (state, _, _) in enumerate(states):
        seats = [s for s in engine.to_act(state) if len(engine.legal_moves(state, s)) > 1]
        if not seats:
            continue
        seat = seats[number % len(seats)]
        legal = engine.legal_moves(state, seat)
        view = engine.view(state, seat)
        move = choose_move(c.bot, view, legal, seat, level=level, seed=number)
        assert any(move is given for given in legal), (move, legal)
        asked += 1
        if asked == wanted:
            break
    assert asked == wanted, "the random games meet enough positions with a choice"
