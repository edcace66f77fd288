"""Vacations: days away when a player's clocks stop (whole days in the
player's own time zone: `accounts.pauses`). A yearly allowance keeps them
honest."""

from __future__ import annotations

from datetime import date, timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q

from accounts.models import Vacation
from accounts.signals import vacation_changed

YEARLY_ALLOWANCE_DAYS = 14
# How far ahead a vacation may be booked; with the allowance, this keeps its
# dates far from the calendar's end (date.max + 1 day cannot be computed).
BOOKING_AHEAD_DAYS = 366


def days_used(user: AbstractBaseUser, year: int) -> int:
    first, last = date(year, 1, 1), date(year, 12, 31)
    total = 0
    for vacation in Vacation.objects.filter(
        Q(user=user) & Q(starts_on__lte=last) & Q(ends_on__gte=first)
    ):
        total += (min(vacation.ends_on, last) - max(vacation.starts_on, first)).days + 1
    return total


class VacationError(ValueError):
    pass


def vacation_add(*, user: AbstractBaseUser, starts_on: date, ends_on: date, today: date):
    """Book days away, within the yearly allowance, then move the deadlines
    of the user's running clocks."""
    if ends_on < starts_on:
        raise VacationError("The vacation must end on or after its first day.")
    if starts_on < today:
        raise VacationError("A vacation cannot start in the past.")
    if starts_on > today + timedelta(days=BOOKING_AHEAD_DAYS):
        raise VacationError(f"A vacation can be booked at most {BOOKING_AHEAD_DAYS} days ahead.")
    with transaction.atomic():
        for year in range(starts_on.year, ends_on.year + 1):
            first, last = max(starts_on, date(year, 1, 1)), min(ends_on, date(year, 12, 31))
            wanted = (last - first).days + 1
            used = days_used(user, year)
            if used + wanted > YEARLY_ALLOWANCE_DAYS:
                raise VacationError(
                    f"That is {wanted} days in {year}; you have "
                    f"{max(YEARLY_ALLOWANCE_DAYS - used, 0)} of {YEARLY_ALLOWANCE_DAYS} left."
                )
        if Vacation.objects.filter(
            user=user, starts_on__lte=ends_on, ends_on__gte=starts_on
        ).exists():
            raise VacationError("This overlaps a vacation you already booked.")
        vacation = Vacation.objects.create(user=user, starts_on=starts_on, ends_on=ends_on)
        vacation_changed.send(sender=Vacation, user=user)
    return vacation


def vacation_cancel(*, vacation: Vacation, today: date) -> None:
    """Cancel a vacation that has not started yet (days already away stay used)."""
    if vacation.starts_on <= today:
        raise VacationError("A vacation that has started cannot be cancelled.")
    with transaction.atomic():
        user = vacation.user
        vacation.delete()
        vacation_changed.send(sender=Vacation, user=user)


def vacation_end(*, vacation: Vacation, today: date) -> None:
    """Come back early from a vacation under way: today is no longer a day
    away (the days before it stay used), and the clocks run again."""
    if vacation.starts_on > today:
        raise VacationError("This vacation has not started: cancel it instead.")
    if vacation.ends_on < today:
        raise VacationError("This vacation is already over.")
    with transaction.atomic():
        user = vacation.user
        if vacation.starts_on == today:
            vacation.delete()
        else:
            vacation.ends_on = today - timedelta(days=1)
            vacation.save(update_fields=["ends_on"])
        vacation_changed.send(sender=Vacation, user=user)
