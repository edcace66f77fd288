"""`Engine.apply_listed`, the searches' shortcut: for every move that
`legal_moves` lists it gives exactly what `apply` gives, and leaves its input
alone, in every game."""

from __future__ import annotations

import copy

import pytest

from tests.bots.cases import CASES, case, reachable


@pytest.mark.parametrize("slug", sorted(CASES))
def test_apply_listed_is_apply_for_every_listed_move(slug):
    c = case(slug)
    engine = c.engine
    checked = 0
    for state, _, _ in reachable(c, games=1, every=c.stride):
        for seat in engine.to_act(state):
            for move in engine.legal_moves(state, seat):
                before = copy.deepcopy(state)
                assert engine.apply_listed(state, seat, move) == engine.apply(state, seat, move)
                assert state == before
                checked += 1
    assert checked > 300
