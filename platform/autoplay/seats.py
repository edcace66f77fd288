"""Which seats a bot plays.

A seat is a bot's when its player is a bot account (at that account's
level), or when its player was dropped or resigned and the table lets bots
take over (a medium bot plays it, under the player's name).
"""

from __future__ import annotations

from autoplay.accounts import level_of
from tables.models import Seat, Table

TAKEOVER_LEVEL = "medium"


def bot_level(table: Table, seat: Seat) -> str | None:
    """The level of the bot playing this seat, None if a person plays it."""
    level = level_of(seat.user)
    if seat.dropped and table.bot_takeover:
        return level or TAKEOVER_LEVEL
    return level


def bot_seats_to_act(table: Table, seats: list[Seat]) -> list[int]:
    """The seats the table now asks that a bot plays."""
    asked = set(table.to_act) if table.is_active else set()
    return [s.number for s in seats if s.number in asked and bot_level(table, s)]
