"""Sampling hidden state (issue 27, point 5): `Engine.sample_state` rebuilds a
whole state from one seat's view, drawing every secret with the bot's own
generator. A sample must be a state that seat cannot tell from the real one
(the same view, the same legal moves, every public part equal), a state the
engine plays on to the end, and drawn from the seat's generator alone."""

from __future__ import annotations

import random

import pytest

from games.engine import Rng, State
from tests.bots.cases import CASES, Case, case, reachable

SLUGS = sorted(CASES)


def seats_of(state: State, c: Case) -> range:
    return range(len(c.engine.view(state, None)["players"]))


@pytest.mark.parametrize("slug", SLUGS)
def test_a_sample_is_what_the_seat_sees_with_its_secrets_drawn_anew(slug):
    c = case(slug)
    engine = c.engine
    checked = redrawn = 0
    for state, _, seed in reachable(c, games=c.games, every=5):
        for seat in seats_of(state, c):
            view = engine.view(state, seat)
            sample = engine.sample_state(view, seat, Rng.from_seed(f"{seed} {seat}"))
            assert engine.view(sample, seat) == view
            assert engine.to_act(sample) == engine.to_act(state)
            assert engine.legal_moves(sample, seat) == engine.legal_moves(state, seat)
            assert c.public_part(sample) == c.public_part(state)
            if c.check:
                c.check(sample)
            checked += 1
            redrawn += sample != state
    assert checked > 500
    assert redrawn > checked // 2, "the secrets must actually be drawn, not copied"


@pytest.mark.parametrize("slug", SLUGS)
def test_a_sample_depends_on_the_bots_generator_alone(slug):
    c = case(slug)
    engine = c.engine
    rng = random.Random(3)
    for state, _, _ in reachable(c, games=c.games, every=7):
        for seat in seats_of(state, c):
            twin = c.scramble(state, seat, rng)
            first = engine.sample_state(engine.view(state, seat), seat, Rng.from_seed(9))
            second = engine.sample_state(engine.view(twin, seat), seat, Rng.from_seed(9))
            assert first == second


@pytest.mark.parametrize("slug", SLUGS)
def test_play_goes_on_from_a_sample_to_the_end(slug):
    c = case(slug)
    engine = c.engine
    picker = random.Random(5)
    played = 0
    for config in c.configs:
        states = [s for s, _, _ in reachable(c, games=1, every=c.stride * 3, configs=[config])]
        for state in states[:: max(1, len(states) // 3)]:
            if engine.outcome(state) is not None:
                continue
            seat = picker.choice(engine.to_act(state))
            sample = engine.sample_state(engine.view(state, seat), seat, Rng.from_seed(played))
            for _ in range(20_000):
                if engine.outcome(sample) is not None:
                    break
                actor = picker.choice(engine.to_act(sample))
                move = picker.choice(engine.legal_moves(sample, actor))
                sample = engine.apply(sample, actor, move)
                if c.check:
                    c.check(sample)
            assert engine.outcome(sample) is not None
            played += 1
    assert played >= 2 * len(c.configs)


def test_coup_1_1_unseen_cards_are_dealt_uniformly():
    """A two-player deal seen by a seat holding no Duke: the other 13 cards
    hold all 3 Dukes, so the opponent's 2 cards include one with chance
    1 - C(10,2)/C(13,2) = 1 - 45/78 = 0.423, and a given deck position
    is a Duke with chance 3/13 = 0.231."""
    from games.coup.rules import ENGINE

    state = next(
        s
        for seed in range(100)
        if "duke" not in (s := ENGINE.setup(2, {}, seed))["hands"][0] and s["phase"] == "turn"
    )
    view = ENGINE.view(state, 0)
    rng = Rng.from_seed(1)
    draws = 4000
    with_duke = top_duke = 0
    for _ in range(draws):
        sample = ENGINE.sample_state(view, 0, rng)
        with_duke += "duke" in sample["hands"][1]
        top_duke += sample["deck"][-1] == "duke"
    assert abs(with_duke / draws - 33 / 78) < 0.03
    assert abs(top_duke / draws - 3 / 13) < 0.03
