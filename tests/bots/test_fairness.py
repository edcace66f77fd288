"""Fair by construction (issue 27, point 5; issue 40, item 8): two states that
differ only in what a seat cannot see (other players' cards, the deck's
order, the table's generator) give that seat the same move, at every level,
for the same bot seed.

Each decision is asked as the platform asks it (`autoplay.play`):
`choose_move` with the game's registered bot, the level's real budget and a
deadline at the level's wall-clock cap, for every seat the state asks to act.
The real state and each of its twins are asked in separate, fresh
interpreters (`tests.bots.decide`), so a bot that kept anything between
calls (the real state it once saw, remembered by its view) has nothing to
answer a twin from, and a bot that behaved only under small budgets is
asked at its real ones.

The twins come from each game's own test helper that redeals a seat's unseen
secrets (`tests/<game>/secrets.py`), not from the bots' sampler, and the
positions are ones where those secrets matter: a bot handed the real state
(`Peeking`) plays differently in a state and its twin there. The test first
checks that the twins show the seat the same view and the same legal moves,
then that the seat's moves are the same.

Budgets are counts, so the same inputs and seed give the same move; the
deadline only cuts a search on a machine too loaded to finish it within the
level's cap. A search that returned before its deadline ran its whole
budget, so a decision is compared only when neither process neared the
deadline; one that did is asked again in fresh processes, once.
"""

from __future__ import annotations

import copy
import importlib
import json
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from autoplay.play import bot_seed
from games import registry
from games.bots import LEVELS
from games.bots.levels import SearchBudget
from games.bots.search import tree_search
from games.engine import Rng
from tests.bots.cases import CASES, case, reachable

SLUGS = sorted(CASES)
ROOT = Path(__file__).resolve().parents[2]

# Positions per game: real budgets cost up to a second of CPU a decision.
POSITIONS = 3
# The hard bot's kind of search, small enough to find the positions with.
PROBE = SearchBudget(iterations=24, rollout_moves=12)


class Peeking:
    """An engine whose 'sample' is the real state: the leak the protocol forbids."""

    def __init__(self, engine, state):
        self._engine, self._state = engine, state

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def sample_state(self, view, seat, rng):
        return copy.deepcopy(self._state)


def peeking_move(bot, state, seat):
    """The hard bot's search, handed the real state. Called on the search
    itself rather than through `choose_move`, so that whatever a bot keeps in
    this process does not change which positions are tested."""
    engine = bot.engine
    view, legal = engine.view(state, seat), engine.legal_moves(state, seat)
    spy = Peeking(engine, state)
    return tree_search(spy, view, legal, seat, knowledge=bot, budget=PROBE, rng=Rng.from_seed(1))


def choosing(engine, state):
    """The seats `state` asks to act that have a real choice."""
    return [s for s in engine.to_act(state) if len(engine.legal_moves(state, s)) > 1]


def positions(c, wanted=POSITIONS):
    """(state, {seat: twin}) for every seat to act with a choice, one from
    each of the game's first configurations where a peeking bot's move
    changes with the secrets its twin redeals."""
    rng = random.Random(11)
    found = []
    for config in c.configs:
        for state, _, _ in reachable(c, games=c.games, every=c.stride, configs=[config]):
            seats = choosing(c.engine, state)
            if not seats:
                continue
            twins = {seat: c.scramble(state, seat, rng) for seat in seats}
            first = seats[0]
            if peeking_move(c.bot, state, first) != peeking_move(c.bot, twins[first], first):
                found.append((state, twins))
                break
        if len(found) == wanted:
            break
    return found


def ask(slug, state, asks):
    """The answers of a fresh interpreter to the seats' asks on `state`."""
    question = json.dumps({"game": slug, "state": state, "asks": asks})
    done = subprocess.run(
        [sys.executable, "-m", "tests.bots.decide"],
        cwd=ROOT,
        input=question,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def asks_for(number, seats):
    return [
        {"seat": seat, "level": level, "seed": bot_seed(number, 0, seat)}
        for seat in seats
        for level in LEVELS
    ]


def answers_of(slug, number, state, twins, pool):
    """The real state's answers (one process, every seat) and each twin's
    (one process each, its own seat), keyed by (seat, level)."""
    jobs = {None: pool.submit(ask, slug, state, asks_for(number, list(twins)))}
    for seat, twin in twins.items():
        jobs[seat] = pool.submit(ask, slug, twin, asks_for(number, [seat]))
    real = {(a["seat"], a["level"]): a for a in jobs[None].result()}
    twin = {(a["seat"], a["level"]): a for seat in twins for a in jobs[seat].result()}
    return real, twin


@pytest.mark.parametrize("slug", SLUGS)
def test_states_differing_only_in_unseen_secrets_get_the_same_move(slug):
    c = case(slug)
    bot = importlib.import_module(f"games.{slug}.bot").KNOWLEDGE
    assert registry.get(slug).bot is bot, "the fresh interpreters ask the registered bot"
    found = positions(c)
    assert len(found) == POSITIONS, "the random games meet positions where secrets matter"
    compared = set()
    with ThreadPoolExecutor(max_workers=2) as pool:
        for number, (state, twins) in enumerate(found):
            real, twin = answers_of(slug, number, state, twins, pool)
            if any(a["cut"] for a in [*real.values(), *twin.values()]):
                real, twin = answers_of(slug, number, state, twins, pool)
            for key, shown in real.items():
                seat, level = key
                other = twin[key]
                where = f"{slug} position {number}, seat {seat}, {level}"
                assert twins[seat] != state
                assert other["view"] == shown["view"], f"{where}: the twin shows another view"
                assert other["legal"] == shown["legal"], f"{where}: the twin offers other moves"
                assert shown["given"] and other["given"], f"{where}: not one of the moves given"
                if shown["cut"] or other["cut"]:
                    continue  # the deadline cut the search short: not the budget's move
                assert other["move"] == shown["move"], (
                    f"{where}: {shown['move']} in the real state, {other['move']} in its twin"
                )
                compared.add(level)
    if not compared:
        pytest.skip("every search was cut by its deadline: the machine is too loaded to compare")
