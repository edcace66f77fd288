"""`Engine.apply_listed` and `Engine.apply_in_place`, the searches' shortcuts:
for every move that `legal_moves` lists they give exactly what `apply`
gives; the first leaves its input alone, the second may change only the
state it is given, never the move, in every game."""

from __future__ import annotations

import copy

import pytest

from tests.bots.cases import CASES, case, reachable


def listed_moves(c):
    """(state, seat, index, move) for every move listed in sampled states of
    one game, and at least 300 of them."""
    engine = c.engine
    checked = 0
    for state, _, _ in reachable(c, games=1, every=c.stride):
        for seat in engine.to_act(state):
            for index, move in enumerate(engine.legal_moves(state, seat)):
                yield state, seat, index, move
                checked += 1
    assert checked > 300


@pytest.mark.parametrize("slug", sorted(CASES))
def test_apply_listed_is_apply_for_every_listed_move(slug):
    c = case(slug)
    for state, seat, _, move in listed_moves(c):
        before = copy.deepcopy(state)
        assert c.engine.apply_listed(state, seat, move) == c.engine.apply(state, seat, move)
        assert state == before


@pytest.mark.parametrize("slug", sorted(CASES))
def test_apply_in_place_is_apply_for_every_listed_move(slug):
    c = case(slug)
    for state, seat, index, move in listed_moves(c):
        # The move is listed from the state it changes, as in a search, so a
        # move holding a part of the state would be caught.
        own = copy.deepcopy(state)
        listed = c.engine.legal_moves(own, seat)[index]
        assert c.engine.apply_in_place(own, seat, listed) == c.engine.apply(state, seat, move)
        assert listed == move
