"""Deadline arithmetic: bank, increment, cap, vacations, several seats at
once, and moves just before and just after the deadline."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from accounts.vacations import VacationError, vacation_add
from clocks import banks
from tables import services
from tables.errors import Forbidden
from tables.models import Move, Seat
from tests.clocks.helpers import HOUR, MIN, T0, hour_control
from tests.conftest import start_table, state_of

pytestmark = pytest.mark.django_db


def seat(table, number) -> Seat:
    return Seat.objects.get(table=table, number=number)


def act(table, users, move):
    table.refresh_from_db()
    number = table.to_act[0]
    services.move_submit(table_id=table.pk, user=users[number], version=table.version, move=move)
    table.refresh_from_db()
    return number


def test_the_pure_deadline_helpers_skip_pauses():
    pause = (T0 + HOUR, T0 + 3 * HOUR)
    assert banks.deadline(T0, 30 * MIN, [pause]) == T0 + 30 * MIN
    assert banks.deadline(T0, 90 * MIN, [pause]) == T0 + 3 * HOUR + 30 * MIN
    assert banks.deadline(T0 + 2 * HOUR, 10 * MIN, [pause]) == T0 + 3 * HOUR + 10 * MIN
    assert banks.running(T0, T0 + 4 * HOUR, [pause]) == 2 * HOUR
    assert banks.running(T0, T0 + 4 * HOUR, [pause, (T0 + 2 * HOUR, T0 + 5 * HOUR)]) == HOUR
    assert banks.charge(HOUR, 20 * MIN, moved=True, increment=30 * MIN, cap=2 * HOUR) == 70 * MIN
    assert banks.charge(HOUR, 20 * MIN, moved=False, increment=30 * MIN, cap=2 * HOUR) == 40 * MIN
    assert banks.charge(HOUR, 2 * HOUR, moved=True, increment=30 * MIN, cap=2 * HOUR) == timedelta()


def test_the_bank_sets_the_first_deadline_and_the_reminder(users, frozen):
    table = start_table("coup", users[:3], time_control=hour_control())
    first = seat(table, table.to_act[0])
    assert first.deadline_at == T0 + HOUR
    assert first.remind_at == T0 + 48 * MIN  # 80% of the hour
    others = Seat.objects.filter(table=table, must_act=False)
    assert all(s.deadline_at is None for s in others)


def test_a_move_costs_the_time_used_and_earns_the_increment(users, frozen):
    table = start_table("coup", users[:3], time_control=hour_control())
    frozen.advance(20 * MIN)
    mover = act(table, users, {"action": "income"})
    assert seat(table, mover).time_left == 70 * MIN  # 60 - 20 + 30
    assert seat(table, mover).deadline_at is None
    nxt = seat(table, table.to_act[0])
    assert nxt.deadline_at == frozen.now + HOUR


def test_the_bank_never_grows_past_the_cap(users, frozen):
    table = start_table("coup", users[:2], time_control=hour_control())
    for _ in range(6):
        frozen.advance(MIN)
        act(table, users, {"action": "income"})
    banks = sorted(s.time_left for s in Seat.objects.filter(table=table))
    assert banks[-1] == 2 * HOUR


def test_every_responder_in_a_window_has_a_clock(users, frozen):
    table = start_table("coup", users[:4], time_control=hour_control())
    frozen.advance(10 * MIN)
    actor = act(table, users, {"action": "tax"})
    responders = [s for s in Seat.objects.filter(table=table) if s.number != actor]
    assert all(s.must_act and s.deadline_at == frozen.now + HOUR for s in responders)
    # One passes; the others' clocks keep running from the same start.
    frozen.advance(5 * MIN)
    passer = act(table, users, {"action": "pass"})
    still = Seat.objects.filter(table=table, must_act=True)
    assert passer not in [s.number for s in still]
    assert all(s.deadline_at == T0 + 70 * MIN for s in still)
    assert seat(table, passer).time_left == 85 * MIN  # 60 - 5 + 30


def test_a_window_closed_by_someone_else_charges_without_increment(users, frozen):
    table = start_table("coup", users[:3], time_control=hour_control())
    act(table, users, {"action": "tax"})
    frozen.advance(15 * MIN)
    table.refresh_from_db()
    challenger, idle = table.to_act[0], table.to_act[1]
    services.move_submit(
        table_id=table.pk,
        user=users[challenger],
        version=table.version,
        move={"action": "challenge"},
    )
    assert seat(table, idle).must_act is False
    assert seat(table, idle).time_left == 45 * MIN  # charged 15, no increment


def test_a_move_just_before_the_deadline_is_accepted(users, frozen):
    table = start_table("coup", users[:2], time_control=hour_control())
    frozen.advance(HOUR - timedelta(seconds=1))
    act(table, users, {"action": "income"})
    assert table.version == 1


def test_a_move_just_after_the_deadline_is_refused_and_writes_nothing(users, frozen):
    table = start_table("coup", users[:2], time_control=hour_control())
    number = table.to_act[0]
    frozen.advance(HOUR)
    before = state_of(table)
    with pytest.raises(Forbidden) as err:
        services.move_submit(
            table_id=table.pk, user=users[number], version=0, move={"action": "income"}
        )
    assert "ran out" in err.value.message
    table.refresh_from_db()
    assert table.version == 0 and not Move.objects.exists() and state_of(table) == before


def test_a_vacation_booked_mid_turn_moves_the_deadline(users, frozen):
    control = hour_control(bank=16 * HOUR, cap=16 * HOUR)
    table = start_table("coup", users[:2], time_control=control)
    number = table.to_act[0]
    assert seat(table, number).deadline_at == T0 + 16 * HOUR
    # Tomorrow and the day after are days away: 48 hours that do not count.
    vacation_add(
        user=users[number], starts_on=date(2026, 3, 3), ends_on=date(2026, 3, 4), today=T0.date()
    )
    # 12 h until midnight, then 48 h away, then the last 4 h.
    assert seat(table, number).deadline_at == T0 + 12 * HOUR + 48 * HOUR + 4 * HOUR
    # Time spent away is not charged.
    frozen.set(T0 + 12 * HOUR + 48 * HOUR + HOUR)
    act(table, users, {"action": "income"})
    assert seat(table, number).time_left == 16 * HOUR - 13 * HOUR + 30 * MIN


def test_a_vacation_after_the_deadline_changes_nothing(users, frozen):
    table = start_table("coup", users[:2], time_control=hour_control(bank=3 * HOUR, cap=4 * HOUR))
    number = table.to_act[0]
    vacation_add(
        user=users[number], starts_on=date(2026, 3, 3), ends_on=date(2026, 3, 4), today=T0.date()
    )
    assert seat(table, number).deadline_at == T0 + 3 * HOUR


def test_the_vacation_allowance_is_kept(users, frozen):
    today = frozen.now.date()
    vacation_add(user=users[0], starts_on=date(2026, 4, 1), ends_on=date(2026, 4, 10), today=today)
    with pytest.raises(VacationError, match="4 of 14 left"):
        vacation_add(
            user=users[0], starts_on=date(2026, 5, 1), ends_on=date(2026, 5, 5), today=today
        )
    with pytest.raises(VacationError, match="past"):
        vacation_add(
            user=users[0], starts_on=date(2026, 3, 1), ends_on=date(2026, 3, 1), today=today
        )


def test_opponents_see_who_is_away(users, frozen, client):
    table = start_table("coup", users[:2], time_control=hour_control())
    vacation_add(
        user=users[1],
        starts_on=frozen.now.date(),
        ends_on=date(2026, 3, 5),
        today=frozen.now.date(),
    )
    client.force_login(users[0])
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "away until the end of 5 Mar" in page
