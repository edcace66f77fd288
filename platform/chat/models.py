"""Chat: messages kept with their table or their tournament, reports, mutes
and the moderators' audit trail.

A table has two channels. The players' channel is written by the seated
players and read by them, by logged-in spectators and, once the game is over,
by anyone. The spectators' channel is written and read by logged-in people
not seated at the table; the players read it only once the game is over, so
nobody at the table can be helped (see `chat.access`). A tournament has one
channel, written by its entrants and its creator and read by logged-in people.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tables.models import Table
from tournaments.models import Tournament

MAX_LENGTH = 500


class Channel(models.TextChoices):
    PLAYERS = "players", "Players"
    SPECTATORS = "spectators", "Spectators"
    TOURNAMENT = "tournament", "Tournament"


class Message(models.Model):
    # Where it was written: a table or a tournament, never both.
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, null=True, blank=True, related_name="chat_messages"
    )
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, null=True, blank=True, related_name="chat_messages"
    )
    channel = models.CharField(max_length=10, choices=Channel.choices)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_messages"
    )
    # Plain text, newlines kept; escaped wherever it is shown.
    text = models.TextField(max_length=MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)
    hidden_at = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    # The last time a moderator hid or restored it: the chat's poll watches it
    # so that a hidden message disappears from open pages too.
    moderated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "id"]
        indexes = [
            models.Index(fields=["table", "channel", "id"], name="chat_message_channel_idx"),
            models.Index(fields=["tournament", "id"], name="chat_message_tournament_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(table__isnull=False, tournament__isnull=True)
                | models.Q(table__isnull=True, tournament__isnull=False),
                name="chat_message_in_one_place",
            )
        ]

    def __str__(self) -> str:
        return f"{self.author} at {self.place}: {self.text[:40]}"

    @property
    def place(self) -> Table | Tournament:
        """The table or the tournament it was written in."""
        return self.table if self.table_id is not None else self.tournament

    @property
    def hidden(self) -> bool:
        return self.hidden_at is not None


class Report(models.Model):
    """A reader's report of a message, open until a moderator hides the
    message or dismisses the report."""

    class Outcome(models.TextChoices):
        OPEN = "", "Open"
        HIDDEN = "hidden", "Message hidden"
        DISMISSED = "dismissed", "Dismissed"

    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_reports"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    outcome = models.CharField(max_length=10, choices=Outcome.choices, default="", blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["message", "reporter"], name="chat_report_once"),
        ]
        indexes = [
            models.Index(
                fields=["created_at"],
                condition=models.Q(resolved_at__isnull=True),
                name="chat_report_open_idx",
            )
        ]

    def __str__(self) -> str:
        return f"Report by {self.reporter} of message {self.message_id}"

    @property
    def is_open(self) -> bool:
        return self.resolved_at is None


class Mute(models.Model):
    """A user may not chat anywhere on the site until `until` (they may still
    play). Lifting a mute moves `until` to the moment it was lifted."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes"
    )
    until = models.DateTimeField(db_index=True)
    reason = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["-until"]

    def __str__(self) -> str:
        return f"{self.user} muted until {self.until:%Y-%m-%d %H:%M}"


class ModerationEvent(models.Model):
    """Who did what, when: written by the moderation services only, never
    edited."""

    class Action(models.TextChoices):
        HIDE = "hide", "Hid a message"
        RESTORE = "restore", "Restored a message"
        DISMISS = "dismiss", "Dismissed a report"
        MUTE = "mute", "Muted a user"
        UNMUTE = "unmute", "Lifted a mute"

    at = models.DateTimeField(auto_now_add=True, db_index=True)
    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    action = models.CharField(max_length=10, choices=Action.choices)
    message = models.ForeignKey(
        Message, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The user acted upon (the writer, the muted user).",
    )
    note = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.moderator} {self.get_action_display().lower()} at {self.at:%Y-%m-%d %H:%M}"
