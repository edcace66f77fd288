"""Seeded random playouts to the end, with the invariants of section 12 checked
after every move: 55 cards and 8 tokens accounted for, no hand outside the
orders phase, tableau limits at every end of round (KOR-8.2, KOR-OP16),
events leaving a tableau only through the Priest (KOR-7.6)."""

from __future__ import annotations

import json

import pytest

from games.engine import State
from games.koryo.rules import ENGINE
from games.koryo.rules.cards import CARD_KINDS, EVENTS
from tests.support.playout import play_random

from .helpers import everything

GAMES = 300
CHUNK = 50


# KOR-OP1's table: the most cards a player may keep in front at the end of each round.
LIMIT_AT_END_OF_ROUND = {1: 3, 2: 4, 3: 5, 4: 6, 5: 7, 6: 8, 7: 9, 8: 10}
SENATORS, OMNISCIENT = 3, 1  # families by their number (KOR-1.1)


def _senator_majority(tableaux: list[list[int]]) -> int | None:
    """KOR-2.1: strictly more Senators than every other player; KOR-2.3: a tie
    goes to the tied player who owns the Omniscient; no majority without a card."""
    counts = [sum(CARD_KINDS[card] == SENATORS for card in t) for t in tableaux]
    best = max(counts)
    tied = [seat for seat, count in enumerate(counts) if count == best]
    if best == 0:
        return None
    if len(tied) == 1:
        return tied[0]
    omniscient = [s for s in tied if any(CARD_KINDS[c] == OMNISCIENT for c in tableaux[s])]
    return omniscient[0] if omniscient else None


def _events(tableau: list[int]) -> set[int]:
    return {card for card in tableau if CARD_KINDS[card] in EVENTS}


class Invariants:
    """Checks one game, state after state."""

    def __init__(self) -> None:
        self.previous: State | None = None
        self.rounds_checked = 0

    def __call__(self, state: State) -> None:
        assert everything(state) == list(range(55))
        assert state["bank"] + sum(state["tokens"]) == 8
        assert min(state["tokens"]) >= 0 and state["bank"] >= 0
        # Tableaux stay sorted: majorities are counted by bisection.
        assert all(tableau == sorted(tableau) for tableau in state["tableaux"])
        if state["phase"] != "orders":
            assert not any(state["hands"]), "a hand outside phases 1-2"
        previous = self.previous
        if previous is not None:
            self._check_events(previous, state)
            if state["round"] != previous["round"] or (
                state["phase"] == "over" and previous["phase"] != "over"
            ):
                self._check_limits(state, previous["round"])
        self.previous = state

    def _check_events(self, before: State, after: State) -> None:
        for seat in range(after["players"]):
            lost = _events(before["tableaux"][seat]) - _events(after["tableaux"][seat])
            gained = _events(after["tableaux"][seat]) - _events(before["tableaux"][seat])
            if lost:
                assert len(lost) == 1, "only the Priest removes an event, one at a time"
                assert any("(Priest majority)" in ln["text"] for ln in after["log"])
            # Events only come from the player's own face-down orders.
            assert gained <= set(before["orders"][seat])

    def _check_limits(self, state: State, round_no: int) -> None:
        self.rounds_checked += 1
        senators = _senator_majority(state["tableaux"])
        for seat, tableau in enumerate(state["tableaux"]):
            limit = LIMIT_AT_END_OF_ROUND[round_no]
            if senators == seat:
                limit += 2  # KOR-8.3
            characters = [c for c in tableau if CARD_KINDS[c] not in EVENTS]
            assert len(tableau) <= limit or not characters, (seat, tableau, limit)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("start", range(0, GAMES, CHUNK))
def test_random_games_end_with_every_invariant_kept(players, start):
    for seed in range(start, start + CHUNK):
        check = Invariants()
        state, outcome, _moves = play_random(ENGINE, players, {}, seed * 10 + players, check=check)
        assert check.rounds_checked == 8
        assert state["round"] == 8 and state["phase"] == "over"
        assert sorted(outcome.ranks)[0] == 1
        assert outcome.scores == [row["total"] for row in outcome.details["score_sheet"]]
        json.dumps(outcome.as_dict())


def test_the_same_seed_and_moves_give_the_same_game():
    first = play_random(ENGINE, 3, {}, 99)
    second = play_random(ENGINE, 3, {}, 99)
    assert first[0] == second[0]
    assert first[2] == second[2]
