"""The three levels' budgets, per game.

Budgets are counts (iterations, samples, moves), never times, so a move
depends only on the bot's inputs and seed. They are sized so that a hard
bot's thinking costs at most about a second of CPU for a typical move on a
small shared machine (`bench/bots.py` measures it); `SECONDS` is the
wall-clock cap the caller gives a move, a guard against a loaded machine,
not a budget.
"""

from __future__ import annotations

from games.bots.lookahead import LookaheadBudget
from games.bots.search import SearchBudget

LEVELS = ("easy", "medium", "hard")

SECONDS = {"easy": 2.0, "medium": 3.0, "hard": 5.0}

Budget = SearchBudget | LookaheadBudget

BUDGETS: dict[str, dict[str, Budget]] = {
    "coup": {
        "easy": LookaheadBudget(samples=3, horizon=6, noise=0.15),
        "medium": SearchBudget(iterations=100, rollout_moves=None),
        "hard": SearchBudget(iterations=2000, rollout_moves=20),
    },
    "koryo": {
        "easy": LookaheadBudget(samples=3, horizon=6, noise=0.15),
        "medium": SearchBudget(iterations=60, rollout_moves=40),
        "hard": SearchBudget(iterations=600, rollout_moves=40),
    },
    "seasons": {
        "easy": LookaheadBudget(samples=2, horizon=8, noise=0.1),
        "medium": SearchBudget(iterations=25, rollout_moves=20),
        "hard": SearchBudget(iterations=200, rollout_moves=20),
    },
    "troyes": {
        "easy": LookaheadBudget(samples=2, horizon=8, noise=0.1),
        "medium": SearchBudget(iterations=25, rollout_moves=20),
        "hard": SearchBudget(iterations=200, rollout_moves=20),
    },
}


def budget_for(slug: str, level: str) -> Budget:
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r}: choose one of {', '.join(LEVELS)}.")
    try:
        return BUDGETS[slug][level]
    except KeyError:
        raise LookupError(f"No bot plays {slug!r} yet.") from None
