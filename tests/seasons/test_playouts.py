"""Seeded random playouts to the end at every level and player count, with
the invariants of SEA §15 checked after every move: the deck conserved, no
reserve over its limit once a move is complete (SEA-6.3), a summon only
within the gauge (SEA-7.1), bonuses at most 3 (SEA-8.1), a card tapped until
the round ends (SEA-7.5), the end after year 3 (SEA-9.4). `play_random`
itself checks that every listed move is accepted, that `apply` leaves its
input alone and that the timeout move is legal.

The suite plays SEASONS_PLAYOUTS games (default 8) per level and player
count, to stay quick; the spec's 200 per level and player count run with
`SEASONS_PLAYOUTS=200 .venv/bin/pytest -n 2 tests/seasons/test_playouts.py`.
"""

from __future__ import annotations

import json
import os

import pytest

from games.engine import State
from games.seasons.rules import ENGINE
from games.seasons.rules.data import GAUGE_MAX, MAX_BONUSES
from tests.support.playout import play_random

from .helpers import everything

GAMES = int(os.environ.get("SEASONS_PLAYOUTS", "8"))
LEVELS = ["apprentice", "wizard", "archmage"]


class Invariants:
    def __init__(self, level: str) -> None:
        top = 50 if level == "archmage" else 30
        self.deck = list(range(2 * top))
        self.previous: State | None = None
        self.rounds = 0

    def __call__(self, state: State) -> None:
        assert everything(state) == self.deck, "a card appeared or vanished"
        head = state["queue"][0] if state["queue"] else None
        for seat, p in enumerate(state["p"]):
            grimoire = any(c["id"] // 2 + 1 == 18 for c in p["play"])
            if sum(p["energy"]) > (10 if grimoire else 7):  # SEA-1.6, SEA-11.18
                assert head == {"k": "overflow", "seat": seat}, "reserve over its limit"
            assert min(p["energy"]) >= 0 and p["crystals"] >= 0
            assert 0 <= p["gauge"] <= GAUGE_MAX and p["bonuses"] <= MAX_BONUSES
        assert 1 <= state["year"] <= 3 and 1 <= state["month"] <= 12
        before = self.previous
        if before is not None and before["phase"] == "duel":
            self._compare(before, state)
        if state["phase"] == "over":
            assert state["year"] == 3 and state["queue"] == []
        self.previous = state

    def _compare(self, before: State, after: State) -> None:
        same_round = before["round"] == after["round"]
        self.rounds += not same_round
        for seat in range(after["players"]):
            was = {c["id"]: c for c in before["p"][seat]["play"]}
            now = after["p"][seat]["play"]
            new = [c for c in now if c["id"] not in was]
            passed_on = [c for c in new if c["id"] // 2 + 1 == 50]  # Damned Soul of Onys
            if len(new) > len(passed_on):
                gauge = max(before["p"][seat]["gauge"], after["p"][seat]["gauge"])
                assert len(now) <= gauge, "a card summoned beyond the gauge"
            if same_round:
                for c in now:
                    if c["id"] in was and was[c["id"]]["tapped"]:
                        assert c["tapped"], "a card activated twice in a round"


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_every_invariant_kept(level, players):
    for seed in range(GAMES):
        check = Invariants(level)
        _state, outcome, _ = play_random(
            ENGINE,
            players,
            {"level": level},
            seed * 10 + players,
            check=check,
            verify_purity_every=31,
        )
        assert check.rounds >= 6  # at most 3 months a round: at least 12 rounds
        assert sorted(outcome.ranks)[0] == 1
        assert outcome.scores == [row["total"] for row in outcome.details["score_sheet"]]
        json.dumps(outcome.as_dict())
