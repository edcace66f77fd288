"""What a player sees (SEA-2): views, prompts, summaries and a seat's own
options never depend on a secret that seat may not know."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.engine import State
from games.seasons.rules import ENGINE

from .secrets import scramble_secrets


def random_states(players: int, level: str, seed: int, every: int = 15) -> Iterator[State]:
    picker = random.Random(seed)
    state = ENGINE.setup(players, {"level": level}, seed)
    count = 0
    while ENGINE.outcome(state) is None:
        if count % every == 0:
            yield state
        seat = picker.choice(ENGINE.to_act(state))
        state = ENGINE.apply(state, seat, picker.choice(ENGINE.legal_moves(state, seat)))
        count += 1
    yield state


@pytest.mark.parametrize("level", ["apprentice", "wizard", "archmage"])
@pytest.mark.parametrize("players", [2, 4])
def test_sea_2_views_prompts_and_options_ignore_what_a_seat_may_not_see(level, players):
    scrambler = random.Random(players)
    changed = 0
    for seed in range(2):
        for state in random_states(players, level, seed):
            for seat in [None, *range(players)]:
                scrambled = scramble_secrets(state, seat, scrambler)
                changed += scrambled["deck"] != state["deck"]
                changed += any(
                    a["hand"] != b["hand"] for a, b in zip(scrambled["p"], state["p"], strict=True)
                )
                assert ENGINE.view(scrambled, seat) == ENGINE.view(state, seat)
                assert ENGINE.prompt(scrambled) == ENGINE.prompt(state)
                assert ENGINE.summary(scrambled) == ENGINE.summary(state)
                if seat is not None:
                    assert ENGINE.legal_moves(scrambled, seat) == ENGINE.legal_moves(state, seat)
    assert changed > 60


def test_sea_2_view_hides_hands_packets_sets_and_the_generator():
    state = ENGINE.setup(3, {"level": "wizard"}, 5)
    view = ENGINE.view(state, 1)
    assert len(view["packet"]) == 9 and view["hand"] == []
    assert "rng" not in view and "deck" not in view
    spectator = ENGINE.view(state, None)
    assert spectator["packet"] is None and spectator["hand"] is None
    text = repr(spectator)
    for p in state["p"]:
        for card in p["packet"]:
            assert f"'id': {card}," not in text


def test_sea_2_private_log_lines_go_only_to_the_drawing_player():
    picker = random.Random(1)
    state = ENGINE.setup(3, {"level": "archmage"}, 1)
    private = 0
    while ENGINE.outcome(state) is None:
        seat = picker.choice(ENGINE.to_act(state))
        state = ENGINE.apply(state, seat, picker.choice(ENGINE.legal_moves(state, seat)))
        for ln in state["log"]:
            if ln["to"] is not None:
                private += 1
                assert seat in ln["to"] or ln["text"].startswith("Year")
            elif ln["text"].startswith(("You ", "It was", "The card is")):
                raise AssertionError(f"a private line went public: {ln['text']}")
    assert private > 20
