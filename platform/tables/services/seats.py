"""Seats in a game in play: standing orders, dropping a player (a
moderator), resigning (the player).

Locks and the races they prevent: each function locks the table's row and
reads its state and seats under it (`locks.table_read_locked`), then plays
what the change makes automatic (`moves.continue_game`), as a move would:
- standing orders set while another player's move closes the window they
  answer act on the window as that move left it, never on the one before;
- a player resigning (or dropped) while their own move is being applied
  loses no move and plays none twice: one waits for the other;
- two drops of one seat drop it once (the second sees it dropped).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from clocks import clock
from games import registry
from games.engine import InvalidOptions
from tables.errors import BadRequest, Conflict, NotFound
from tables.models import Seat
from tables.selectors import TableRead
from tables.services import standing_orders
from tables.services.locks import seat_of, table_read_locked
from tables.services.moves import continue_game


def standing_orders_set(
    *, table_id: int, user: AbstractBaseUser, orders: Mapping[str, Any]
) -> Seat:
    """Save a player's standing orders for a table, each with what the seat
    knows now (news ends it: `standing_orders`); they act at once if they
    answer a question the table is waiting on. Saving clears the notices of
    orders that turned themselves off: the player has seen them."""
    with transaction.atomic():
        found = table_read_locked(table_id)
        seat = seat_of(found.seats, user)
        engine = registry.get(found.table.game).engine
        try:
            cleaned = engine.clean_standing_orders(orders)
        except InvalidOptions as exc:
            raise BadRequest(str(exc)) from None
        seat.standing_orders = cleaned
        seat.order_news = standing_orders.marked(engine, found.state, seat.number, cleaned)
        seat.save(update_fields=["standing_orders", "order_news"])
        continue_game(found, clock.now())
    return seat


def seat_drop(*, table_id: int, number: int, reason: str) -> Seat:
    """Drop a player: from now on their seat plays its timeout move, so the
    game goes on to its end."""
    with transaction.atomic():
        found = table_read_locked(table_id)
        seat = next((s for s in found.seats if s.number == number), None)
        if seat is None:
            raise NotFound("There is no such seat.")
        if not found.table.is_active:
            raise Conflict("Only a player of a game in play can be dropped.")
        if seat.dropped:
            raise Conflict("This player has already been dropped.")
        _drop(found, seat, reason)
    return seat


def seat_resign(*, table_id: int, user: AbstractBaseUser) -> Seat:
    """A player gives up: their seat is dropped as if they had timed out for
    good, so they rank below everyone still playing."""
    with transaction.atomic():
        found = table_read_locked(table_id)
        seat = seat_of(found.seats, user)
        if not found.table.is_active:
            raise Conflict("This game is not in play.")
        if seat.dropped:
            raise Conflict("You have already left this game.")
        _drop(found, seat, "resigned")
    return seat


def _drop(found: TableRead, seat: Seat, reason: str) -> None:
    now = clock.now()
    seat.dropped_at = now
    seat.drop_reason = reason
    seat.deadline_at = None
    seat.save(update_fields=["dropped_at", "drop_reason", "deadline_at"])
    continue_game(found, now)
