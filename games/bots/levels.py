"""The three levels, their kinds of budget and their wall-clock caps.

Each game's bot (`games/<game>/bot.py`) gives every level a budget sized for
that game. Budgets are counts (iterations, samples, moves), never times, so a
move depends only on the bot's inputs and seed. They are sized so that a hard
bot's thinking costs at most about a second of CPU for a typical move on a
small shared machine (`bench/bots.py` measures it); `SECONDS` is the
wall-clock cap the caller gives a move, a guard against a loaded machine,
not a budget.
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("easy", "medium", "hard")

SECONDS = {"easy": 2.0, "medium": 3.0, "hard": 5.0}


@dataclass(frozen=True)
class SearchBudget:
    """The medium and hard bots' tree search (`search`)."""

    iterations: int
    # Quick moves after the tree before the evaluation judges the position
    # (None: play to the end).
    rollout_moves: int | None
    exploration: float = 0.7


@dataclass(frozen=True)
class LookaheadBudget:
    """The easy bot's look one move ahead (`lookahead`)."""

    samples: int
    horizon: int
    # The spread of the noise, in units of the chance of winning.
    noise: float


Budget = SearchBudget | LookaheadBudget


def check_level(level: str) -> None:
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r}: choose one of {', '.join(LEVELS)}.")
