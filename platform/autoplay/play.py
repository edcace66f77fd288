"""A bot's move at a table: read the table, build the seat's view and legal
moves, let the bot choose, and submit it through the player's move service.

The bot sees only `engine.view(state, seat)` and the seat's legal moves: the
state itself is never handed to it. Its random seed comes from public facts
(the table, its version, the seat), never from the table's secret seed.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from autoplay.seats import bot_level
from games import registry
from games.bots import budget_seconds, choose_move
from tables import services
from tables.models import Move
from tables.selectors import table_read

# A bot seat that has made this many moves in a row is going round in a
# circle, whatever the cause: it plays its timeout moves, which end a turn,
# until another seat has moved. No real turn comes near it.
RUNAWAY_MOVES = 200


@dataclass
class BotTurn:
    played: bool
    why: str = ""


def bot_seed(table_id: int, version: int, seat: int) -> int:
    digest = hashlib.blake2b(f"bot {table_id} {version} {seat}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def bot_move_play(table_id: int, seat_number: int, version: int) -> BotTurn:
    """Play the bot's move for the seat if the table still waits for it at
    `version`; otherwise do nothing (a later play queued its own task)."""
    found = table_read(table_id)
    if found is None or not found.table.is_active:
        return BotTurn(False, "not in play")
    table = found.table
    if table.version != version:
        return BotTurn(False, "moved on")
    seat = next((s for s in found.seats if s.number == seat_number), None)
    if seat is None or seat_number not in table.to_act:
        return BotTurn(False, "not asked")
    level = bot_level(table, seat)
    if level is None:
        return BotTurn(False, "not a bot's seat")
    game = registry.get(table.game)
    if game.bot is None:
        return BotTurn(False, "no bot plays this game")
    engine = game.engine
    view = engine.view(found.state, seat_number)
    legal = engine.legal_moves(found.state, seat_number)
    if not legal:
        return BotTurn(False, "no legal move")
    if running_away(table_id, seat_number):
        move = engine.timeout_move(found.state, seat_number)
    else:
        move = choose_move(
            game.bot,
            view,
            legal,
            seat_number,
            level=level,
            seed=bot_seed(table_id, version, seat_number),
            deadline=time.monotonic() + budget_seconds(level),
        )
    kind = Move.Kind.DROPPED if seat.dropped else Move.Kind.PLAYER
    try:
        services.move_submit(
            table_id=table_id, user=seat.user, version=version, move=move, kind=kind
        )
    except (services.StaleVersion, services.Forbidden, services.Conflict) as exc:
        # Someone moved meanwhile (or the clock ran out): the play that
        # changed the table queued whatever comes next.
        return BotTurn(False, exc.message)
    return BotTurn(True)


def running_away(table_id: int, seat_number: int) -> bool:
    """Whether the table's last RUNAWAY_MOVES moves were all this seat's."""
    last = Move.objects.filter(table_id=table_id).order_by("-seq")[:RUNAWAY_MOVES]
    seats = list(last.values_list("seat", flat=True))
    return len(seats) == RUNAWAY_MOVES and set(seats) == {seat_number}
