"""The replay's only write: storing the snapshots a replay computed."""

from __future__ import annotations

from collections.abc import Mapping

from replays.models import Snapshot
from tables.models import Table


def snapshots_save(*, table: Table, engine_version: int, states: Mapping[int, dict]) -> None:
    """Store the states after these moves (seq -> state), in one INSERT (one
    statement is atomic on its own). Two people opening the same replay at
    once compute the same snapshots: the unique constraint keeps one of each
    and the other row is skipped, harmless since both hold the same state."""
    Snapshot.objects.bulk_create(
        [
            Snapshot(table=table, seq=seq, engine_version=engine_version, state=state)
            for seq, state in states.items()
        ],
        ignore_conflicts=True,
    )
