"""Tables at a known question, for the reply tests."""

from __future__ import annotations

from replies import addresses
from tables import services
from tables.models import Table
from tests.conftest import start_table


def users_by_seat(table: Table) -> dict:
    return {s.number: s.user for s in table.seats.select_related("user")}


def coup_tax(players, **kwargs) -> tuple[Table, int]:
    """A Coup table whose first player has claimed the Duke for Tax: the
    other seat is asked to pass or challenge (a small decision). Returns the
    table and the seat asked."""
    table = start_table("coup", players, **kwargs)
    actor = table.to_act[0]
    services.move_submit(
        table_id=table.pk,
        user=users_by_seat(table)[actor],
        version=table.version,
        move={"action": "tax"},
    )
    table.refresh_from_db()
    (asked,) = table.to_act
    return table, asked


def address_of(table: Table, seat: int) -> str:
    """The reply address of the seat's question at the table as it is now."""
    return addresses.make(table.pk, table.version, seat)
