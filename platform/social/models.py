"""Who a player follows, who they block, the private notes they keep on
others, and the invitation links of open tables that have been used.

A follow and a block are one row each way they point (`owner` → `other`):
following is one-sided, and so is the act of blocking, though a block keeps
the two apart both ways (see `social.selectors.blocked_between`).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

NOTE_MAX_LENGTH = 1000


class Relation(models.Model):
    """One player's stand towards another (`owner` → `other`), once per pair
    and never towards oneself."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="%(class)ss"
    )
    other = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="%(class)s_of"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        constraints = [
            models.UniqueConstraint(fields=["owner", "other"], name="%(class)s_once"),
            models.CheckConstraint(
                condition=~models.Q(owner=models.F("other")), name="%(class)s_not_self"
            ),
        ]


class Follow(Relation):
    def __str__(self) -> str:
        return f"{self.owner} follows {self.other}"


class Block(Relation):
    class Meta(Relation.Meta):
        # "Is either of these two blocking the other?" reads from both ends.
        indexes = [models.Index(fields=["other", "owner"], name="block_other_idx")]

    def __str__(self) -> str:
        return f"{self.owner} blocks {self.other}"


class Note(models.Model):
    """A note a player keeps on another player: shown to its writer only."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notes"
    )
    other = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(max_length=NOTE_MAX_LENGTH)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "other"], name="note_once")]

    def __str__(self) -> str:
        return f"{self.owner}'s note on {self.other}"


class InviteLinkUse(models.Model):
    """One use of a table's invitation link. A table's links are numbered:
    the link on show is the one after the last used, so each seats one
    player (unique (table, number): two people opening one link at once
    are one seat and one refusal)."""

    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="+")
    number = models.PositiveIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    used_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="invite_link_used_once")
        ]

    def __str__(self) -> str:
        return f"link {self.number} of {self.table_id} used by {self.user}"
