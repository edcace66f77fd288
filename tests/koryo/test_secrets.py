"""What a player sees (KOR-3): views, prompts, summaries and public log lines
never depend on a secret the viewer may not know."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.engine import State
from games.koryo.rules import ENGINE

from .secrets import scramble_secrets


def random_states(players: int, seed: int, every: int = 7) -> Iterator[State]:
    """Every `every`-th state of a seeded random game."""
    picker = random.Random(seed)
    state = ENGINE.setup(players, {}, seed)
    count = 0
    while ENGINE.outcome(state) is None:
        if count % every == 0:
            yield state
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, picker.choice(ENGINE.legal_moves(state, seat)))
        count += 1
    yield state


def _public(state: State) -> list[str]:
    return [ln["text"] for ln in state["log"] if ln["to"] is None]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kor_3_views_prompts_summaries_and_options_ignore_hidden_cards(players):
    scrambler = random.Random(players)
    changed = 0
    for seed in range(12):
        for state in random_states(players, seed):
            for seat in [None, *range(players)]:
                scrambled = scramble_secrets(state, seat, scrambler)
                changed += scrambled["hands"] != state["hands"]
                changed += scrambled["orders"] != state["orders"]
                assert ENGINE.view(scrambled, seat) == ENGINE.view(state, seat)
                assert ENGINE.prompt(scrambled) == ENGINE.prompt(state)
                assert ENGINE.summary(scrambled) == ENGINE.summary(state)
                if seat is not None:
                    # A player's options never depend on what they cannot see.
                    assert ENGINE.legal_moves(scrambled, seat) == ENGINE.legal_moves(state, seat)
    assert changed > 100  # the scramble did change hidden cards


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kor_3_public_log_lines_ignore_what_the_mover_cannot_know(players):
    """The same move on a state whose other secrets differ writes the same
    public lines (deals, skips and round ends included)."""
    scrambler = random.Random(100 + players)
    picker = random.Random(players)
    for seed in range(12):
        for state in random_states(players, seed, every=3):
            if ENGINE.outcome(state) is not None:
                continue
            seat = ENGINE.to_act(state)[0]
            move = picker.choice(ENGINE.legal_moves(state, seat))
            scrambled = scramble_secrets(state, seat, scrambler)
            after = ENGINE.apply(state, seat, move)
            assert _public(ENGINE.apply(scrambled, seat, move)) == _public(after)


def test_kor_3_hands_and_orders_only_in_their_owners_view():
    state = ENGINE.setup(3, {}, seed=4)
    first = state["first_player"]
    state = ENGINE.apply(state, first, ENGINE.timeout_move(state, first))
    assert ENGINE.view(state, first)["my_order_kind"] is not None
    state = ENGINE.apply(state, first, {"action": "order_count", "count": 1})
    other = (first + 1) % 3
    mine, theirs, spectator = (ENGINE.view(state, s) for s in (first, other, None))
    assert len(mine["my_orders"]) == 1 and mine["hand"] == []
    assert len(theirs["hand"]) == 10 and theirs["my_orders"] == []
    assert spectator["hand"] is None and spectator["my_orders"] is None
    assert theirs["players"][first]["orders_count"] == 1
    assert "rng" not in str(spectator) and "deck" not in spectator


def test_kor_3_private_lines_go_to_their_owner_only():
    state = ENGINE.setup(4, {}, seed=8)
    private = [ln for ln in state["log"] if ln["to"] is not None]
    assert sorted(ln["to"][0] for ln in private) == [0, 1, 2, 3]
    assert all(len(ln["to"]) == 1 for ln in private)
    assert all(ln["text"].startswith("Your cards: ") for ln in private)


def test_the_scramble_keeps_counts_and_the_viewers_own_cards():
    state = ENGINE.setup(3, {}, seed=2)
    scrambled = scramble_secrets(state, 1, random.Random(0))
    assert scrambled["hands"][1] == state["hands"][1]
    assert scrambled["hands"][0] != state["hands"][0]
    assert [len(h) for h in scrambled["hands"]] == [len(h) for h in state["hands"]]
    assert len(scrambled["deck"]) == len(state["deck"])
    assert scrambled["rng"] != state["rng"]
    cards = scrambled["deck"] + [c for hand in scrambled["hands"] for c in hand]
    assert sorted(cards) == list(range(55))
