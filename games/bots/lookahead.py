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

from games.bots.knowledge import Knowledge, dead_end, draw_sample
from games.bots.levels import LookaheadBudget
from games.bots.search import DEAD_END, rollout
from games.engine import Engine, Move, Rng


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
    best, best_score = legal_moves[0], -math.inf
    for move in legal_moves:
        total = 0.0
        for state in samples:
            after = engine.apply(state, seat, move)
            if dead_end(engine, after, seat):
                total += DEAD_END
            else:
                total += rollout(engine, after, seat, knowledge, budget.horizon, rng)
        score = total / len(samples) + budget.noise * gumbel(rng)
        if score > best_score:
            best, best_score = move, score
    return best


def gumbel(rng: Rng) -> float:
    uniform = (rng.next64() + 0.5) / 2.0**64
    return -math.log(-math.log(uniform))
