"""A move rewrites its table's row in place (a HOT update) rather than adding
an entry to each of the table's indexes: no index covers a column every move
changes."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.conftest import play_random_moves, requires_postgres, start_table

pytestmark = [pytest.mark.django_db, requires_postgres]


def updates_of(table_name: str) -> tuple[int, int]:
    """Rows updated, and of them in place, by this transaction so far."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_stat_get_xact_tuples_updated(%s::regclass),"
            " pg_stat_get_xact_tuples_hot_updated(%s::regclass)",
            [table_name, table_name],
        )
        return cursor.fetchone()


def test_moves_update_the_table_row_in_place(users):
    table = start_table("coup", users[:4], time_control="normal", seed=11)
    before = updates_of("tables_table")
    play_random_moves(table, users[:4], 30, seed=3)
    updated, hot = (a - b for a, b in zip(updates_of("tables_table"), before, strict=True))
    assert updated >= 15
    # A few land on a full page; before the fix, none was in place.
    assert hot >= 0.75 * updated, (updated, hot)
