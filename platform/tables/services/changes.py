"""A change that open pages of a table show: the table's `revision` counts
it, and `events.table_changed` tells the live app, which publishes it once
the transaction commits (pages then fetch what their viewer may see).

Every service that changes what a table page, its waiting room, a lobby or
the header's count shows goes through `table_revise` before saving the table
and `table_announce` after, with the table's row locked (so revisions are
counted one at a time, and a page that resumes from revision N has seen
every change up to N).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import partial

from django.db import transaction

from tables import events
from tables.models import Table

# What changed for a person (their user channel's event): asked to act, no
# longer asked (the count of games waiting for them), a game joined their
# games or left them (started, finished, cancelled), an invitation came.
TURN = "turn"
COUNT = "count"
GAMES = "games"
INVITATION = "invitation"


def table_revise(table: Table) -> None:
    """One more change: the caller saves `revision` with its own fields."""
    table.revision += 1


def table_announce(table: Table, users: Mapping[int, str] | None = None) -> None:
    """Tell the pages of the table (and these users' own pages) once the
    transaction commits."""
    events.table_changed.send(sender=Table, table=table, users=dict(users or {}))


def everyone(user_ids: Iterable[int], kind: str) -> dict[int, str]:
    return dict.fromkeys(user_ids, kind)


def tables_touch_on_commit(table_ids: Iterable[int]) -> None:
    """Once the caller's transaction commits, tell the open pages of these
    tables that something they show changed outside a play (a player's
    clock moved by a vacation, their hours or a moderator): one more
    revision and its event each, every table in its own transaction so that
    no two tables' rows are ever locked together."""
    transaction.on_commit(partial(_tables_touch, sorted(set(table_ids))), robust=True)


def _tables_touch(table_ids: list[int]) -> None:
    for table_id in table_ids:
        with transaction.atomic():
            table = Table.objects.select_for_update().filter(pk=table_id).first()
            if table is None or table.is_over:
                continue
            table_revise(table)
            table.save(update_fields=["revision"])
            table_announce(table)
