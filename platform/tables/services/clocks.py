"""The clocks' side of a game: reminders, vacations, a moderator's extension
(the clocks themselves start and stop with the moves: see `seat_clocks`).

Locks and the races they prevent:
- `seat_remind` claims the reminder with a conditional update (the seat's
  `reminded_at` still empty): two sweeps at once, or a sweep and the move
  that stops the clock, remind a player once or not at all. It takes no
  table lock, so it never waits behind a move.
- `seat_clocks_reschedule` locks the player's running seats (their rows
  only): two changes of vacations at once are applied one after the other.
  A move that stops one of those clocks meanwhile waits for it, then writes
  the clock it stops.
- `seat_deadline_extend` locks the seat's row: two extensions both count.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from accounts.vacations import pauses_for
from tables import clock, events, seat_clocks
from tables.errors import Conflict
from tables.models import Seat, Table


def seat_remind(*, seat_id: int, now: datetime) -> bool:
    """Warn a player whose turn is 80% used, once per turn. The conditional
    update claims the reminder: if it changes no row, another sweep (or a
    move) got there first."""
    with transaction.atomic():
        claimed = Seat.objects.filter(
            pk=seat_id,
            must_act=True,
            reminded_at__isnull=True,
            remind_at__lte=now,
            deadline_at__gt=now,
            table__status=Table.Status.ACTIVE,
        ).update(reminded_at=now)
        if not claimed:
            return False
        seat = Seat.objects.select_related("table", "user__profile").get(pk=seat_id)
        events.reminder_due.send(sender=Table, table=seat.table, seat=seat, now=now)
    return True


def seat_clocks_reschedule(*, user: AbstractBaseUser) -> int:
    """Move the deadlines of a player's running clocks (after their vacations
    changed). Returns the seats updated."""
    now = clock.now()
    with transaction.atomic():
        seats = list(
            Seat.objects.filter(user=user, must_act=True, table__status=Table.Status.ACTIVE)
            .select_related("table")
            .select_for_update(of=("self",))
        )
        since = min([now] + [s.turn_started_at for s in seats if s.turn_started_at])
        pauses = pauses_for([user.pk], since).get(user.pk, [])
        for seat in seats:
            seat_clocks.schedule(seat.table, seat, pauses)
            seat.save(update_fields=["deadline_at", "remind_at"])
    return len(seats)


def seat_clocks_on_vacation(sender, *, user: AbstractBaseUser, **_) -> None:
    """The one way the accounts app's vacations reach the clocks (its
    `vacation_changed` signal)."""
    seat_clocks_reschedule(user=user)


def seat_deadline_extend(*, seat_id: int, by: timedelta) -> Seat:
    """A moderator gives a player more time on their running clock."""
    with transaction.atomic():
        seat = Seat.objects.select_for_update().select_related("table").get(pk=seat_id)
        if not seat.must_act or seat.deadline_at is None:
            raise Conflict("This seat's clock is not running.")
        seat.time_left = seat_clocks.bank(seat.table, seat) + by
        seat.deadline_at += by
        if seat.reminded_at is None and seat.remind_at is not None:
            seat.remind_at += by
        seat.save(update_fields=["time_left", "deadline_at", "remind_at"])
    return seat
