"""Bots are rated in the pool of games against bots: a finished rated game
against a bot gives it a rating there and a player page, its name badged
with its level there as everywhere names show, but no place on the
players' leaderboard."""

from __future__ import annotations

from django.urls import reverse

from players.models import RatingChange
from tests.bots.platform_helpers import play_out, table_with_bots
from tests.conftest import after_commit


def test_a_bot_has_a_rating_against_bots_and_a_page_but_no_leaderboard_place(ana, client):
    # Issue 41: a rated game against bots counts in its own pool, and bots
    # do not stand on the players' leaderboard.
    table = table_with_bots(ana, "coup", 2, seed=4, rated_against_bots=True)
    assert table.rated
    with after_commit():  # the ratings follow the last move's commit
        play_out(table.pk, seed=1)
    changes = RatingChange.objects.filter(table=table)
    assert {c.user.username for c in changes} == {"ana", "EasyBot1"}
    assert {c.pool for c in changes} == {"bots"}
    board = client.get(reverse("leaderboard", args=["coup"])).content.decode()
    assert "EasyBot1" not in board and ">ana<" not in board
    page = client.get(reverse("player", args=["EasyBot1"])).content.decode()
    assert '<h1>EasyBot1 <span class="badge bot">bot, easy</span></h1>' in page
    assert "against bots" in client.get(reverse("player", args=["ana"])).content.decode()
