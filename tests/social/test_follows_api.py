"""Following and blocking through the API (issue 41): idempotent calls,
the caller's lists, and clear refusals for oneself and unknown names."""

from __future__ import annotations

import pytest

from social.models import Block, Follow

pytestmark = pytest.mark.django_db


def test_following_twice_keeps_one_follow_and_lists_it(ana, ben, api_for):
    api = api_for(ana)
    for _ in range(2):
        answer = api.post("/api/players/ben/follow")
        assert answer.status_code == 200
        assert answer.json() == {"username": "ben", "following": True, "blocked": False}
    assert Follow.objects.filter(owner=ana, other=ben).count() == 1
    assert api.get("/api/me/following").json() == [{"username": "ben"}]
    # Following is one-sided.
    assert api_for(ben).get("/api/me/following").json() == []


def test_unfollowing_ends_the_follow_and_is_quiet_when_there_is_none(ana, ben, api_for):
    api = api_for(ana)
    api.post("/api/players/ben/follow")
    for _ in range(2):
        answer = api.post("/api/players/ben/unfollow")
        assert answer.status_code == 200 and answer.json()["following"] is False
    assert api.get("/api/me/following").json() == []


def test_names_are_found_whatever_their_case(ana, ben, api_for):
    assert api_for(ana).post("/api/players/BEN/follow").json()["username"] == "ben"


def test_blocking_and_unblocking_are_idempotent_and_listed(ana, ben, carl, api_for):
    api = api_for(ana)
    api.post("/api/players/carl/block")
    answer = api.post("/api/players/ben/block")
    assert answer.status_code == 200 and answer.json()["blocked"] is True
    api.post("/api/players/ben/block")
    assert Block.objects.filter(owner=ana).count() == 2
    assert api.get("/api/me/blocked").json() == [{"username": "ben"}, {"username": "carl"}]
    # Silent: ben's own lists say nothing of it.
    assert api_for(ben).get("/api/me/blocked").json() == []
    for _ in range(2):
        assert api.post("/api/players/ben/unblock").json()["blocked"] is False
    assert api.get("/api/me/blocked").json() == [{"username": "carl"}]


def test_a_block_leaves_follows_as_they_were_for_when_it_ends(ana, ben, api_for):
    api_for(ben).post("/api/players/ana/follow")
    api_for(ana).post("/api/players/ben/block")
    api_for(ana).post("/api/players/ben/unblock")
    assert api_for(ben).get("/api/me/following").json() == [{"username": "ana"}]


@pytest.mark.parametrize("action", ["follow", "unfollow", "block", "unblock"])
def test_one_cannot_follow_or_block_oneself(ana, api_for, action):
    answer = api_for(ana).post(f"/api/players/ana/{action}")
    assert answer.status_code == 400
    assert "yourself" in answer.json()["detail"]
    assert not Follow.objects.exists() and not Block.objects.exists()


@pytest.mark.parametrize("action", ["follow", "unfollow", "block", "unblock"])
def test_an_unknown_name_is_not_found(ana, api_for, action):
    answer = api_for(ana).post(f"/api/players/nobody/{action}")
    assert answer.status_code == 404
    assert answer.json() == {"detail": "There is no player called “nobody”."}


def test_the_calls_need_a_caller(ana, client):
    assert client.post("/api/players/ana/follow").status_code == 401
    assert client.get("/api/me/following").status_code == 401
    assert client.get("/api/me/blocked").status_code == 401


def test_one_cannot_follow_someone_one_blocks(ana, ben, api_for):
    api_for(ana).post("/api/players/ben/block")
    answer = api_for(ana).post("/api/players/ben/follow")
    assert answer.status_code == 400
    assert "You block ben: unblock them to follow them." in answer.text
    assert api_for(ana).get("/api/me/following").json() == []
