"""Changing one's time zone or playing hours settles one's running clocks:
the time used so far is charged under the old hours, the rest runs under the
new ones; a clock already out of time is left to the sweep; two changes at
once (threads on PostgreSQL) end consistent."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from accounts.models import Profile
from accounts.pauses import pauses_for
from accounts.services import schedule_set
from accounts.vacations import vacation_add
from clocks import banks
from clocks.sweep import deadlines_sweep
from tables import services
from tables.models import Move, Seat
from tests.clocks.helpers import HOUR, MIN, hour_control
from tests.conftest import requires_postgres, start_table
from tests.support.concurrency import race

pytestmark = pytest.mark.django_db


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)


def acting(table) -> Seat:
    table.refresh_from_db()
    return Seat.objects.select_related("user").get(table=table, number=table.to_act[0])


def in_paris(users) -> None:
    for user in users:
        schedule_set(user=user, time_zone="Europe/Paris")


def consistent(seat: Seat) -> bool:
    """The seat's deadline is its bank run from its turn's start under the
    hours its player keeps now."""
    pauses = pauses_for([seat.user], seat.turn_started_at)[seat.user_id]
    return seat.deadline_at == banks.deadline(seat.turn_started_at, seat.time_left, pauses)


def test_new_hours_never_give_back_time_already_used(users, frozen):
    in_paris(users[:2])
    frozen.set(utc(2026, 3, 2, 9))  # Monday 10:00 in Paris, no hours kept
    table = start_table("coup", users[:2], time_control=hour_control(bank=4 * HOUR, cap=4 * HOUR))
    seat = acting(table)
    assert seat.deadline_at == utc(2026, 3, 2, 13)
    # At noon the player keeps 14:00-23:00: the two hours used stay used,
    # and the two left run from 14:00.
    frozen.set(utc(2026, 3, 2, 11))
    schedule_set(user=seat.user, hours={"start": "14:00", "end": "23:00", "days_off": []})
    seat.refresh_from_db()
    assert seat.time_left == 2 * HOUR
    assert seat.turn_started_at == utc(2026, 3, 2, 11)
    assert seat.deadline_at == utc(2026, 3, 2, 15)  # 16:00 in Paris
    assert seat.remind_at == utc(2026, 3, 2, 14, 36)  # 80% of the two hours
    # Back to all day at 13:00 (paused since noon): nothing was used since.
    frozen.set(utc(2026, 3, 2, 12))
    schedule_set(user=seat.user, hours=None)
    seat.refresh_from_db()
    assert seat.time_left == 2 * HOUR and seat.deadline_at == utc(2026, 3, 2, 14)
    # The move charges the time since, and earns the increment.
    frozen.set(utc(2026, 3, 2, 12, 30))
    table.refresh_from_db()
    services.move_submit(
        table_id=table.pk, user=seat.user, version=table.version, move={"action": "income"}
    )
    seat.refresh_from_db()
    assert seat.time_left == 2 * HOUR  # 2 h - 30 min + the increment of 30 min
    assert consistent(acting(table))


def test_a_change_of_zone_moves_the_hours_with_it(users, frozen):
    for user in users[:2]:
        schedule_set(
            user=user,
            time_zone="Europe/Paris",
            hours={"start": "08:00", "end": "23:00", "days_off": []},
        )
    frozen.set(utc(2026, 3, 2, 21))  # Monday 22:00 in Paris
    table = start_table("coup", users[:2], time_control=hour_control(bank=3 * HOUR, cap=3 * HOUR))
    seat = acting(table)
    assert seat.deadline_at == utc(2026, 3, 3, 9)
    # The player moves to Seoul (Tuesday 06:00 there): the same hours, there.
    schedule_set(user=seat.user, time_zone="Asia/Seoul")
    seat.refresh_from_db()
    assert Profile.objects.get(user=seat.user).hours_start.hour == 8
    assert seat.deadline_at == utc(2026, 3, 2, 23) + 3 * HOUR  # 08:00 Seoul + 3 h


def test_a_clock_already_out_of_time_is_left_to_the_sweep(users, frozen):
    frozen.set(utc(2026, 3, 2, 9))
    table = start_table("coup", users[:2], time_control=hour_control())
    seat = acting(table)
    frozen.set(seat.deadline_at + MIN)
    # Hours that would pause it now cannot save it.
    schedule_set(user=seat.user, hours={"start": "14:00", "end": "23:00", "days_off": []})
    seat.refresh_from_db()
    assert seat.deadline_at == utc(2026, 3, 2, 10)
    assert deadlines_sweep(now=frozen.now).seats_timed_out == 1
    assert Move.objects.get(table=table).kind == "timeout"


def test_a_change_that_changes_nothing_settles_nothing(users, frozen):
    in_paris(users[:2])
    frozen.set(utc(2026, 3, 2, 9))
    table = start_table("coup", users[:2], time_control=hour_control())
    seat = acting(table)
    frozen.advance(10 * MIN)
    schedule_set(user=seat.user, time_zone="Europe/Paris", hours=None)
    seat.refresh_from_db()
    assert seat.turn_started_at == utc(2026, 3, 2, 9)  # not settled again


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_changes_of_hours_at_once_end_consistent(users, frozen):
    in_paris(users[:2])
    frozen.set(utc(2026, 3, 2, 9))  # Monday 10:00 in Paris
    table = start_table("coup", users[:2], time_control=hour_control(bank=6 * HOUR, cap=6 * HOUR))
    seat = acting(table)
    player = seat.user
    mornings = {"start": "06:00", "end": "14:00", "days_off": []}
    evenings = {"start": "14:00", "end": "23:00", "days_off": ["sun"]}
    for attempt in range(4):
        frozen.set(utc(2026, 3, 2, 11 + attempt))  # an hour later each time
        results = race(
            lambda: schedule_set(user=player, hours=mornings),
            lambda: schedule_set(user=player, hours=evenings),
        )
        assert all(isinstance(r, Profile) for r in results), results
        seat.refresh_from_db()
        kept = Profile.objects.get(user=player)
        assert (kept.hours_start.hour, kept.days_off) in ((6, []), (14, ["sun"]))
        assert seat.turn_started_at == frozen.now
        assert consistent(Seat.objects.select_related("user").get(pk=seat.pk))
    # From 10:00 in Paris the clock ran under no hours to noon, then under
    # whichever hours each race left: what was used is the same both ways.
    used = 6 * HOUR - seat.time_left
    assert HOUR * 2 <= used <= HOUR * 5


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_a_change_of_hours_and_a_vacation_at_once_end_consistent(users, frozen):
    in_paris(users[:2])
    frozen.set(utc(2026, 3, 2, 9))
    table = start_table("coup", users[:2], time_control=hour_control(bank=20 * HOUR, cap=20 * HOUR))
    seat = acting(table)
    player = seat.user
    frozen.set(utc(2026, 3, 2, 12))
    results = race(
        lambda: schedule_set(user=player, hours={"start": "08:00", "end": "20:00", "days_off": []}),
        lambda: vacation_add(
            user=player,
            starts_on=date(2026, 3, 3),
            ends_on=date(2026, 3, 3),
            today=date(2026, 3, 2),
        ),
    )
    assert not any(isinstance(r, Exception) for r in results), results
    seat = Seat.objects.select_related("user").get(pk=seat.pk)
    assert consistent(seat)
    # 3 h used before the change; of the 17 h left, 7 on Monday (to 20:00),
    # none on Tuesday (away), 10 on Wednesday from 08:00.
    assert seat.deadline_at == utc(2026, 3, 4, 17)


def test_a_player_without_a_profile_keeps_no_hours(users, frozen):
    """Accounts made in bulk (an import, a script) have no profile row: their
    clocks run at all hours, and a table of theirs starts and plays."""
    Profile.objects.filter(user__in=users[:2]).delete()
    frozen.set(utc(2026, 3, 2, 9))
    table = start_table("coup", users[:2], time_control=hour_control(bank=4 * HOUR, cap=4 * HOUR))
    assert acting(table).deadline_at == utc(2026, 3, 2, 13)
