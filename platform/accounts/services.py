"""Account services: sign-up, profiles, and a player's time zone and hours.

Locks: `schedule_set` locks the player's profile row, so two changes of one
player's zone or hours (two pages, a page and a script) are made one after
the other, each settling the clocks from what the one before it left.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from accounts import readers, zones
from accounts.hours import DAYS, HoursError, PlayingHours
from accounts.models import Profile
from accounts.pauses import Schedule
from accounts.signals import schedule_changed
from accounts.zones import ZoneError

# `schedule_set(hours=UNCHANGED)`: the hours stay as they are.
UNCHANGED = object()


def profile_get(user: AbstractBaseUser) -> Profile:
    """The user's profile, made with defaults the first time it is needed."""
    profile, _ = Profile.objects.get_or_create(user=user)
    return profile


@transaction.atomic
def user_sign_up(*, form) -> AbstractBaseUser:
    user = form.save()
    Profile.objects.create(user=user, time_zone=form.cleaned_data.get("time_zone") or zones.DEFAULT)
    return user


def schedule_set(
    *,
    user: AbstractBaseUser,
    time_zone: object = None,
    hours: object = UNCHANGED,
) -> Profile:
    """Change a player's time zone (None: keep it) and playing hours: a dict
    of `start`, `end` ("08:00") and `days_off` (["sat", "sun"]), None to
    keep none, or UNCHANGED. Everything is checked before anything is
    written: ZoneError or HoursError, in the player's words. The clocks
    running for the player are settled (`schedule_changed`) in the same
    transaction."""
    with transaction.atomic():
        profile_get(user)
        profile = Profile.objects.select_for_update().get(user=user)
        if profile.is_bot:
            raise HoursError("Bots keep no hours: their clocks run all day.")
        zone_name = profile.time_zone if time_zone is None else zones.checked(time_zone)
        zone = zones.zone_named(zone_name)
        if hours is UNCHANGED:
            kept = Schedule.of(profile).hours
            if kept is not None:
                kept = PlayingHours(zone, kept.start, kept.end, kept.days_off)
        elif hours is None:
            kept = None
        elif isinstance(hours, dict):
            kept = PlayingHours.build(
                zone, hours.get("start"), hours.get("end"), hours.get("days_off", [])
            )
        else:
            raise HoursError("Playing hours are {start, end, days_off}, or null for none.")
        before = Schedule.of(profile)
        profile.time_zone = zone_name
        profile.hours_start = kept.start if kept else None
        profile.hours_end = kept.end if kept else None
        profile.days_off = [DAYS[d] for d in sorted(kept.days_off)] if kept else []
        profile.save(update_fields=["time_zone", "hours_start", "hours_end", "days_off"])
        after = Schedule(zone, kept)
        if after != before:
            schedule_changed.send(sender=Profile, user=user, before=before, after=after)
        transaction.on_commit(lambda: readers.remember(user.pk, zone_name))
    return profile


__all__ = ["UNCHANGED", "HoursError", "ZoneError", "profile_get", "schedule_set", "user_sign_up"]
