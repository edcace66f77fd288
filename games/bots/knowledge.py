"""What a bot knows of one game beyond the engine protocol: its engine, each
level's budget, how to judge a position, and how a seat plays quickly when
the search only needs a sketch of what it would do.

Each game defines one `Knowledge` in `games/<game>/bot.py` and registers it
on its entry (`GameEntry.bot`); the search and the levels are handed it and
use nothing else of the game.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from games.bots.levels import Budget
from games.engine import Engine, Move, Rng, State


class Knowledge:
    """The default quick player is uniformly random, or weighted by the
    game's `taste` for each kind of move; each game supplies its `engine`,
    its `budgets` and `scores`."""

    engine: Engine
    # Each level's budget (`levels.LEVELS`): counts, never times.
    budgets: Mapping[str, Budget]
    # A score lead worth odds of e to 1 in `win_chances`.
    scale = 1.0
    # A weight per move's action for the quick player (1 for those unlisted);
    # None: every move alike.
    taste: Mapping[str, float] | None = None

    @property
    def slug(self) -> str:
        return self.engine.slug

    def scores(self, state: State) -> Sequence[float | None]:
        """A number per seat, larger for the seat better placed to win; None
        for a seat that can no longer win. Reads the whole (sampled) state."""
        raise NotImplementedError

    def policy(self, engine: Engine, state: State, seat: int, moves: list[Move], rng: Rng) -> Move:
        """A quick choice among `moves` for `seat`. It may read only what that
        seat could see, so the players the search imagines do not play as if
        they saw the others' cards."""
        if self.taste is None:
            return moves[rng.below(len(moves))]
        if len(moves) == 1:
            return moves[0]
        return weighted_choice(moves, [self.taste.get(m["action"], 1.0) for m in moves], rng)

    def likelihood(self, view: dict, seat: int, state: State) -> float:
        """How likely what the view shows is, were the sampled secrets true,
        relative to the likeliest case (0 to 1). The sampler draws secrets
        as if every arrangement were equally likely; this weighs in what
        players' own choices tell (someone claiming a card more likely holds
        it). The default: nothing to weigh."""
        return 1.0

    def tells(self, state: State, seat: int, move: Move) -> list[str]:
        """What `move` shows of `seat`'s play against the real state, for the
        benchmark's counts (a bluff, a challenge won...): none by default."""
        return []

    def win_chances(self, state: State) -> list[float]:
        """Each seat's chance of winning from here, as the scores suggest:
        a softmax of the scores over the seats still in the game."""
        scores = self.scores(state)
        alive = [s for s in scores if s is not None]
        if not alive:
            return [0.0] * len(scores)
        top = max(alive)
        weights = [0.0 if s is None else math.exp((s - top) / self.scale) for s in scores]
        total = sum(weights)
        return [w / total for w in weights]


def dead_end(engine: Engine, state: State, seat: int) -> bool:
    """Whether `seat` is to move in `state` with nothing but take-backs: an
    action begun that cannot be finished."""
    return not can_finish(engine, state, seat, depth=0)


# How many moves ahead `first_moves` looks for the end of an action begun.
FINISH_DEPTH = 3


def can_finish(engine: Engine, state: State, seat: int, depth: int = FINISH_DEPTH) -> bool:
    """Whether `seat` can carry what it has begun (an action being built, a
    bonus it could take back) through to a position with nothing to take
    back, going forward only; past `depth` moves it is assumed so."""
    if engine.outcome(state) is not None or seat not in engine.to_act(state):
        return True
    legal = engine.legal_moves(state, seat)
    forward = engine.forward_moves(state, seat, legal)
    if len(forward) == len(legal):
        return True
    if not forward:
        return False
    if depth == 0:
        return True
    return any(
        can_finish(engine, engine.apply_listed(state, seat, m), seat, depth - 1) for m in forward
    )


def first_moves(engine: Engine, state: State, seat: int, legal: list[Move]) -> list[Move]:
    """The moves a bot weighs now, in `state` (or any state its view allows):
    those going forward after which it can finish what it begins. If there
    are none, every legal move, take-backs too: a bot that finds itself in
    an action it cannot finish gets out of it."""
    forward = engine.forward_moves(state, seat, legal)
    alive = [m for m in forward if can_finish(engine, engine.apply_listed(state, seat, m), seat)]
    return alive or legal


def weighted_choice(moves: list[Move], weights: Sequence[float], rng: Rng) -> Move:
    """One of `moves`, each with chance proportional to its weight."""
    point = (rng.next64() / 2.0**64) * sum(weights)
    for move, weight in zip(moves, weights, strict=True):
        point -= weight
        if point < 0:
            return move
    return moves[-1]


# Samples tried for one accepted, before the last is taken whatever its weight.
SAMPLE_TRIES = 20


def draw_sample(engine: Engine, view: dict, seat: int, knowledge: Knowledge, rng: Rng) -> State:
    """A state sampled from the view, kept with its `likelihood` (rejection
    sampling), so the bot believes what it sees in proportion to its odds."""
    for _ in range(SAMPLE_TRIES):
        state = engine.sample_state(view, seat, rng)
        weight = knowledge.likelihood(view, seat, state)
        if weight >= 1.0 or rng.next64() < weight * 2.0**64:
            return state
    return state


def result_value(ranks: Sequence[int], seat: int) -> float:
    """A finished game's worth to `seat`: a win is 1, a shared win is split
    among the winners, anything else is 0."""
    winners = sum(1 for rank in ranks if rank == 1)
    return 1.0 / winners if ranks[seat] == 1 else 0.0
