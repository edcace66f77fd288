"""Replies to turn emails as they arrived, and what became of each.

One row per message received (by the site's SMTP server or a mail service's
inbound webhook). `key` is unique: the message's `Message-ID` (or, for a
message without one, a hash of its sender, recipients, subject, date and
text), written in the same transaction as the move the reply plays, so a
second delivery of one message (a retrying mail server, a webhook posted
twice, both at once) finds the key taken and plays nothing; it is kept as a
row of its own, marked a duplicate, without the key.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class InboundEmail(models.Model):
    class Outcome(models.TextChoices):
        PLAYED = "played", "Played"
        STALE = "stale", "Stale: the table had moved on"
        UNREADABLE = "unreadable", "Unreadable answer"
        REFUSED = "refused", "Refused"
        LIMITED = "limited", "Too many moves"
        FORGED = "forged", "Not from the seat's player"
        AUTO_REPLY = "auto_reply", "Auto-reply"
        DUPLICATE = "duplicate", "Duplicate"
        UNKNOWN = "unknown", "No reply address of ours"

    # A hash of the Message-ID (or of the content): at most one row per message.
    key = models.CharField(max_length=64, unique=True, null=True, blank=True)
    message_id = models.CharField(max_length=300, blank=True)
    received_at = models.DateTimeField(db_index=True)
    # "smtp", or the mail service whose webhook posted it ("Mailgun").
    via = models.CharField(max_length=20)
    sender = models.CharField(max_length=254, blank=True, help_text="The From address.")
    recipient = models.CharField(
        max_length=254, blank=True, help_text="The reply address it was sent to."
    )
    subject = models.CharField(max_length=200, blank=True)
    # The question its address answers, and that seat's player.
    table = models.ForeignKey(
        "tables.Table", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    version = models.PositiveIntegerField(null=True, blank=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # The reply as read: quoted text and signature taken away.
    answer_text = models.CharField(max_length=200, blank=True)
    move = models.JSONField(null=True, blank=True)
    outcome = models.CharField(max_length=12, choices=Outcome.choices)
    # Why, in the words the player is told (or the operator, for what is
    # never answered: auto-replies, forged senders).
    detail = models.CharField(max_length=300, blank=True)
    # The short email back saying why nothing was played (none for what is
    # never answered, or past the hourly limit of such answers).
    reply_notice = models.OneToOneField(
        "notifications.Notification",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    duplicate_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-received_at", "-pk"]

    def __str__(self) -> str:
        return f"Reply from {self.sender or 'nobody'} ({self.get_outcome_display()})"

    @classmethod
    def last_played_at(cls, *, user_id: int, table_id: int):
        """When the player last played a move at the table by replying to
        an email (None: never): like a visit, it makes the next turn email
        about the table due."""
        return (
            cls.objects.filter(user_id=user_id, table_id=table_id, outcome=cls.Outcome.PLAYED)
            .order_by("-received_at")
            .values_list("received_at", flat=True)
            .first()
        )
