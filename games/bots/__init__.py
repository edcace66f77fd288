"""Bots: fair opponents at three levels for every game, over the engine protocol.

The platform calls one function:

    choose_move(bot, view, legal_moves, seat, *, level, seed, deadline=None) -> Move

`bot` is the game's bot knowledge, as its entry registers it
(`registry.get(slug).bot`, defined in `games/<game>/bot.py`). `view` is
`engine.view(state, seat)` and `legal_moves` is
`engine.legal_moves(state, seat)`; with the bot's own `seed` they are all it
uses, so a bot cannot see what its seat cannot (the hidden part of the game is
drawn by `Engine.sample_state` with the bot's generator). It returns one of
`legal_moves` itself. The same inputs and seed give the same move. `deadline`
(a `time.monotonic()` value, or None) only cuts a search short on a machine
too loaded to finish it in time: pass `time.monotonic() +
budget_seconds(level)`.

Levels (`LEVELS`): "hard" searches (`search`, information-set Monte Carlo
tree search), "medium" searches less, "easy" looks one move ahead with noise
(`lookahead`). Each game adds what the protocol cannot know (`knowledge`:
each level's budget, judging a position, a quick player for rollouts), in
its own `bot.py`; this package holds only what every game shares.

Pure Python, like the engines: no Django, no I/O; the clock is read only for
the deadline.
"""

from __future__ import annotations

from typing import Any

from games.bots.knowledge import Knowledge, first_moves
from games.bots.levels import LEVELS, SECONDS, Budget, check_level
from games.bots.lookahead import LookaheadBudget, one_move_ahead
from games.bots.search import tree_search
from games.engine import Move, Rng

__all__ = ["LEVELS", "Knowledge", "budget_seconds", "choose_move", "choose_with_budget"]


def budget_seconds(level: str) -> float:
    """The wall-clock cap for one move at `level`, for the caller's deadline
    and task time limit. Typical moves take far less (see bench/bots.py)."""
    check_level(level)
    return SECONDS[level]


def choose_move(
    bot: Knowledge,
    view: dict[str, Any],
    legal_moves: list[Move],
    seat: int,
    *,
    level: str,
    seed: int,
    deadline: float | None = None,
) -> Move:
    """The move the bot at `level` plays for `seat`, one of `legal_moves`."""
    check_level(level)
    return choose_with_budget(
        bot, view, legal_moves, seat, budget=bot.budgets[level], seed=seed, deadline=deadline
    )


def choose_with_budget(
    bot: Knowledge,
    view: dict[str, Any],
    legal_moves: list[Move],
    seat: int,
    *,
    budget: Budget,
    seed: int,
    deadline: float | None = None,
) -> Move:
    """`choose_move` with an explicit budget instead of a level's (tests and
    benchmarks use small ones)."""
    if not legal_moves:
        raise ValueError("A bot was asked to move with no legal move.")
    if len(legal_moves) == 1:
        return legal_moves[0]
    engine = bot.engine
    rng = Rng.from_seed(seed)
    # A bot's turn goes forward (`Engine.forward_moves`): which moves do is
    # read on a state the view allows, drawn from a copy of the generator so
    # the search's own draws are the same either way.
    probe = engine.sample_state(view, seat, Rng(rng.state))
    legal_moves = first_moves(engine, probe, seat, legal_moves)
    if len(legal_moves) == 1:
        return legal_moves[0]
    if isinstance(budget, LookaheadBudget):
        return one_move_ahead(
            engine, view, legal_moves, seat, knowledge=bot, budget=budget, rng=rng
        )
    return tree_search(
        engine,
        view,
        legal_moves,
        seat,
        knowledge=bot,
        budget=budget,
        rng=rng,
        deadline=deadline,
    )
