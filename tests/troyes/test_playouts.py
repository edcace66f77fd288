"""Seeded random playouts to the end for 2, 3 and 4 players, with the
invariants of section 23 checked after every move: dice per colour, each
player's citizens (TRO-OP1: at most 12) and the neutral ones, influence
within 0..20 (TRO-1.5), deniers and victory points never negative (TRO-OP5),
Cathedral columns of at most 3 levels (TRO-2.2, TRO-OP20), markers never
negative. play_random also checks that every listed move is accepted, that
apply never changes its input and that the timeout move is legal."""

from __future__ import annotations

import pytest

from games.engine import State
from games.troyes.rules import ENGINE
from games.troyes.rules import cards as C
from games.troyes.rules import table as T
from tests.support.playout import play_random

from .helpers import citizens_accounted

GAMES = 200
CHUNK = 50


def check(state: State) -> None:
    n = state["players"]
    for colour in C.COLOURS:
        assert sum(1 for d in state["dice"] if d["colour"] == colour) <= 6
        assert len(state["buildings"][colour]) == len(C.BUILDINGS[colour])
    spaces = sum(len(row) for rows in state["buildings"].values() for row in rows)
    assert spaces == 18
    for seat in range(n):
        assert 0 <= state["ip"][seat] <= 20
        assert state["deniers"][seat] >= 0
        assert state["vp"][seat] >= 0
        assert state["supply"][seat] >= 0
        assert state["owned"][seat] <= 12
        assert citizens_accounted(state, seat) == state["owned"][seat]
        assert all(seats.count(seat) <= 1 for seats in state["supervisors"].values())
    greys = T.citizens_on_board(state, C.NEUTRAL)
    assert greys + state["grey_box"] == 8
    assert all(len(col) <= 3 for col in state["cathedral"])
    assert all(count >= 0 for counts in state["markers"].values() for count in counts)
    ids = [d["id"] for d in state["dice"]]
    assert len(ids) == len(set(ids))
    for entry in state["events"]:
        assert len(entry["marks"]) < C.EVENT_CARDS[entry["id"]].flags


@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 5), (4, 6)])
@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_games_reach_the_end(players: int, rounds: int, chunk: int) -> None:
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        state, outcome, _ = play_random(ENGINE, players, {}, seed, check=check)
        assert state["round"] == rounds  # TRO-1.2
        assert len(outcome.ranks) == players and min(outcome.ranks) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_apply_never_changes_its_input(players):
    """Every move of a few games, not only one in 97."""
    for seed in range(2):
        play_random(ENGINE, players, {}, 1000 + seed, check=check, verify_purity_every=1)


def test_the_same_seed_and_moves_give_the_same_states():
    a = play_random(ENGINE, 3, {}, 77)
    b = play_random(ENGINE, 3, {}, 77)
    assert a[0] == b[0] and a[2] == b[2]
