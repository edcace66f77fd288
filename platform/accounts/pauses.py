"""When a player's clocks stop: their vacations, and the hours outside their
playing hours.

`Pauses` holds them for one player from a moment on. Iterating gives the
spans in order of their start, joined where they touch (a vacation that
ends at midnight and the night that follows are one pause), and never ends
when the player keeps hours: the clock's arithmetic (`clocks.banks`) reads
only as far as it needs. Vacations are whole days in the player's own zone.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser

from accounts import hours as playing_hours
from accounts.hours import PlayingHours, Span, joined
from accounts.models import Profile, Vacation
from accounts.zones import DEFAULT, zone_named


@dataclass(frozen=True)
class Schedule:
    """What of a player's settings stops their clocks, besides vacations:
    their zone (in which their vacation days fall) and their hours."""

    zone: ZoneInfo
    hours: PlayingHours | None = None

    @classmethod
    def of(cls, profile: Profile | None) -> Schedule:
        if profile is None:
            return cls(zone_named(DEFAULT))
        return cls(zone_named(profile.time_zone), playing_hours.kept_by(profile))


def vacation_span(vacation: Vacation, zone: ZoneInfo) -> Span:
    """From the start of its first day to the end of its last one, in the
    player's zone."""
    first = datetime.combine(vacation.starts_on, datetime.min.time(), tzinfo=zone)
    after = datetime.combine(vacation.ends_on + timedelta(days=1), datetime.min.time(), tzinfo=zone)
    return first, after


class Pauses:
    """One player's pauses that end after `since`."""

    def __init__(self, vacations: Iterable[Vacation], schedule: Schedule, since: datetime):
        self.since = since
        self.schedule = schedule
        self.vacations = sorted(vacations, key=lambda v: v.starts_on)
        self._vacation_spans = [vacation_span(v, schedule.zone) for v in self.vacations]

    def __iter__(self) -> Iterator[Span]:
        streams: list[Iterable[Span]] = [self._vacation_spans]
        if self.schedule.hours is not None:
            streams.append(self.schedule.hours.off(self.since))
        return joined(heapq.merge(*streams))

    def __bool__(self) -> bool:
        return bool(self._vacation_spans) or self.schedule.hours is not None

    def resume_at(self, moment: datetime) -> datetime | None:
        """When the clock runs again, if it is stopped at `moment`."""
        for start, end in self:
            if start > moment:
                return None
            if end > moment:
                return end
        return None

    def ahead(self, moment: datetime, until: datetime, limit: int = 8) -> list[Span]:
        """The pauses between `moment` and `until`, the first one cut at
        `moment`: at most `limit` of them."""
        found: list[Span] = []
        for start, end in self:
            if start >= until or len(found) >= limit:
                break
            if end > moment:
                found.append((max(start, moment), end))
        return found

    def away_until(self, moment: datetime) -> date | None:
        """The last day of the vacation the player is on at `moment`."""
        for vacation, (start, end) in zip(self.vacations, self._vacation_spans, strict=True):
            if start <= moment < end:
                return vacation.ends_on
        return None


def _profiles(users: list[AbstractBaseUser]) -> dict[int, Profile | None]:
    """Each user's profile: the one loaded with the user (the tables' reads
    load it with the seats), else read, all in one query."""
    loaded = get_user_model().profile
    found: dict[int, Profile | None] = {}
    missing = []
    for user in users:
        if loaded.is_cached(user):
            # None when the user has no profile row (accounts made in bulk):
            # no hours kept, the default zone.
            found[user.pk] = getattr(user, "profile", None)
        else:
            missing.append(user.pk)
    if missing:
        read = {p.user_id: p for p in Profile.objects.filter(user_id__in=missing)}
        found.update({pk: read.get(pk) for pk in missing})
    return found


def pauses_for(
    users: Iterable[AbstractBaseUser],
    since: datetime,
    *,
    schedules: dict[int, Schedule] | None = None,
) -> dict[int, Pauses]:
    """The pauses of these users that end after `since`: one query for the
    vacations, and one for the profiles not loaded with the users.
    `schedules`: settings to use instead of the profiles' (as they were
    before a change)."""
    by_id = {user.pk: user for user in users}
    if not by_id:
        return {}
    schedules = dict(schedules or {})
    unknown = [user for pk, user in by_id.items() if pk not in schedules]
    schedules.update({pk: Schedule.of(p) for pk, p in _profiles(unknown).items()})
    # A vacation's last day ends at midnight in its player's zone: up to 14
    # hours after midnight UTC, so the day before `since` may still count.
    vacations: dict[int, list[Vacation]] = {pk: [] for pk in by_id}
    for vacation in Vacation.objects.filter(
        user_id__in=by_id, ends_on__gte=since.date() - timedelta(days=1)
    ):
        vacations[vacation.user_id].append(vacation)
    return {pk: Pauses(vacations[pk], schedules[pk], since) for pk in by_id}
