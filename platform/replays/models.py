"""Snapshots of a game's state along its move log, so that showing move n of
a long game replays a few moves from the nearest snapshot instead of the
whole game from its deal.

A snapshot is a cache: the move log and the seed are the truth, and any
snapshot can be thrown away and rebuilt. It holds the raw state, secrets
included, so it never leaves the server (pages and API answers are built from
`engine.view` of it, as for the live state).
"""

from __future__ import annotations

from django.db import models

from tables.models import Table


class Snapshot(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="replay_snapshots")
    # The state after the move with this sequence number.
    seq = models.PositiveIntegerField()
    # The engine version that computed the state: another version's rules
    # could have made a different state from the same moves.
    engine_version = models.PositiveIntegerField()
    state = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "engine_version", "seq"], name="snapshot_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} after move {self.seq}"
