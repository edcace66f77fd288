"""Whole games between players of any kind (bot levels, or "random"), for the
tests and `bench/bots.py`: every seat moves through `choose_move` with its
own view and legal moves, exactly as the platform calls it."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.bots import Knowledge, choose_move, choose_with_budget
from games.bots.levels import Budget
from games.engine import Outcome, Rng

RANDOM = "random"

# A seat is played by a level's name, by "random" (a uniformly random legal
# move) or by an explicit budget.
Player = str | Budget


@dataclass
class Game:
    outcome: Outcome
    moves: int
    # CPU seconds per decision (two legal moves or more), by player kind.
    cpu: dict[str, list[float]] = field(default_factory=dict)


def move_seed(seed: int, seat: int, number: int) -> int:
    """A bot's seed for one decision: its own, never the table's generator."""
    return (seed * 1_000_003 + seat * 7_919 + number) & ((1 << 63) - 1)


def play_game(
    bot: Knowledge,
    players: Sequence[Player],
    options: Mapping[str, Any],
    seed: int,
    *,
    max_moves: int = 20_000,
    on_move: Callable[[dict, int, dict], None] | None = None,
) -> Game:
    """Play one game of `bot`'s game to its end, seat i played by `players[i]`."""
    engine = bot.engine
    state = engine.setup(len(players), options, seed)
    order = Rng.from_seed(f"order {seed}")
    game = Game(outcome=None, moves=0)  # type: ignore[arg-type]
    for number in range(max_moves):
        outcome = engine.outcome(state)
        if outcome is not None:
            game.outcome, game.moves = outcome, number
            return game
        acting = engine.to_act(state)
        seat = acting[order.below(len(acting))]
        legal = engine.legal_moves(state, seat)
        player = players[seat]
        bot_seed = move_seed(seed, seat, number)
        if player == RANDOM:
            move = legal[Rng.from_seed(bot_seed).below(len(legal))]
        else:
            view = engine.view(state, seat)
            start = time.process_time()
            if isinstance(player, str):
                move = choose_move(bot, view, legal, seat, level=player, seed=bot_seed)
            else:
                move = choose_with_budget(bot, view, legal, seat, budget=player, seed=bot_seed)
            if len(legal) > 1:
                label = player if isinstance(player, str) else repr(player)
                game.cpu.setdefault(label, []).append(time.process_time() - start)
        if on_move is not None:
            on_move(state, seat, move)
        state = engine.apply(state, seat, move)
    raise RuntimeError(f"No result after {max_moves} moves (seed {seed}).")
