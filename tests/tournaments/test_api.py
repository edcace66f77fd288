"""The tournaments' JSON API, as issue 41's "The interface" gives it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from clocks import clock
from tests.conftest import ApiClient
from tests.tournaments.helpers import play_out, players, round_tables
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def body(**extra):
    return {
        "game": "coup",
        "seats_per_table": 2,
        "format": "swiss",
        "rounds": 2,
        "starts_at": (clock.now() + timedelta(days=1)).isoformat(),
        "max_entries": 8,
        "time_control": "fast",
        **extra,
    }


def test_create_answers_201_with_its_id():
    (ana,) = players(1)
    response = ApiClient(ana).post("/api/tournaments", body())
    assert response.status_code == 201, response.json()
    data = response.json()
    assert Tournament.objects.get(pk=data["id"]).creator == ana
    assert data["status"] == "scheduled" and data["entries"] == [] and data["rounds"] == []


@pytest.mark.parametrize(
    "extra, message",
    [
        ({"game": "chess"}, "no game called"),
        ({"seats_per_table": 7}, ""),
        ({"format": "ladder"}, "format"),
        ({"rounds": None}, "rounds"),
        ({"starts_at": "2020-01-01T00:00:00Z"}, "future"),
        ({"starts_at": "2099-01-01T00:00:00"}, "time zone"),
        ({"time_control": "none"}, "clock"),
    ],
)
def test_bad_input_is_refused_with_400_and_nothing_written(extra, message):
    (ana,) = players(1)
    response = ApiClient(ana).post("/api/tournaments", body(**extra))
    assert response.status_code == 400, response.json()
    assert message in response.json()["detail"]
    assert not Tournament.objects.exists()


def test_a_fourth_open_tournament_is_refused_with_409():
    (ana,) = players(1)
    api = ApiClient(ana)
    for _ in range(3):
        assert api.post("/api/tournaments", body()).status_code == 201
    response = api.post("/api/tournaments", body())
    assert response.status_code == 409 and "at most 3" in response.json()["detail"]


def test_strangers_read_it_but_must_sign_in_to_create():
    (ana,) = players(1)
    made = ApiClient(ana).post("/api/tournaments", body()).json()
    from django.test import Client

    assert Client().get(f"/api/tournaments/{made['id']}").status_code == 200
    assert (
        Client().post("/api/tournaments", body(), content_type="application/json").status_code
        == 401
    )
    assert Client().get("/api/tournaments/999999").status_code == 404


def test_join_leave_start_and_the_rounds_with_their_tables():
    ana, ben, carl = players(3)
    made = ApiClient(ana).post("/api/tournaments", body()).json()
    url = f"/api/tournaments/{made['id']}"
    for user in (ana, ben, carl):
        assert ApiClient(user).post(f"{url}/join").status_code == 200
    assert ApiClient(carl).post(f"{url}/join").status_code == 409
    left = ApiClient(carl).post(f"{url}/leave").json()
    assert left["entries"] == ["p00", "p01"]
    assert ApiClient(ben).post(f"{url}/start").status_code == 403
    started = ApiClient(ana).post(f"{url}/start")
    assert started.status_code == 200
    data = started.json()
    assert data["status"] == "running"
    (round_,) = data["rounds"]
    assert round_["number"] == 1 and round_["status"] == "running" and round_["byes"] == []
    (table,) = round_["tables"]
    assert sorted(table["users"]) == ["p00", "p01"]
    assert ApiClient(ana).post(f"{url}/start").status_code == 409
    assert {s["user"] for s in data["standings"]} == {"p00", "p01"}
    assert all(s["points"] == 0 and not s["withdrawn"] for s in data["standings"])


def test_the_standings_after_a_round(django_capture_on_commit_callbacks):
    people = players(4)
    api = ApiClient(people[0])
    made = api.post("/api/tournaments", body(rounds=1)).json()
    url = f"/api/tournaments/{made['id']}"
    for user in people:
        ApiClient(user).post(f"{url}/join")
    api.post(f"{url}/start")
    tournament = Tournament.objects.get(pk=made["id"])
    for index, table in enumerate(round_tables(tournament, 1)):
        with django_capture_on_commit_callbacks(execute=True):
            play_out(table, seed=index)
    data = api.get(url).json()
    assert data["status"] == "finished"
    points = [s["points"] for s in data["standings"]]
    assert points == [1, 1, 0, 0]
    # Each winner met a loser (0 points); each loser met a winner (1).
    assert [s["tie_break"] for s in data["standings"]] == [0, 0, 1, 1]
    assert data["rounds"][0]["status"] == "finished"
