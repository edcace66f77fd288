"""The table row lock that every change of a table takes first.

A change of a table (a move, a seat taken, a standing order, a timeout)
locks the table's row for the rest of its transaction
(`select_for_update`), so changes of one table are made one after the
other and each sees what the one before it committed. Tables are locked
one at a time, never two in one transaction, so no two changes wait for
each other in a circle.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from tables.errors import Forbidden, NotFound
from tables.models import Seat, Table
from tables.selectors import TableRead, table_read


def table_lock(table_id: int) -> Table:
    """The table, its row locked (for changes that need no game state)."""
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise NotFound("There is no such table.") from None


def table_read_locked(table_id: int) -> TableRead:
    """The table with its state and seats, its row locked."""
    found = table_read(table_id, lock=True)
    if found is None:
        raise NotFound("There is no such table.")
    return found


def seat_of(seats: list[Seat], user: AbstractBaseUser) -> Seat:
    """The user's seat among these, or Forbidden."""
    seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is None:
        raise Forbidden("You are not playing at this table.")
    return seat
