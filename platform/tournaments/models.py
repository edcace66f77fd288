"""Tournaments: the event, its entries, its rounds and the tables each round seats.

A round's tables are ordinary tables (`tables.Table`, opened and started by
the lobby's services, rated); `TournamentTable` ties one to its round, so
the tables app knows nothing of tournaments.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tables.models import Table


class Tournament(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        ELIMINATION = "elimination", "Single elimination"

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Taking entries"
        RUNNING = "running", "In play"
        PAUSED = "paused", "Paused"
        FINISHED = "finished", "Finished"
        CANCELLED = "cancelled", "Cancelled"

    name = models.CharField(max_length=100)
    game = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    time_control = models.CharField(max_length=16, default="normal")
    seats_per_table = models.PositiveSmallIntegerField()
    format = models.CharField(max_length=12, choices=Format.choices, default=Format.SWISS)
    # Swiss: as chosen; round robin and elimination: set at the start.
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    starts_at = models.DateTimeField(db_index=True)
    max_entries = models.PositiveSmallIntegerField()
    # Entry rules (None: no rule).
    min_rating = models.IntegerField(null=True, blank=True)
    min_finished_games = models.PositiveIntegerField(null=True, blank=True)
    max_recent_timeouts = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="At most this many timeouts in the last 30 days."
    )
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_tournaments"
    )
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.SCHEDULED, db_index=True
    )
    # The pairing's random choices come from this seed and the round's number.
    seed = models.BigIntegerField()
    # One more at every change its page shows: the id of its live events.
    revision = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-id"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_open(self) -> bool:
        return self.status in (self.Status.SCHEDULED, self.Status.RUNNING, self.Status.PAUSED)


class Entry(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries"
    )
    # The order of entry, then (at the start) the rating's rank: lower is stronger.
    seed = models.PositiveIntegerField(default=0)
    points = models.FloatField(default=0.0)
    tie_break = models.FloatField(default=0.0)
    average_place = models.FloatField(default=0.0)
    byes = models.PositiveSmallIntegerField(default=0)
    # Tables the player was dropped from for running out of time.
    tables_timed_out = models.PositiveSmallIntegerField(default=0)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdraw_reason = models.CharField(max_length=200, blank=True)
    # Single elimination: out of the tournament (withdrawn players are too).
    eliminated = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "seed", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="entry_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament}"

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_at is not None


class Round(models.Model):
    class Status(models.TextChoices):
        RUNNING = "running", "In play"
        FINISHED = "finished", "Finished"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    # Users who sat this round out with a bye.
    byes = models.JSONField(default=list, blank=True)
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            # The backstop of the round's claim: a round is started once.
            models.UniqueConstraint(fields=["tournament", "number"], name="round_once"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class TournamentTable(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="tournament_table")
    # Set when the table's result has been counted in the standings.
    counted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "table"]

    def __str__(self) -> str:
        return f"{self.table} in {self.round}"
