"""The tournaments' pages: the list, a tournament's standings and rounds,
its buttons, and its live event (issue 41)."""

from __future__ import annotations

import pytest
from django.db import transaction

from live import channels
from tests.conftest import login_client
from tests.tournaments.helpers import entered, players, tournament
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_list_shows_tournaments_taking_entries():
    (ana,) = players(1)
    tournament(ana, name="Winter Coup")
    page = login_client(ana).get("/tournaments/")
    assert page.status_code == 200
    assert "Winter Coup" in page.text and "Taking entries" in page.text


def test_a_player_enters_and_leaves_from_the_page():
    ana, ben = players(2)
    made = tournament(ana)
    client = login_client(ben)
    page = client.get(f"/tournaments/{made.pk}/")
    assert "Enter this tournament" in page.text
    after = client.post(f"/tournaments/{made.pk}/join/", follow=True)
    assert "You have entered." in after.text and "Leave" in after.text
    assert made.entries.filter(user=ben).exists()
    client.post(f"/tournaments/{made.pk}/leave/")
    assert not made.entries.exists()


def test_a_refusal_is_said_on_the_page():
    ana, ben = players(2)
    made = tournament(ana, min_rating=1600)
    after = login_client(ben).post(f"/tournaments/{made.pk}/join/", follow=True)
    assert "needs a rating of 1600" in after.text
    assert not made.entries.exists()


def test_the_page_shows_the_standings_and_the_rounds_tables():
    people = players(5)
    made = entered(people[0], people)
    services.tournament_start(tournament_id=made.pk, user=people[0])
    page = login_client(people[1]).get(f"/tournaments/{made.pk}/")
    assert "Round 1" in page.text and "Bye:" in page.text
    assert page.text.count("Table #") == 2
    assert 'sse-connect="/live/' in page.text and f"tournament-{made.pk}" in page.text
    body = login_client(people[1]).get(f"/tournaments/{made.pk}/body/")
    assert body.status_code == 200 and "Standings" in body.text and "<html" not in body.text


def test_the_start_is_refused_to_a_stranger_post_and_gets_are_refused():
    ana, ben = players(2)
    made = entered(ana, [ana, ben])
    after = login_client(ben).post(f"/tournaments/{made.pk}/start/", follow=True)
    assert "Only the player who created" in after.text
    assert login_client(ben).get(f"/tournaments/{made.pk}/join/").status_code == 405
    assert login_client(ben).get("/tournaments/99999/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_a_change_publishes_one_event_on_the_tournament_channel_once_it_commits(heard):
    ana, ben = players(2)
    made = tournament(ana)
    ear = heard([channels.tournament(made.pk)])
    with transaction.atomic():
        services.tournament_join(tournament_id=made.pk, user=ben)
        assert ear.take() == []  # nothing before the commit
    made.refresh_from_db()
    assert ear.take() == [
        (channels.tournament(made.pk), "tournament", {"revision": made.revision}, None)
    ]
    assert made.revision == 1


def form(**extra):
    from datetime import timedelta

    from clocks import clock

    start = clock.now() + timedelta(days=1)
    return {
        "game": "troyes",
        "format": "swiss",
        "seats_per_table": 4,
        "rounds": 3,
        "starts_at": start.strftime("%Y-%m-%dT%H:%M"),
        "max_entries": 16,
        "time_control": "normal",
        **extra,
    }


def test_a_player_creates_a_tournament_from_the_form():
    (ana,) = players(1)
    client = login_client(ana)
    assert "Create a tournament" in client.get("/tournaments/").text
    after = client.post("/tournaments/new/", form(name="Troyes Night"), follow=True)
    made = Tournament.objects.get()
    assert after.redirect_chain[-1][0] == f"/tournaments/{made.pk}/"
    assert made.name == "Troyes Night" and made.creator == ana and made.seats_per_table == 4


def test_the_form_says_what_is_wrong_and_creates_nothing():
    (ana,) = players(1)
    page = login_client(ana).post("/tournaments/new/", form(seats_per_table=5))
    assert page.status_code == 200 and "Please correct" in page.text
    assert "Troyes" in page.text and not Tournament.objects.exists()
