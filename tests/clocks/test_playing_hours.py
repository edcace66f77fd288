"""Playing hours stop a player's clock outside them: turns started in the
evening, over a day boundary, across the changes of daylight time (Paris and
New York, spring and autumn), hours ending past midnight, days off, hours with
a vacation, the longest bank with the fewest hours; the sweep waits while the
clock is paused and acts once it runs; increments, caps and turns unchanged.

Times are written in the player's zone in the comments and in UTC in the
assertions."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from accounts.hours import HoursError, PlayingHours, kept_by
from accounts.pauses import Schedule, pauses_for
from accounts.services import schedule_set
from accounts.vacations import vacation_add
from autoplay.accounts import bot_account
from clocks import banks, controls, seat_clocks
from clocks.sweep import deadlines_sweep
from notifications.models import Notification
from tables import services
from tables.models import Move, Seat
from tests.clocks.helpers import HOUR, MIN, SECOND, hour_control
from tests.conftest import start_table

pytestmark = pytest.mark.django_db

PARIS = ZoneInfo("Europe/Paris")
NEW_YORK = ZoneInfo("America/New_York")
SEOUL = ZoneInfo("Asia/Seoul")
DAY = timedelta(days=1)


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)


def hours(zone, start, end, days=()) -> PlayingHours:
    return PlayingHours.build(zone, start, end, list(days))


def keep(users, zone: str, start: str, end: str, days=()) -> None:
    for user in users:
        schedule_set(
            user=user, time_zone=zone, hours={"start": start, "end": end, "days_off": list(days)}
        )


def seat_to_act(table) -> Seat:
    table.refresh_from_db()
    return Seat.objects.get(table=table, number=table.to_act[0])


def started(users, frozen, at: datetime, bank: timedelta, *, increment=HOUR, cap=None):
    """A two-player Coup table started at `at`; the seat asked first."""
    frozen.set(at)
    control = hour_control(bank=bank, increment=increment, cap=cap or max(bank, 8 * HOUR))
    table = start_table("coup", users[:2], time_control=control)
    return table, seat_to_act(table)


# -- the hours themselves ------------------------------------------------------------


def test_a_stretch_belongs_to_the_day_it_starts_on():
    late = hours(PARIS, "10:00", "01:00", ["sat"])
    # Friday 6 March 10:00 to Saturday 01:00 (CET); nothing from Saturday
    # 10:00; Sunday 10:00 to Monday 01:00.
    found = list(zip(range(3), late.stretches(utc(2026, 3, 6, 8)), strict=False))
    assert [s for _, s in found] == [
        (utc(2026, 3, 6, 9), utc(2026, 3, 7, 0)),
        (utc(2026, 3, 8, 9), utc(2026, 3, 9, 0)),
        (utc(2026, 3, 9, 9), utc(2026, 3, 10, 0)),
    ]
    assert late.is_open(utc(2026, 3, 6, 23, 30))  # Saturday 00:30 in Paris
    assert late.next_opening(utc(2026, 3, 7, 0, 30)) == utc(2026, 3, 8, 9)
    assert late.opens_at(utc(2026, 3, 8, 9)) and not late.opens_at(utc(2026, 3, 8, 9, 1))


def test_a_stretch_across_the_change_of_daylight_time_is_an_hour_shorter_or_longer():
    night = hours(PARIS, "20:00", "06:00")
    spring = next(night.stretches(utc(2026, 3, 28, 12)))
    assert spring == (utc(2026, 3, 28, 19), utc(2026, 3, 29, 4))  # 9 h, not 10
    autumn = next(night.stretches(utc(2026, 10, 24, 12)))
    assert autumn == (utc(2026, 10, 24, 18), utc(2026, 10, 25, 5))  # 11 h


def test_all_day_but_days_off_is_one_stretch_a_week():
    weekdays = hours(SEOUL, "00:00", "00:00", ["sat", "sun"])
    assert weekdays.start is None
    # Monday 2 March 00:00 KST is Sunday 15:00 UTC.
    assert next(weekdays.stretches(utc(2026, 3, 3))) == (utc(2026, 3, 1, 15), utc(2026, 3, 6, 15))
    assert next(weekdays.off(utc(2026, 3, 3))) == (utc(2026, 3, 6, 15), utc(2026, 3, 8, 15))
    assert hours(SEOUL, "08:00", "08:00") is None  # all day, every day: no hours


@pytest.mark.parametrize(
    ("start", "end", "days", "words"),
    [
        ("09:00", "16:59", [], "cover 7 h 59 min a day"),
        ("22:00", "05:00", [], "cover 7 h a day"),
        ("08:00", "23:00", ["sat", "sun", "mon"], "you chose 3"),
        ("8:00", "23:00", [], "written HH:MM"),
        ("08:00", "24:00", [], "“24:00” is not"),
        ("08:00", "23:00", ["sab"], "“sab” is not one"),
        ("08:00", 23, [], "“23” is not"),
        ("08:00", "23:00", "sat", "are a list"),
    ],
)
def test_hours_no_player_may_keep_are_refused_in_words(start, end, days, words):
    with pytest.raises(HoursError) as err:
        PlayingHours.build(PARIS, start, end, days)
    assert words in str(err.value)


def test_bots_keep_no_hours(db):
    bot = bot_account("easy", besides=set())
    bot.profile.hours_start, bot.profile.hours_end = time(8), time(16)
    assert kept_by(bot.profile) is None
    with pytest.raises(HoursError, match="Bots keep no hours"):
        schedule_set(user=bot, hours={"start": "08:00", "end": "23:00"})


# -- deadlines -----------------------------------------------------------------------


def test_a_turn_started_in_the_evening_runs_out_the_next_morning(users, frozen):
    keep(users[:2], "Europe/Paris", "08:00", "23:00")
    # Monday 21:00 in Paris, 4 h: two before 23:00, two from 08:00 Tuesday.
    _table, seat = started(users, frozen, utc(2026, 3, 2, 20), 4 * HOUR)
    assert seat.deadline_at == utc(2026, 3, 3, 9)  # Tuesday 10:00 in Paris
    assert seat.remind_at == utc(2026, 3, 3, 8, 12)  # 3 h 12 of running time


def test_a_turn_over_a_day_boundary_in_the_players_own_zone(users, frozen):
    keep(users[:2], "Asia/Seoul", "09:00", "17:00")
    # Monday 16:00 in Seoul, 3 h: one on Monday, two from 09:00 Tuesday.
    _table, seat = started(users, frozen, utc(2026, 3, 2, 7), 3 * HOUR)
    assert seat.deadline_at == utc(2026, 3, 3, 2)  # Tuesday 11:00 in Seoul


@pytest.mark.parametrize(
    ("zone", "start_at", "deadline"),
    [
        # Saturday 22:00, 3 h: one before 23:00, then from 08:00 on Sunday,
        # the night of the change an hour shorter (spring) or longer (autumn).
        ("Europe/Paris", utc(2026, 3, 28, 21), utc(2026, 3, 29, 8)),
        ("Europe/Paris", utc(2026, 10, 24, 20), utc(2026, 10, 25, 9)),
        ("America/New_York", utc(2026, 3, 8, 3), utc(2026, 3, 8, 14)),
        ("America/New_York", utc(2026, 11, 1, 2), utc(2026, 11, 1, 15)),
    ],
)
def test_a_turn_across_a_change_of_daylight_time(users, frozen, zone, start_at, deadline):
    keep(users[:2], zone, "08:00", "23:00")
    _table, seat = started(users, frozen, start_at, 3 * HOUR)
    assert seat.deadline_at == deadline
    local = deadline.astimezone(ZoneInfo(zone))
    assert (local.hour, local.minute) == (10, 0)


def test_hours_that_end_past_midnight(users, frozen):
    keep(users[:2], "Europe/Paris", "10:00", "01:00")
    # Monday 00:30 in Paris, still Sunday's hours: 30 min until 01:00, then
    # 30 min from 10:00.
    _table, seat = started(users, frozen, utc(2026, 3, 1, 23, 30), HOUR)
    assert seat.deadline_at == utc(2026, 3, 2, 9, 30)


def test_days_off(users, frozen):
    keep(users[:2], "Europe/Paris", "08:00", "23:00", ["sat", "sun"])
    # Friday 22:00 in Paris, 2 h: one on Friday, one from 08:00 on Monday.
    _table, seat = started(users, frozen, utc(2026, 3, 6, 21), 2 * HOUR)
    assert seat.deadline_at == utc(2026, 3, 9, 8)


def test_hours_with_a_vacation(users, frozen):
    keep(users[:2], "Europe/Paris", "08:00", "23:00")
    # Monday 22:00 in Paris, 3 h; away all Tuesday (a day in Paris): one hour
    # on Monday, two from 08:00 on Wednesday.
    _table, seat = started(users, frozen, utc(2026, 3, 2, 21), 3 * HOUR)
    vacation_add(
        user=seat.user, starts_on=date(2026, 3, 3), ends_on=date(2026, 3, 3), today=date(2026, 3, 2)
    )
    seat.refresh_from_db()
    assert seat.deadline_at == utc(2026, 3, 4, 9)
    # Away, then the night: one pause, until Wednesday 08:00.
    pauses = pauses_for([seat.user], utc(2026, 3, 3, 12))[seat.user_id]
    assert pauses.resume_at(utc(2026, 3, 3, 12)) == utc(2026, 3, 4, 7)
    assert pauses.away_until(utc(2026, 3, 3, 12)) == date(2026, 3, 3)


def test_the_longest_bank_with_the_fewest_hours(users, frozen):
    """30 days of running time, 8 hours a day, weekends off: 18 weeks. With
    two weeks of vacation on top, 20. The pauses are made as far as needed."""
    keep(users[:2], "Europe/Paris", "09:00", "17:00", ["sat", "sun"])
    longest = controls.custom(30 * DAY, timedelta(), 30 * DAY)
    frozen.set(utc(2026, 3, 2, 8))  # Monday 09:00 in Paris
    table = start_table("coup", users[:2], time_control=longest)
    seat = seat_to_act(table)
    # Friday of the 18th week, 17:00 in Paris (summer time by then).
    assert seat.deadline_at == utc(2026, 7, 3, 15)
    assert (
        banks.running(
            seat.turn_started_at,
            seat.deadline_at,
            pauses_for([seat.user], seat.turn_started_at)[seat.user_id],
        )
        == 30 * DAY
    )
    vacation_add(
        user=seat.user,
        starts_on=date(2026, 4, 6),
        ends_on=date(2026, 4, 19),
        today=date(2026, 3, 2),
    )
    seat.refresh_from_db()
    assert seat.deadline_at == utc(2026, 7, 17, 15)
    # Nobody sets the bank above 30 days; a moderator may add to it, and the
    # deadline is still found (half a year of weeks of 40 hours).
    extended = services.seat_deadline_extend(seat_id=seat.pk, by=30 * DAY)
    assert extended.deadline_at == utc(2026, 11, 20, 16)  # Friday 17:00, winter time


# -- the sweep and the moves ---------------------------------------------------------


def test_the_sweep_waits_while_the_clock_is_paused_and_acts_once_it_runs(
    users, frozen, mailoutbox, django_capture_on_commit_callbacks
):
    keep(users[:2], "Europe/Paris", "08:00", "23:00")
    table, seat = started(users, frozen, utc(2026, 3, 2, 20), 4 * HOUR)
    # Tuesday 02:00 in Paris: five hours have passed, more than the bank.
    night = frozen.set(utc(2026, 3, 3, 1))
    assert not seat_clocks.is_late(seat, night)
    report = deadlines_sweep(now=night)
    assert (report.reminders, report.seats_timed_out) == (0, 0)
    # 09:11 in Paris: 3 h 11 of running time used; then 3 h 12.
    assert deadlines_sweep(now=frozen.set(utc(2026, 3, 3, 8, 11))).reminders == 0
    with django_capture_on_commit_callbacks(execute=True):
        assert deadlines_sweep(now=frozen.set(utc(2026, 3, 3, 8, 12))).reminders == 1
    assert Notification.objects.get(kind="reminder").status == "sent"
    # A second before the deadline the seat may still move; at it, the sweep
    # times it out, as a move would find it late.
    before = utc(2026, 3, 3, 9) - SECOND
    assert not seat_clocks.is_late(seat, before)
    assert deadlines_sweep(now=frozen.set(before)).seats_timed_out == 0
    at = frozen.set(utc(2026, 3, 3, 9))
    seat.refresh_from_db()
    assert seat_clocks.is_late(seat, at)
    assert deadlines_sweep(now=at).seats_timed_out == 1
    assert Move.objects.get(table=table).kind == "timeout"


def test_a_move_in_the_night_is_played_and_charged_the_running_time_only(users, frozen):
    """The increment, the cap and the turn rules are those of any clock."""
    keep(users[:2], "Europe/Paris", "08:00", "23:00")
    table, seat = started(users, frozen, utc(2026, 3, 2, 20), 4 * HOUR, cap=4 * HOUR)
    frozen.set(utc(2026, 3, 3, 1))  # 02:00 in Paris: two hours ran
    services.move_submit(table_id=table.pk, user=seat.user, version=0, move={"action": "income"})
    seat.refresh_from_db()
    assert seat.time_left == 4 * HOUR - 2 * HOUR + HOUR
    assert seat.deadline_at is None and not seat.must_act
    # The other player's clock starts now, paused until 08:00 in Paris.
    other = seat_to_act(table)
    assert other.turn_started_at == utc(2026, 3, 3, 1)
    assert other.deadline_at == utc(2026, 3, 3, 7) + 4 * HOUR
    # Morning moves earn the increment up to the cap, as ever.
    frozen.set(utc(2026, 3, 3, 7, 30))
    services.move_submit(table_id=table.pk, user=other.user, version=1, move={"action": "income"})
    other.refresh_from_db()
    assert other.time_left == 4 * HOUR  # 4 h - 30 min + 1 h, capped at 4 h
    frozen.set(utc(2026, 3, 3, 7, 40))
    services.move_submit(table_id=table.pk, user=seat.user, version=2, move={"action": "income"})
    seat.refresh_from_db()
    assert seat.time_left == 3 * HOUR - 10 * MIN + HOUR


def test_a_player_without_hours_is_timed_as_before(users, frozen):
    keep(users[1:2], "Europe/Paris", "08:00", "23:00")
    _table, seat = started(users, frozen, utc(2026, 3, 2, 20), 4 * HOUR)
    expected = utc(2026, 3, 3, 0) if seat.user == users[0] else utc(2026, 3, 3, 9)
    assert seat.deadline_at == expected
    assert Schedule.of(users[0].profile).hours is None
