"""Everything that changes a table, one module per kind of change:

- `lobby`: open, join, leave, seat and remove bots, cancel, start, invite,
  rematch, play now against bots;
- `moves`: a player's move (`move_submit`) and the timeouts the sweep plays;
- `seats`: standing orders, dropping and resigning;
- from the clocks package (`clocks.services`): reminders, vacations,
  playing hours, a moderator's extension of a clock.

Each module's docstring names the locks it takes and the race each one
prevents; `locks` holds the table row lock they all start with. Callers use
the functions (and catch the errors) from here: `services.move_submit(...)`.
"""

from clocks.services import (
    seat_clocks_on_schedule,
    seat_clocks_on_vacation,
    seat_clocks_reschedule,
    seat_clocks_settle,
    seat_deadline_extend,
    seat_remind,
)
from tables.errors import BadRequest, Conflict, Forbidden, NotFound, ServiceError, StaleVersion
from tables.services.lobby import (
    seat_against_bots_set,
    table_bot_add,
    table_bot_remove,
    table_cancel,
    table_create,
    table_invite,
    table_join,
    table_leave,
    table_play_now,
    table_rematch,
    table_start,
)
from tables.services.moves import MoveResult, move_submit, table_timeouts_play
from tables.services.seats import seat_drop, seat_resign, standing_orders_set

__all__ = [
    "BadRequest",
    "Conflict",
    "Forbidden",
    "MoveResult",
    "NotFound",
    "ServiceError",
    "StaleVersion",
    "move_submit",
    "seat_against_bots_set",
    "seat_clocks_on_schedule",
    "seat_clocks_on_vacation",
    "seat_clocks_reschedule",
    "seat_clocks_settle",
    "seat_deadline_extend",
    "seat_drop",
    "seat_remind",
    "seat_resign",
    "standing_orders_set",
    "table_bot_add",
    "table_bot_remove",
    "table_cancel",
    "table_create",
    "table_invite",
    "table_join",
    "table_leave",
    "table_play_now",
    "table_rematch",
    "table_start",
    "table_timeouts_play",
]
