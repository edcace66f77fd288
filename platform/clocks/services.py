"""The clocks' side of a game: reminders, vacations, playing hours, a
moderator's extension (the clocks themselves start and stop with the moves:
see `seat_clocks`).

Locks and the races they prevent:
- `seat_remind` claims the reminder with a conditional update (the seat's
  `reminded_at` still empty): two sweeps at once, or a sweep and the move
  that stops the clock, remind a player once or not at all. It takes no
  table lock, so it never waits behind a move.
- `seat_clocks_reschedule` locks the player's running seats (their rows
  only): two changes of vacations at once are applied one after the other.
  A move that stops one of those clocks meanwhile waits for it, then writes
  the clock it stops.
- `seat_clocks_settle` (a player's zone or hours changed) runs under the lock
  the change holds on the player's profile row, so two changes of one
  player's hours are settled one after the other; it locks every seat the
  player has at a game in play, running or not, so a move that has just
  started one of those clocks is waited for and then settled too. (A move
  that read the player's hours before the change committed, and starts a
  clock after it, times that one turn by the hours it read.)
- `seat_deadline_extend` locks the seat's row: two extensions both count.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from accounts.pauses import Schedule, pauses_for
from clocks import banks, clock, seat_clocks
from tables import events
from tables.errors import Conflict
from tables.models import Seat, Table
from tables.services.changes import tables_touch_on_commit


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
        # Read once the seats are locked: a change of hours that committed
        # meanwhile is seen.
        since = min([now] + [s.turn_started_at for s in seats if s.turn_started_at])
        pauses = pauses_for([user], since)[user.pk]
        for seat in seats:
            seat_clocks.schedule(seat.table, seat, pauses)
            seat.save(update_fields=["deadline_at", "remind_at"])
        # The pages say when a clock is paused: they redraw.
        tables_touch_on_commit(s.table_id for s in seats)
    return len(seats)


def seat_clocks_on_vacation(sender, *, user: AbstractBaseUser, **_) -> None:
    """The one way the accounts app's vacations reach the clocks (its
    `vacation_changed` signal)."""
    seat_clocks_reschedule(user=user)


SETTLE_FIELDS = ["time_left", "turn_started_at", "deadline_at", "remind_at"]


def seat_clocks_settle(*, user: AbstractBaseUser, before: Schedule, after: Schedule) -> int:
    """After a player's zone or playing hours changed from `before` to
    `after`: each running clock is charged the time it ran so far under the
    old hours, and runs on from now under the new ones, so a change of hours
    never gives back time already used, nor takes any. The reminder then
    comes when 80% of what was left is used. A clock whose time has run out
    is left to the sweep: no change of hours dodges a timeout. Returns the
    seats settled. Expects the player's profile row locked."""
    now = clock.now()
    with transaction.atomic():
        seats = list(
            Seat.objects.filter(user=user, table__status=Table.Status.ACTIVE)
            .select_related("table")
            .select_for_update(of=("self",))
        )
        running = [
            s
            for s in seats
            if s.must_act
            and s.turn_started_at is not None
            and s.table.time_bank is not None
            and not seat_clocks.is_late(s, now)
        ]
        if not running:
            return 0
        since = min(s.turn_started_at for s in running)
        old = pauses_for([user], since, schedules={user.pk: before})[user.pk]
        new = pauses_for([user], now, schedules={user.pk: after})[user.pk]
        for seat in running:
            used = banks.running(seat.turn_started_at, now, old)
            seat.time_left = max(seat_clocks.bank(seat.table, seat) - used, timedelta())
            seat.turn_started_at = now
            seat_clocks.schedule(seat.table, seat, new)
            seat.save(update_fields=SETTLE_FIELDS)
        tables_touch_on_commit(s.table_id for s in running)
    return len(running)


def seat_clocks_on_schedule(
    sender, *, user: AbstractBaseUser, before: Schedule, after: Schedule, **_
) -> None:
    """The accounts app's `schedule_changed` signal (a zone or hours changed)."""
    seat_clocks_settle(user=user, before=before, after=after)


def seat_deadline_extend(*, seat_id: int, by: timedelta) -> Seat:
    """A moderator gives a player more time on their running clock: `by`
    more running time, so with playing hours the deadline moves further
    than `by` when pauses fall in between."""
    with transaction.atomic():
        seat = (
            Seat.objects.select_for_update(of=("self",))
            .select_related("table", "user")
            .get(pk=seat_id)
        )
        if not seat.must_act or seat.deadline_at is None:
            raise Conflict("This seat's clock is not running.")
        bank = seat_clocks.bank(seat.table, seat)
        seat.time_left = bank + by
        pauses = pauses_for([seat.user], seat.turn_started_at)[seat.user_id]
        start = seat.turn_started_at
        seat.deadline_at = banks.deadline(start, bank + by, pauses)
        if seat.reminded_at is None and seat.remind_at is not None:
            seat.remind_at = banks.deadline(start, bank * banks.REMIND_AT_USED + by, pauses)
        seat.save(update_fields=["time_left", "deadline_at", "remind_at"])
        tables_touch_on_commit([seat.table_id])
    return seat
