"""Hand-made queries on the API's hottest paths, where building ORM queries
costs more than running them. Everywhere else the ORM is used.

None of these reads takes a lock: what they return may be stale by the
time it is drawn, exactly as with the ORM reads they replace; every write
still goes through `tables.services`, which locks the table row.
"""

from __future__ import annotations

import json
from typing import Any

from django.db import connection

from games import registry
from tables.models import Table


def _state_tables() -> list[str]:
    return [entry.state_model._meta.db_table for entry in registry.all_games()]


def table_with_state(
    table_id: int, *, lock: bool = False
) -> tuple[Table, dict[str, Any] | None] | None:
    """A table and its game's current state in one query (None: no such
    table; the state is None before the start). Each game keeps its states
    in its own table: all are joined, one at most holds this table's row.

    `lock`: the table row is locked for the rest of the transaction (FOR
    UPDATE OF the table only), as `select_for_update` would: two moves on one
    table are then applied one after the other, and the state read is the
    one the first move left."""
    names = _state_tables()
    quote = connection.ops.quote_name
    joins = " ".join(
        f"LEFT JOIN {quote(name)} s{i} ON s{i}.table_id = t.id" for i, name in enumerate(names)
    )
    state = "COALESCE(" + ", ".join(f"s{i}.state" for i in range(len(names))) + ")"
    # SQLite has no row locks: its transactions take the whole file.
    locking = " FOR UPDATE OF t" if lock and connection.features.has_select_for_update else ""
    rows = list(
        Table.objects.raw(
            f"SELECT t.*, {state} AS game_state FROM {quote(Table._meta.db_table)} t "
            f"{joins} WHERE t.id = %s{locking}",
            [table_id],
        )
    )
    if not rows:
        return None
    table = rows[0]
    raw = table.__dict__.pop("game_state")
    return table, json.loads(raw) if isinstance(raw, str | bytes) else raw
