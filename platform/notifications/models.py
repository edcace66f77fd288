"""Notices to players, one row each: the outbox.

A row is an email, or a push to one of the player's devices (one row per
device, so each device's delivery is claimed, retried and recorded on its
own). A row is written in the same transaction as the move (or sweep) that
causes it, so nothing is lost if the broker is down; the worker sends
pending rows and marks them sent. `key` is unique per seat, table version,
kind and device (per user and day for the digest), so a retried task or a
second worker can never send the same notice twice.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Notification(models.Model):
    class Kind(models.TextChoices):
        TURN = "turn", "Your turn"
        REMINDER = "reminder", "Time nearly out"
        TIMEOUT = "timeout", "Move played on timeout"
        GAME_OVER = "game_over", "Game over"
        INVITATION = "invitation", "Invitation"
        DIGEST = "digest", "Daily digest"
        REPLY = "reply", "Answer to an email reply"
        TOURNAMENT = "tournament", "Tournament news"

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENT = "sent", "Sent"
        CANCELLED = "cancelled", "Cancelled"
        FAILED = "failed", "Failed"

    class Channel(models.TextChoices):
        EMAIL = "email", "Email"
        PUSH = "push", "Push"

    key = models.CharField(max_length=120, unique=True)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    channel = models.CharField(max_length=5, choices=Channel.choices, default=Channel.EMAIL)
    # The device of a push (None for an email, or once the device is removed:
    # the row is kept as the record of what was sent).
    subscription = models.ForeignKey(
        "push.PushSubscription",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    table = models.ForeignKey(
        "tables.Table", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    seat = models.ForeignKey(
        "tables.Seat", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    version = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField()
    # Not sent before this: turn notices wait a little, in case the player
    # comes (or the question goes away) first; a failed one waits longer at
    # each attempt.
    due_at = models.DateTimeField()
    sent_at = models.DateTimeField(null=True, blank=True)
    # When a worker took the row to send it: no other worker sends it until
    # that worker is done or its claim is old enough to be presumed dead.
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(
                fields=["due_at"],
                condition=models.Q(status="pending"),
                name="notification_due_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} to {self.user} ({self.status})"

    @staticmethod
    def make_key(
        kind: str,
        *,
        user_id: int,
        table_id: int | None = None,
        part: object = "",
        device: int | None = None,
    ) -> str:
        key = f"{kind}:u{user_id}:t{table_id or 0}:{part}"
        return key if device is None else f"push:d{device}:{key}"
