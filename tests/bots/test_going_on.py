"""A bot's turn always goes forward: it never takes back a choice of its own
turn (Seasons' cancelled bonus, Troyes' cancelled action or a die taken back
out of it) while it has another move. A hard bot once found taking a
Seasons bonus and cancelling it worth as much as ending its turn, and went
round the two for ever."""

from __future__ import annotations

import json
import random

import pytest

from games.bots import choose_with_budget
from harness.arena import play_game
from tests.bots.cases import case
from tests.bots.test_whole_games import TINY

UNDOING = ["seasons", "troyes"]


def takes_back(engine, state, seat, move):
    return move not in engine.forward_moves(state, seat, [move])


def positions_with_a_take_back(slug, wanted=12):
    """(state, seat) where the seat may take back and do something else,
    met in seeded random games: each is reached by choosing a move that can
    be taken back, as a player starting an action does."""
    engine = case(slug).engine
    found = []
    for seed in range(20):
        picker = random.Random(seed)
        state = engine.setup(2, {}, seed)
        while engine.outcome(state) is None and len(found) < wanted:
            seat = picker.choice(engine.to_act(state))
            legal = engine.legal_moves(state, seat)
            forward = engine.forward_moves(state, seat, legal)
            if forward and len(forward) < len(legal):
                found.append((state, seat))
            state = engine.apply(state, seat, picker.choice(forward or legal))
        if len(found) >= wanted:
            return found
    return found


@pytest.mark.parametrize("slug", UNDOING)
@pytest.mark.parametrize("level", ["hard", "medium", "easy"])
def test_a_bot_never_takes_back_while_it_has_another_move(slug, level):
    engine = case(slug).engine
    positions = positions_with_a_take_back(slug)
    assert len(positions) >= 6, "the random games meet positions with a take-back"
    for number, (state, seat) in enumerate(positions):
        legal = engine.legal_moves(state, seat)
        move = choose_with_budget(
            case(slug).bot, engine.view(state, seat), legal, seat, budget=TINY[level], seed=number
        )
        assert not takes_back(engine, state, seat, move), (move, legal)


def test_a_seasons_bonus_with_nothing_to_gain_is_not_taken_and_cancelled():
    """After the transmutation bonus (SEA-8.2) a bot with nothing it can
    transmute has only cancelling and ending its turn: it ends its turn."""
    engine = case("seasons").engine
    bonus = {"action": "bonus", "bonus": 2}
    for seed in range(20):
        picker = random.Random(seed)
        state = engine.setup(2, {}, seed)
        while engine.outcome(state) is None:
            seat = picker.choice(engine.to_act(state))
            legal = engine.legal_moves(state, seat)
            if bonus in legal:
                taken = engine.apply(state, seat, bonus)
                after = engine.legal_moves(taken, seat)
                if sorted(m["action"] for m in after) == ["cancel", "end_turn"]:
                    for number in range(3):
                        view = engine.view(taken, seat)
                        move = choose_with_budget(
                            case("seasons").bot, view, after, seat, budget=TINY["hard"], seed=number
                        )
                        assert move == {"action": "end_turn"}
                    return
            ahead = engine.forward_moves(state, seat, legal) or legal
            state = engine.apply(state, seat, picker.choice(ahead))
    pytest.fail("no transmutation bonus with nothing to transmute was met")


@pytest.mark.parametrize("slug", UNDOING)
@pytest.mark.parametrize("seed", [3, 4])
def test_no_bot_comes_back_to_a_position_it_has_already_moved_from(slug, seed):
    bots = [TINY["hard"], TINY["medium"], TINY["easy"]][: 2 + seed % 2]
    seen: set[str] = set()

    def watch(state, seat, move):
        key = json.dumps({k: v for k, v in state.items() if k != "log"}, sort_keys=True)
        assert key not in seen, f"seat {seat} went round to the same position"
        seen.add(key)

    game = play_game(case(slug).bot, bots, {}, seed=seed, on_move=watch)
    assert game.outcome is not None
