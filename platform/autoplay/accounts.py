"""The bot accounts: players named after their level (EasyBot1, MediumBot2,
HardBot3...), made on demand the first time a table needs one more of a
level than exist.

On demand rather than by a data migration: a table needs as many bots of a
level as it has seats, and the game with the most seats decides that number;
made when needed, a game with more seats needs no new migration, and an
account exists only once it has sat at a table. Their names are reserved:
sign-up refuses them (`accounts.names.is_bot_name`), so no person can hold one.

A bot account cannot log in (no usable password, no email) and is marked by
its profile's `bot_level`, which the seat reads with its user and profile at
no extra query.
"""

from __future__ import annotations

from collections.abc import Collection

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

from accounts.models import Profile
from games.bots import LEVELS

# Enough for any table: no game seats more (a test checks the registry).
MAX_PER_LEVEL = 10


def bot_name(level: str, number: int) -> str:
    return f"{level.capitalize()}Bot{number}"


def level_of(user: AbstractBaseUser) -> str | None:
    """The level of a bot account, None for a person (from the profile the
    seat's read already holds)."""
    try:
        return user.profile.bot_level or None
    except Profile.DoesNotExist:
        return None


def bot_account(level: str, *, besides: Collection[int]) -> AbstractBaseUser:
    """A bot of `level` whose user id is not in `besides` (the table's
    players), made if none is free."""
    if level not in LEVELS:
        raise ValueError(level)
    for number in range(1, MAX_PER_LEVEL + 1):
        user = _get_or_make(bot_name(level, number), level)
        if user is not None and user.pk not in besides:
            return user
    raise LookupError(f"Every {level} bot already sits at this table.")


def _get_or_make(name: str, level: str) -> AbstractBaseUser | None:
    """The bot account called `name`, or None if a person holds that name
    (one who signed up before the names were reserved)."""
    users = get_user_model().objects.select_related("profile")
    user = users.filter(username=name).first()
    if user is None:
        try:
            with transaction.atomic():
                user = get_user_model()(username=name, email="")
                user.set_unusable_password()
                user.save()
                Profile.objects.create(
                    user=user,
                    bot_level=level,
                    notify_turn=Profile.Notify.NEVER,
                    notify_reminder=False,
                    notify_game_over=False,
                    notify_invitation=False,
                    notify_tournament=False,
                )
        except IntegrityError:  # made by another table at the same moment
            user = users.filter(username=name).first()
    return user if user is not None and level_of(user) == level else None
