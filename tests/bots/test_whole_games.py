"""Bots of every level play whole games of every game, player count and
option to their end (issue 27, tests), each seat through `choose_move`'s
code path with its own view and legal moves; small budgets keep it quick.
Every move a bot returns is one of the legal moves it was given (the engine
would refuse anything else)."""

from __future__ import annotations

import pytest

from games.bots import LEVELS, choose_move
from games.bots.lookahead import LookaheadBudget
from games.bots.search import SearchBudget
from harness.arena import RANDOM, play_game
from tests.bots.cases import CASES, case

# Each level's kind of thinking, as small as it gets: these games check that
# bots finish every game, not how well they play (bench/bots.py does that).
TINY = {
    "hard": SearchBudget(iterations=6, rollout_moves=6),
    "medium": SearchBudget(iterations=3, rollout_moves=3),
    "easy": LookaheadBudget(samples=1, horizon=2, noise=0.1),
}

CONFIGS = [
    (slug, players, options) for slug in sorted(CASES) for players, options in case(slug).configs
]


def lineup(players: int, shift: int) -> list:
    """Each level's kind of thinking, and a random player, round the table."""
    kinds = [TINY["hard"], TINY["medium"], TINY["easy"], RANDOM]
    return [kinds[(seat + shift) % len(kinds)] for seat in range(players)]


@pytest.mark.parametrize(
    ("slug", "players", "options"),
    CONFIGS,
    ids=[
        f"{slug}-{n}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'base'}"
        for slug, n, o in CONFIGS
    ],
)
def test_bots_play_whole_games_to_the_end(slug, players, options):
    game = play_game(case(slug).bot, lineup(players, players), options, seed=players)
    assert sorted(game.outcome.ranks)[0] == 1
    assert game.moves > 0


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_a_two_player_coup_game_at_its_own_budget(level):
    from games.coup.bot import KNOWLEDGE

    game = play_game(KNOWLEDGE, [level, RANDOM], {}, seed=4)
    assert game.outcome is not None
    assert game.cpu[level], "the bot made real choices"


def test_choose_move_returns_the_engines_own_move_object():
    from games.coup.bot import KNOWLEDGE
    from games.coup.rules import ENGINE

    state = ENGINE.setup(3, {}, 1)
    seat = ENGINE.to_act(state)[0]
    legal = ENGINE.legal_moves(state, seat)
    move = choose_move(KNOWLEDGE, ENGINE.view(state, seat), legal, seat, level="medium", seed=1)
    assert any(move is m for m in legal)


def test_an_unknown_level_is_refused_with_the_levels_named():
    from games.coup.bot import KNOWLEDGE
    from games.coup.rules import ENGINE

    state = ENGINE.setup(2, {}, 1)
    seat = ENGINE.to_act(state)[0]
    with pytest.raises(ValueError, match="easy, medium, hard"):
        choose_move(
            KNOWLEDGE,
            ENGINE.view(state, seat),
            ENGINE.legal_moves(state, seat),
            seat,
            level="expert",
            seed=1,
        )
