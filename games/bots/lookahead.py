"""The easy bot: one move ahead, judged by the evaluation, with noise.

Each legal move is tried on a few states sampled from the bot's view; after
it, the game runs on for a short horizon of quick moves (long enough for the
answers a move provokes, such as a challenge window, to settle), and the
game's evaluation judges the result. The scores, averaged over the samples,
get Gumbel noise before the best is played: a fair, beatable opponent that
still takes the obvious gains.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from games.bots.knowledge import Knowledge, draw_sample, going_on
from games.bots.search import rollout
from games.engine import Engine, Move, Rng


@dataclass(frozen=True)
class LookaheadBudget:
    samples: int
    horizon: int
    # The spread of the noise, in units of the chance of winning.
    noise: float


def one_move_ahead(
    engine: Engine,
    view: dict,
    legal_moves: list[Move],
    seat: int,
    *,
    knowledge: Knowledge,
    budget: LookaheadBudget,
    rng: Rng,
) -> Move:
    samples = [draw_sample(engine, view, seat, knowledge, rng) for _ in range(budget.samples)]
    # Every sample shows the same public choices, so any one tells which
    # moves would take them back.
    moves = going_on(engine, samples[0], seat, legal_moves)
    best, best_score = moves[0], -math.inf
    for move in moves:
        total = 0.0
        for state in samples:
            after = engine.apply(state, seat, move)
            total += rollout(engine, after, seat, knowledge, budget.horizon, rng)
        score = total / len(samples) + budget.noise * gumbel(rng)
        if score > best_score:
            best, best_score = move, score
    return best


def gumbel(rng: Rng) -> float:
    uniform = (rng.next64() + 0.5) / 2.0**64
    return -math.log(-math.log(uniform))
