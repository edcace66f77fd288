"""Tables with bots, played through the platform's services: the bots' moves
by their task's own function, the people's by random legal moves."""

from __future__ import annotations

import random

from autoplay.play import bot_move_play
from autoplay.seats import bot_seats_to_act
from games import registry
from tables import services
from tables.models import Table
from tables.selectors import table_read
from tests.support.seeds import seed_deal


def table_with_bots(
    creator,
    game: str,
    players: int,
    options=None,
    *,
    level="easy",
    seed=None,
    rated_against_bots=False,
):
    """`creator` and `players - 1` bots of `level`, the game started
    (`rated_against_bots`: the creator chose a rated game against bots)."""
    table = services.table_create(
        creator=creator,
        game=game,
        options=options or {},
        max_players=players,
        time_control="none",
        rated_against_bots=rated_against_bots,
    )
    for _ in range(players - 1):
        services.table_bot_add(table_id=table.pk, user=creator, level=level)
    seed_deal(table.pk, seed)
    services.table_start(table_id=table.pk, user=creator)
    return Table.objects.get(pk=table.pk)


def play_out(table_id: int, *, seed: int = 0, max_moves: int = 5000) -> Table:
    """Play to the end: each bot seat asked by the bot's task function, each
    person's by a random legal move through the move service."""
    rng = random.Random(seed)
    for _ in range(max_moves):
        found = table_read(table_id)
        table = found.table
        if not table.is_active:
            return table
        bots = bot_seats_to_act(table, found.seats)
        if bots:
            assert bot_move_play(table_id, bots[0], table.version).played
            continue
        number = rng.choice(table.to_act)
        seat = next(s for s in found.seats if s.number == number)
        engine = registry.get(table.game).engine
        move = rng.choice(engine.legal_moves(found.state, number))
        services.move_submit(table_id=table_id, user=seat.user, version=table.version, move=move)
    raise AssertionError(f"table {table_id} did not finish in {max_moves} moves")
