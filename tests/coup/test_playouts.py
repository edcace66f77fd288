"""Seeded random playouts with the section 13 invariants checked after every
move: 15 cards, coins conserved and never negative, forced Coup at 10+, no
eliminated player asked to act, every round ending with one player left."""

from __future__ import annotations

import pytest

from games.coup.rules import ENGINE
from tests.coup.helpers import check_invariants
from tests.support.playout import play_random

GAMES = 300

CONFIGS = [
    *[(players, {}) for players in range(2, 7)],
    *[(players, {"factions": True}) for players in range(3, 7)],
    *[(players, {"rounds_to_win": 3}) for players in range(2, 7)],
    *[(players, {"factions": True, "rounds_to_win": 3}) for players in range(3, 7)],
]


@pytest.mark.parametrize(
    ("players", "options"),
    CONFIGS,
    ids=[
        f"{players}p-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'base'}"
        for players, opts in CONFIGS
    ],
)
def test_random_playouts_keep_the_invariants(players, options):
    rounds_to_win = options.get("rounds_to_win", 1)
    for seed in range(GAMES):
        _, outcome, _ = play_random(ENGINE, players, options, seed, check=check_invariants)
        assert max(outcome.scores) == rounds_to_win
        assert outcome.ranks.count(1) == 1
        assert outcome.scores[outcome.winners[0]] == rounds_to_win
        assert len(outcome.details["round_winners"]) == sum(outcome.scores)


def test_two_player_published_coins_play_out():
    for seed in range(50):
        play_random(ENGINE, 2, {"two_player_coins": "first_one"}, seed, check=check_invariants)


def test_apply_never_changes_its_input_in_any_phase():
    for seed in range(12):
        play_random(ENGINE, 3 + seed % 4, {"factions": seed % 2 == 1}, seed, verify_purity_every=1)
