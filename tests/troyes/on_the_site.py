"""Playing a Troyes table through the move service, for the site's tests."""

from __future__ import annotations

from games.troyes.rules import ENGINE
from tables import services
from tables.models import Table
from tests.conftest import state_of


def play_timeouts_to_the_end(table: Table, players) -> Table:
    """Every move the timeout move (section 23), through the move service,
    until the game ends."""
    for _ in range(3000):
        table.refresh_from_db()
        if not table.is_active:
            break
        seat = table.to_act[0]
        move = ENGINE.timeout_move(state_of(table), seat)
        services.move_submit(
            table_id=table.pk, user=players[seat], version=table.version, move=move
        )
    table.refresh_from_db()
    return table
