"""A player's devices that take pushes, and the notification answers played.

A `PushSubscription` is what a browser's push service gave it for this site:
the endpoint to post to (unique: one browser profile) and the keys the
payload is encrypted with. It is a device of the player who subscribed last
from it.

A `UsedAnswer` records an answer button's token that played its move,
written in the move's own transaction: its unique key is what makes a token
play at most once, even when two posts of it race.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class PushSubscription(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.CharField(max_length=1000, unique=True)
    # The browser's P-256 public key and its authentication secret, as it
    # gave them (URL-safe base64).
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=50)
    # Which device it is, in the player's words ("Chromium on Linux").
    label = models.CharField(max_length=80, blank=True)
    created_at = models.DateTimeField()
    # The last push its service accepted.
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.label or 'A device'} of {self.user}"

    def info(self) -> dict:
        """What pywebpush needs to reach and encrypt for the device."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class UsedAnswer(models.Model):
    # A hash of what the token says (table, version, seat, move).
    key = models.CharField(max_length=64, unique=True)
    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    used_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"Answer at {self.table} v{self.version} (seat {self.seat})"
