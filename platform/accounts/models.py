"""Players' profiles (notification choices, vacation), their API tokens, and
the skeletons of their names."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models


class Profile(models.Model):
    class Notify(models.TextChoices):
        IMMEDIATE = "immediate", "At once (one email until I open the table)"
        DIGEST = "digest", "A daily digest of the games waiting for me"
        NEVER = "never", "Never"

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    notify_turn = models.CharField(
        "Tell me it is my turn", max_length=10, choices=Notify.choices, default=Notify.IMMEDIATE
    )
    notify_reminder = models.BooleanField("Warn me when my time is nearly out", default=True)
    notify_game_over = models.BooleanField("Tell me when a game ends", default=True)
    notify_invitation = models.BooleanField("Tell me when I am invited to a table", default=True)
    notify_tournament = models.BooleanField(
        "Tell me the news of the tournaments I enter", default=True
    )
    # Web push to the player's devices, beside the email's own choice: a player
    # on the email digest may still want a push at once.
    notify_push = models.CharField(
        "Push a notice to my devices",
        max_length=10,
        choices=[(Notify.IMMEDIATE, "At once"), (Notify.NEVER, "Never")],
        default=Notify.IMMEDIATE,
    )
    # The player's own time zone (an IANA name): every time they read is in it,
    # and their playing hours are kept in it.
    time_zone = models.CharField(max_length=64, default="UTC")
    # Playing hours: outside them the player's clocks stop and their notices
    # wait. Both empty: the clocks run all day. `days_off` holds day names
    # ("sat", "sun") on which the clocks do not run at all.
    hours_start = models.TimeField(null=True, blank=True)
    hours_end = models.TimeField(null=True, blank=True)
    days_off = models.JSONField(default=list, blank=True)
    # Set only on the site's bot accounts (see the autoplay app): the level they play at.
    bot_level = models.CharField(max_length=8, blank=True, editable=False)

    def __str__(self) -> str:
        return f"Profile of {self.user}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    def clean(self) -> None:
        """The zone and hours a player could have set themselves (the admin
        edits profiles; the settings page and the API check the same)."""
        from accounts import zones
        from accounts.hours import DAYS, HoursError, PlayingHours, days_named

        errors = {}
        try:
            zones.checked(self.time_zone)
        except zones.ZoneError as exc:
            errors["time_zone"] = str(exc)
        days = self.days_off if isinstance(self.days_off, list) else None
        if days is None or any(day not in DAYS for day in days):
            errors["days_off"] = f"A list of days among {', '.join(DAYS)}."
        elif not errors and (self.hours_start or self.hours_end or days):
            try:
                PlayingHours(
                    zones.zone_named(self.time_zone),
                    self.hours_start,
                    self.hours_end,
                    days_named(days),
                )
            except HoursError as exc:
                field = {"start": "hours_start", "days_off": "days_off"}.get(exc.part, "hours_end")
                errors[field] = str(exc)
        if errors:
            raise ValidationError(errors)


class Vacation(models.Model):
    """Days away: the player's clocks do not run from the start of `starts_on`
    to the end of `ends_on`, in the player's own time zone."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    starts_on = models.DateField()
    ends_on = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["starts_on"]
        indexes = [models.Index(fields=["user", "ends_on"])]

    def __str__(self) -> str:
        return f"{self.user} away {self.starts_on} to {self.ends_on}"

    @property
    def days(self) -> int:
        return (self.ends_on - self.starts_on).days + 1


class ApiToken(models.Model):
    """A bearer token for the JSON API. Only a hash is stored: the token itself
    is shown once, when it is created."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=60)
    # The first characters, so a user can tell their tokens apart.
    prefix = models.CharField(max_length=12)
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def active(self) -> bool:
        return self.revoked_at is None


class NameSkeleton(models.Model):
    """The confusable skeleton of a user's name (see accounts.names), kept in
    step with the name, so that sign-up can refuse a look-alike in one query."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="name_skeleton",
    )
    key = models.CharField(max_length=64, db_index=True)
    folded_key = models.CharField(max_length=64, db_index=True)

    def __str__(self) -> str:
        return f"{self.user}: {self.key[:12]}…"


class Presence(models.Model):
    """When a player last had the site open (a table page or the lobby polled)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    seen_at = models.DateTimeField()

    class Meta:
        # Kept under the name it was created with in the notifications app.
        db_table = "notifications_presence"

    def __str__(self) -> str:
        return f"{self.user} seen {self.seen_at:%Y-%m-%d %H:%M}"
