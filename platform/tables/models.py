"""Tables, their seats and the append-only move log.

The current state of every table's game, whichever the game, lives in one
model (`TableState`), one row per table, so a page reads one row instead of
replaying the log.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"
        ABORTED = "aborted", "Cancelled"

    game = models.CharField(max_length=32, db_index=True)
    options = models.JSONField(default=dict, blank=True)
    max_players = models.PositiveSmallIntegerField()
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_tables"
    )
    # Secret until the end: with the moves it replays the game, hidden cards included.
    seed = models.BigIntegerField()
    engine_version = models.PositiveIntegerField(default=1)
    # The number of moves applied; clients send it back with each move.
    version = models.PositiveIntegerField(default=0)
    # One more at every change an open page shows (a move, a seat taken or
    # left, an invitation, the start, the end): the id of the table's live
    # events, by which a dropped stream resumes (see the live app).
    revision = models.PositiveBigIntegerField(default=0, db_default=0)

    # Time control: a bank per player, an increment per turn, a cap.
    # All None: no limit.
    time_control = models.CharField(max_length=16, default="normal")
    time_bank = models.DurationField(null=True, blank=True)
    time_increment = models.DurationField(null=True, blank=True)
    time_cap = models.DurationField(null=True, blank=True)
    max_timeouts = models.PositiveSmallIntegerField(
        default=3, help_text="Timeouts after which a player is dropped."
    )
    # A rated game's result changes its players' ratings (see players.ratings).
    rated = models.BooleanField(default=True)
    # A dropped or resigned player's seat is played by a medium bot rather
    # than by its timeout move (see the autoplay app).
    bot_takeover = models.BooleanField(
        "Bots take over dropped seats",
        default=True,
        help_text="A medium bot plays the seat of a player who is dropped or resigns.",
    )

    # Public summaries, so lists need no state decoding.
    to_act = models.JSONField(default=list, blank=True)
    prompt = models.CharField(max_length=300, blank=True)
    summary = models.CharField(max_length=200, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    # The log lines of the deal (before any move), in the engine's format.
    setup_log = models.JSONField(default=list, blank=True)

    # The finished table this one is the rematch of (its page offers it).
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    # No index holds a column that every move changes (updated_at, version,
    # to_act...): PostgreSQL then updates a table's row in place (a HOT
    # update) instead of adding an entry to every index at each move.

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    # Set while the seat is in the game's to_act.
    must_act = models.BooleanField(default=False)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    # When the clock of the current turn runs out, and when to warn the
    # player (80% of the turn's time used). Both None without a time limit.
    deadline_at = models.DateTimeField(null=True, blank=True)
    remind_at = models.DateTimeField(null=True, blank=True)
    reminded_at = models.DateTimeField(null=True, blank=True)
    # The player's bank of time while their clock is stopped.
    time_left = models.DurationField(null=True, blank=True)
    timeouts = models.PositiveSmallIntegerField(default=0)
    dropped_at = models.DateTimeField(null=True, blank=True)
    drop_reason = models.CharField(max_length=200, blank=True)

    # This person chose a rated game against bots: a game with a bot is
    # rated only if every person at it chose so (see players.ratings).
    rated_against_bots = models.BooleanField(default=False, db_default=False)

    # The seat's choice per standing order (`Engine.clean_standing_orders`),
    # and beside it what the platform keeps to end them on news: what the
    # seat knew of each when it set it, and the notices of those news ended
    # (see `tables.services.standing_orders`).
    standing_orders = models.JSONField(default=dict, blank=True)
    order_news = models.JSONField(default=dict, blank=True)
    # The table version this player last looked at, and the version of the
    # last "your turn" email: no second one until they have looked.
    seen_version = models.PositiveIntegerField(null=True, blank=True)
    notified_version = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="seat_number_unique"),
            models.UniqueConstraint(fields=["table", "user"], name="seat_user_unique"),
        ]
        indexes = [
            # The sweep's two scans read only seats whose clock is running.
            models.Index(
                fields=["deadline_at"], condition=models.Q(must_act=True), name="seat_deadline_idx"
            ),
            models.Index(
                fields=["remind_at"],
                condition=models.Q(must_act=True, reminded_at__isnull=True),
                name="seat_remind_idx",
            ),
            models.Index(fields=["user", "must_act"], name="seat_user_acting_idx"),
            # The bots' sweep: dropped seats a bot plays, waiting to act.
            models.Index(
                fields=["turn_started_at"],
                condition=models.Q(must_act=True, dropped_at__isnull=False),
                name="seat_dropped_acting_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} at {self.table} (seat {self.number})"

    @property
    def dropped(self) -> bool:
        return self.dropped_at is not None


class Move(models.Model):
    """One applied move. Rows are only ever added: this is the audit trail and
    the replay of the game."""

    class Kind(models.TextChoices):
        PLAYER = "player", "Player"
        TIMEOUT = "timeout", "Timeout"
        STANDING = "standing", "Standing order"
        DROPPED = "dropped", "Dropped player"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    move = models.JSONField()
    # Log lines from the engine: [{"text": ..., "to": None | [seats]}].
    log = models.JSONField(default=list)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PLAYER)
    # The piece the move acted on, named from its seat's side of the table
    # (`MoveInfo.target` before the move; empty: none), and whether the move
    # named what only its seat could see (`MoveInfo.private`): the board
    # marks the pieces others acted on since a player's own last move. The
    # database fills them in for rows written without them.
    target = models.CharField(max_length=100, blank=True, default="", db_default="")
    private = models.BooleanField(default=False, db_default=False)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["table", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="move_seq_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.table} move {self.seq}"


class Invitation(models.Model):
    """A player invited by name to an open table."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "user"], name="invitation_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} invited to {self.table}"


class TableState(models.Model):
    """The current state of a table's game (the engine's JSON), from the
    start of the game on: one model for every game, since nothing in it
    differs between games."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, primary_key=True)
    state = models.JSONField()

    def __str__(self) -> str:
        return f"state of {self.table_id}"
