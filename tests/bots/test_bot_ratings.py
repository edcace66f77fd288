"""Bots are rated like anyone: a finished rated game against a bot puts the
bot on the game's leaderboard and gives it a player page, its name badged
with its level there as everywhere names show."""

from __future__ import annotations

from django.urls import reverse

from players.models import RatingChange
from tests.bots.platform_helpers import play_out, table_with_bots
from tests.conftest import after_commit


def test_a_bot_has_a_rating_a_leaderboard_place_and_a_page(ana, client):
    table = table_with_bots(ana, "coup", 2, seed=4)
    assert table.rated
    with after_commit():  # the ratings follow the last move's commit
        play_out(table.pk, seed=1)
    rated = set(RatingChange.objects.filter(table=table).values_list("user__username", flat=True))
    assert rated == {"ana", "EasyBot1"}
    board = client.get(reverse("leaderboard", args=["coup"])).content.decode()
    assert 'EasyBot1</a> <span class="badge bot">bot, easy</span>' in board
    page = client.get(reverse("player", args=["EasyBot1"])).content.decode()
    assert '<h1>EasyBot1 <span class="badge bot">bot, easy</span></h1>' in page
    assert 'ana</a> <span class="badge bot">' not in board
