"""Operators create, pause, resume and cancel tournaments in the admin (issue 41)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME

from clocks import clock
from tests.conftest import after_commit, login_client
from tests.tournaments.helpers import entered, play_out, players, round_tables
from tournaments import services
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def operator():
    (user,) = players(1, prefix="operator")
    user.is_staff = user.is_superuser = True
    user.save()
    return login_client(user)


def act(client, action: str, *tournaments):
    return client.post(
        "/admin/tournaments/tournament/",
        {"action": action, ACTION_CHECKBOX_NAME: [str(t.pk) for t in tournaments]},
        follow=True,
    )


def test_an_operator_creates_one_in_the_admin(operator):
    (creator,) = players(1)
    start = clock.now() + timedelta(days=2)
    response = operator.post(
        "/admin/tournaments/tournament/add/",
        {
            "name": "Operators' Cup",
            "game": "coup",
            "options": "{}",
            "time_control": "normal",
            "seats_per_table": 3,
            "format": "swiss",
            "rounds": 4,
            "starts_at_0": start.strftime("%Y-%m-%d"),
            "starts_at_1": start.strftime("%H:%M:%S"),
            "max_entries": 30,
            "creator": creator.pk,
            "entries-TOTAL_FORMS": 0,
            "entries-INITIAL_FORMS": 0,
        },
        follow=True,
    )
    assert response.status_code == 200
    made = Tournament.objects.get()
    assert made.name == "Operators' Cup" and made.status == "scheduled" and made.seed


def test_a_paused_tournament_starts_no_round_until_it_is_resumed(operator):
    people = players(4)
    made = entered(people[0], people, rounds=2)
    services.tournament_start(tournament_id=made.pk, user=people[0])
    assert "paused" in act(operator, "pause", made).text
    for table in round_tables(made, 1):
        with after_commit():
            play_out(table)
    assert Round.objects.get(tournament=made, number=1).status == "finished"
    services.due_tournaments_start()
    assert not round_tables(made, 2)
    with after_commit():
        act(operator, "resume", made)
    assert len(round_tables(made, 2)) == 2
    assert Tournament.objects.get(pk=made.pk).status == "running"


def test_a_cancelled_tournament_starts_no_round_and_says_a_second_cancel_is_refused(operator):
    people = players(2)
    made = entered(people[0], people)
    act(operator, "cancel", made)
    assert Tournament.objects.get(pk=made.pk).status == "cancelled"
    services.due_tournaments_start(now=clock.now() + timedelta(days=3))
    assert not Round.objects.exists()
    assert "already over" in act(operator, "cancel", made).text
