"""Bots play whole games at tables, through the same move service as a
person: every game, two players and the largest count, each option, with
the easy bots (the levels' strength is measured in bench.bots, not here)."""

from __future__ import annotations

import pytest

from tables.models import Move
from tests.bots.platform_helpers import play_out, table_with_bots

WHOLE_GAMES = [
    ("coup", 2, {}),
    ("coup", 6, {}),
    ("coup", 2, {"rounds_to_win": 2, "two_player_coins": "first_one"}),
    ("coup", 3, {"factions": True}),
    ("coup", 6, {"factions": True}),
    ("koryo", 2, {}),
    ("koryo", 4, {}),
    ("seasons", 2, {"level": "apprentice"}),
    ("seasons", 4, {"level": "apprentice"}),
    ("seasons", 2, {"level": "wizard"}),
    ("seasons", 4, {"level": "wizard"}),
    ("seasons", 2, {"level": "archmage"}),
    ("seasons", 4, {"level": "archmage"}),
    ("troyes", 2, {}),
    ("troyes", 4, {}),
]


@pytest.mark.parametrize(
    ("game", "players", "options"),
    WHOLE_GAMES,
    ids=[
        f"{g}-{n}p-{','.join(f'{k}={v}' for k, v in o.items()) or 'plain'}"
        for g, n, o in WHOLE_GAMES
    ],
)
def test_bots_play_a_whole_game_through_the_move_service(ana, game, players, options):
    table = table_with_bots(ana, game, players, options)
    table = play_out(table.pk, seed=players)
    assert table.status == "finished"
    assert table.outcome is not None and table.outcome["dropped"] == []
    moves = Move.objects.filter(table=table)
    # Every seat moved as a player, logged seat by seat: no timeout, no
    # automatic move stood in for a bot.
    assert set(moves.values_list("kind", flat=True)) <= {Move.Kind.PLAYER, Move.Kind.STANDING}
    assert set(moves.values_list("seat", flat=True)) == set(range(players))
    assert moves.count() == table.version
