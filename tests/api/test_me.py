"""GET and PATCH /api/me: a player's time zone and playing hours. Each bad
PATCH answers 400 in words and changes nothing."""

from __future__ import annotations

import pytest

from accounts.models import Profile
from autoplay.accounts import bot_account
from tests.conftest import ApiClient

pytestmark = pytest.mark.django_db

SEOUL = {
    "time_zone": "Asia/Seoul",
    "playing_hours": {"start": "08:00", "end": "23:00", "days_off": ["sat", "sun"]},
}


@pytest.fixture
def me(users):
    return ApiClient(users[0])


def test_a_new_player_keeps_no_hours_in_utc(me):
    answer = me.get("/api/me")
    assert answer.status_code == 200
    assert answer.json() == {"username": "ana", "time_zone": "UTC", "playing_hours": None}


def test_a_player_sets_their_zone_and_hours(me, users):
    answer = me.patch("/api/me", SEOUL)
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"username": "ana", **SEOUL}
    assert me.get("/api/me").json() == answer.json()
    profile = Profile.objects.get(user=users[0])
    assert (profile.time_zone, profile.days_off) == ("Asia/Seoul", ["sat", "sun"])
    # Left out: unchanged. Hours past midnight; one day off, named in capitals.
    late = {"start": "10:00", "end": "01:00", "days_off": ["FRI"]}
    assert me.patch("/api/me", {"playing_hours": late}).json()["playing_hours"] == {
        **late,
        "days_off": ["fri"],
    }
    assert me.patch("/api/me", {"time_zone": "Europe/Paris"}).json()["playing_hours"]["end"] == (
        "01:00"
    )
    # Null: no hours any more. All day with days off is kept as 00:00 to 00:00.
    assert me.patch("/api/me", {"playing_hours": None}).json()["playing_hours"] is None
    weekdays = {"start": "07:00", "end": "07:00", "days_off": ["sun"]}
    assert me.patch("/api/me", {"playing_hours": weekdays}).json()["playing_hours"] == {
        "start": "00:00",
        "end": "00:00",
        "days_off": ["sun"],
    }
    assert me.patch("/api/me", {}).status_code == 200


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"time_zone": "Mars/Olympus"}, "is not a time zone"),
        ({"time_zone": None}, "cannot be null"),
        ({"time_zone": "x" * 65}, "time_zone"),
        ({"playing_hours": {"start": "25:00", "end": "23:00"}}, "written HH:MM"),
        ({"playing_hours": {"start": "8h", "end": "23:00"}}, "“8h” is not"),
        ({"playing_hours": {"start": 8, "end": "23:00"}}, "playing_hours.start"),
        ({"playing_hours": {"start": "08:00"}}, "playing_hours.end"),
        ({"playing_hours": {"start": "09:00", "end": "16:00"}}, "at least 8"),
        ({"playing_hours": {"start": "20:00", "end": "03:00"}}, "cover 7 h a day"),
        (
            {
                "playing_hours": {
                    "start": "08:00",
                    "end": "23:00",
                    "days_off": ["sat", "sun", "mon"],
                }
            },
            "you chose 3",
        ),
        ({"playing_hours": {"start": "08:00", "end": "23:00", "days_off": ["dim"]}}, "“dim”"),
        ({"playing_hours": "08:00-23:00"}, "playing_hours"),
        ({"playing_hours": {"start": "08:00", "end": "23:00", "tz": "UTC"}}, "tz"),
        ({"zone": "Asia/Seoul"}, "zone"),
        # A good zone does not carry bad hours through.
        ({"time_zone": "Asia/Seoul", "playing_hours": {"start": "08:00", "end": "09:00"}}, "1 h"),
    ],
)
def test_a_bad_patch_is_refused_in_words_and_changes_nothing(me, users, body, words):
    me.patch("/api/me", {"time_zone": "Europe/Paris"})
    before = list(Profile.objects.filter(user=users[0]).values())
    answer = me.patch("/api/me", body)
    assert answer.status_code == 400, answer.content
    assert words in answer.json()["detail"]
    assert list(Profile.objects.filter(user=users[0]).values()) == before


def test_a_body_that_is_not_json_is_refused(me):
    answer = me.patch("/api/me", "{not json")
    assert answer.status_code == 400


def test_bots_keep_no_hours(users):
    bot = bot_account("easy", besides=set())
    answer = ApiClient(bot).patch("/api/me", SEOUL)
    assert answer.status_code == 400
    assert "Bots keep no hours" in answer.json()["detail"]
    assert Profile.objects.get(user=bot).time_zone == "UTC"


def test_me_needs_a_token_or_a_session(client):
    assert client.get("/api/me").status_code == 401
    assert client.patch("/api/me", "{}", content_type="application/json").status_code == 401
