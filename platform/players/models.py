"""Ratings: one per player per game and pool, and the change each rated
game made.

Two pools: games between people only, and rated games against bots, kept
apart so that beating bots never lifts a player among people (see
`players.ratings.pool_of`).

`Rating` holds the skill estimate (mu, sigma) and the number shown to people
(`shown`, kept in a column so a leaderboard is one indexed read). A
`RatingChange` row per (table, player) records what one game did; its unique
constraint is what makes a finished game count once, however it ended.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Pool(models.TextChoices):
    PLAYERS = "players", "Against players"
    BOTS = "bots", "Against bots"


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(max_length=32)
    pool = models.CharField(max_length=8, choices=Pool.choices, default=Pool.PLAYERS)
    mu = models.FloatField()
    sigma = models.FloatField()
    shown = models.IntegerField(help_text="The rating players see (see players.ratings).")
    games = models.PositiveIntegerField(default=0, help_text="Rated games finished.")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game", "pool"], name="rating_user_game_pool_unique"
            ),
        ]
        indexes = [
            models.Index(fields=["game", "pool", "-shown"], name="rating_pool_leaderboard_idx")
        ]

    def __str__(self) -> str:
        return f"{self.user} at {self.game} ({self.pool}): {self.shown}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating. Written once, with the
    game's end, and never edited."""

    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    game = models.CharField(max_length=32)
    pool = models.CharField(max_length=8, choices=Pool.choices, default=Pool.PLAYERS)
    seat = models.PositiveSmallIntegerField()
    # The place the rating counted (a dropped player's is below everyone's).
    place = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    shown_before = models.IntegerField()
    shown_after = models.IntegerField()
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            # A game finished twice (a race, a retry) must not count twice.
            models.UniqueConstraint(fields=["table", "user"], name="rating_change_once"),
        ]
        indexes = [models.Index(fields=["user", "-created_at"], name="rating_change_user_idx")]

    def __str__(self) -> str:
        return f"{self.user} in {self.table_id}: {self.shown_before} → {self.shown_after}"

    @property
    def delta(self) -> int:
        return self.shown_after - self.shown_before
