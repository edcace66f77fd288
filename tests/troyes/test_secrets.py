"""What a player sees (TRO-3, TRO-OP19): views, prompts, summaries, options
and public log lines never depend on another seat's characters or victory
points, on face-down activity cards or on the order of the event decks."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.engine import State
from games.troyes.rules import ENGINE

from .secrets import scramble_secrets


def random_states(players: int, seed: int, every: int = 9) -> Iterator[State]:
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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tro_3_views_prompts_and_options_ignore_hidden_information(players):
    scrambler = random.Random(players)
    changed = 0
    for seed in range(4):
        for state in random_states(players, seed):
            for seat in [None, *range(players)]:
                scrambled = scramble_secrets(state, seat, scrambler)
                changed += scrambled["characters"] != state["characters"]
                assert ENGINE.view(scrambled, seat) == ENGINE.view(state, seat)
                assert ENGINE.prompt(scrambled) == ENGINE.prompt(state)
                assert ENGINE.summary(scrambled) == ENGINE.summary(state)
                if seat is not None:
                    assert ENGINE.legal_moves(scrambled, seat) == ENGINE.legal_moves(state, seat)
    assert changed > 0  # the scramble did change secrets


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tro_3_a_seat_sees_its_own_characters_and_points_only(players):
    state = ENGINE.setup(players, {}, 5)
    for seat in range(players):
        view = ENGINE.view(state, seat)
        for p in view["players"]:
            if p["seat"] == seat:
                assert [c["id"] for c in p["characters"]] == state["characters"][seat]
                assert p["vp"] == 0
            else:
                assert p["characters"] is None and p["vp"] is None
                assert p["character_count"] == len(state["characters"][p["seat"]])
    spectator = ENGINE.view(state, None)
    assert all(p["characters"] is None and p["vp"] is None for p in spectator["players"])
    # Round 0: no activity card face up yet (TRO-6.1).
    assert not any(card["revealed"] for card in spectator["activity"])
    assert "rng" not in spectator and "decks" in spectator
    assert all(isinstance(v, int) for v in spectator["decks"].values())


def test_tro_3_private_log_lines_name_characters_only_to_their_holder():
    state = ENGINE.setup(3, {}, 2)
    private = [ln for ln in state["log"] if ln["to"] is not None]
    assert len(private) == 3
    for ln in private:
        (seat,) = ln["to"]
        assert all(name in ln["text"] for name in _names(state["characters"][seat]))


def test_tro_3_everything_is_revealed_at_the_end():
    picker = random.Random(3)
    state = ENGINE.setup(2, {}, 3)
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, picker.choice(ENGINE.legal_moves(state, seat)))
    view = ENGINE.view(state, None)
    assert [p["vp"] for p in view["players"]] == state["vp"]
    assert [[c["id"] for c in p["characters"]] for p in view["players"]] == state["characters"]
    assert view["final"] is not None


def _names(ids: list[str]) -> list[str]:
    from games.troyes.rules.cards import CHARACTER_CARDS

    return [CHARACTER_CARDS[i].name for i in ids]
