"""Withdrawals: a player whose clock runs out at two tables, or who leaves a
tournament in play, is never paired again and their seat plays on by its
timeout moves (issue 41)."""

from __future__ import annotations

import pytest

from tables.models import Move
from tests.conftest import after_commit
from tests.tournaments.helpers import entered, play_out, players, round_tables, table_of, time_out
from tournaments import services
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def finish_round(tournament, number):
    for index, table in enumerate(round_tables(tournament, number)):
        table.refresh_from_db()
        if table.is_active:
            with after_commit():
                play_out(table, seed=number * 10 + index)


def test_a_player_out_of_time_at_two_tables_is_withdrawn(frozen):
    people = players(6)
    made = entered(people[0], people, rounds=3, time_control="quick")
    services.tournament_start(tournament_id=made.pk, user=people[0])
    victim = people[3]
    for number in (1, 2):
        table = table_of(made, number, victim)
        with after_commit():
            time_out(table, victim, frozen, seed=number)
        seat = table.seats.get(user=victim)
        assert seat.dropped  # a clock that runs out drops the player from that table
        entry = Entry.objects.get(tournament=made, user=victim)
        assert entry.tables_timed_out == number
        assert entry.withdrawn == (number == 2)
        # Their seat goes on by its timeout moves to the table's end.
        with after_commit():
            table = play_out(table, seed=number)
        assert table.outcome["dropped"] == [seat.number]
        assert Move.objects.filter(table=table, seat=seat.number, kind="dropped").exists()
        finish_round(made, number)
    third = round_tables(made, 3)
    assert third and all(not t.seats.filter(user=victim).exists() for t in third)
    assert len(third) == 2  # five left at two seats: two tables and a bye


def test_leaving_a_tournament_in_play_withdraws_and_drops_the_seat():
    people = players(4)
    made = entered(people[0], people, rounds=2)
    services.tournament_start(tournament_id=made.pk, user=people[0])
    leaver = people[1]
    table = table_of(made, 1, leaver)
    with after_commit():
        services.tournament_leave(tournament_id=made.pk, user=leaver)
    assert Entry.objects.get(tournament=made, user=leaver).withdrawn
    assert table.seats.get(user=leaver).dropped
    finish_round(made, 1)
    second = round_tables(made, 2)
    assert len(second) == 1 and not second[0].seats.filter(user=leaver).exists()
    made.refresh_from_db()
    detail = {e.user_id: e for e in made.entries.all()}
    assert detail[leaver.pk].withdrawn and detail[leaver.pk].points == 0
