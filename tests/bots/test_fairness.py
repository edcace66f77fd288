"""Fair by construction (issue 27, point 5): two states that differ only in
what the bot's seat cannot see (other players' cards, the deck's order, the
table's generator) give the same move, at every level, for the same bot seed.

The twin states come from each game's own test helper that redeals a seat's
unseen secrets (`tests/<game>/secrets.py`), not from the bots' sampler. A bot
that peeked at the real state would fail here: `test_a_bot_that_peeks_fails`
proves the pairs differ where it matters."""

from __future__ import annotations

import copy
import random

import pytest

from games.bots import choose_with_budget
from games.bots.lookahead import LookaheadBudget
from games.bots.search import SearchBudget
from tests.bots.cases import CASES, case, reachable

SLUGS = sorted(CASES)

# The three levels' kinds of thinking, at budgets small enough for a test.
SMALL = {
    "easy": LookaheadBudget(samples=2, horizon=4, noise=0.1),
    "medium": SearchBudget(iterations=8, rollout_moves=12),
    "hard": SearchBudget(iterations=24, rollout_moves=12),
}


def decision_pairs(c, *, limit):
    """(state, twin, seat) where `seat` has a real choice, spread over every
    configuration of the game."""
    rng = random.Random(11)
    each = max(2, limit // len(c.configs))
    for config in c.configs:
        found = 0
        for state, _, _ in reachable(c, games=c.games, every=c.stride, configs=[config]):
            seats = [s for s in c.engine.to_act(state) if len(c.engine.legal_moves(state, s)) > 1]
            if not seats:
                continue
            seat = seats[0]
            yield state, c.scramble(state, seat, rng), seat
            found += 1
            if found >= each:
                break


def moves_for(bot, state, seat, budget, seed):
    engine = bot.engine
    view = engine.view(state, seat)
    legal = engine.legal_moves(state, seat)
    return choose_with_budget(bot, view, legal, seat, budget=budget, seed=seed)


@pytest.mark.parametrize("level", sorted(SMALL))
@pytest.mark.parametrize("slug", SLUGS)
def test_states_differing_only_in_unseen_secrets_get_the_same_move(slug, level):
    c = case(slug)
    budget = SMALL[level]
    pairs = 0
    for number, (state, twin, seat) in enumerate(decision_pairs(c, limit=30)):
        assert twin != state
        seed = 1 + number
        assert moves_for(c.bot, state, seat, budget, seed) == moves_for(
            c.bot, twin, seat, budget, seed
        )
        pairs += 1
    assert pairs >= 20


class Peeking:
    """An engine whose 'sample' is the real state: the leak the protocol forbids."""

    def __init__(self, engine, state):
        self._engine, self._state = engine, state

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def sample_state(self, view, seat, rng):
        return self._state


def peeking(bot, state):
    spy = copy.copy(bot)
    spy.engine = Peeking(bot.engine, state)
    return spy


@pytest.mark.parametrize("slug", SLUGS)
def test_a_bot_that_peeks_fails(slug):
    c = case(slug)
    budget = SMALL["hard"]
    differ = 0
    for state, twin, seat in decision_pairs(c, limit=30):
        moves = [moves_for(peeking(c.bot, s), s, seat, budget, seed=1) for s in (state, twin)]
        differ += moves[0] != moves[1]
    assert differ > 0, "the twins must differ in secrets that change a peeking bot's move"
