"""Ratings people trust (issue 41): a game with a bot counts only when it
is a rated game against bots, and then in a pool of its own; bots never
stand on the players' leaderboard."""

from __future__ import annotations

import pytest

from autoplay.accounts import bot_account
from players.models import Pool, Rating
from players.selectors import leaderboard
from tables import services
from tests.players.helpers import finish_coup

pytestmark = pytest.mark.django_db


@pytest.fixture
def bot(db):
    return bot_account("easy", besides=())


def test_a_rated_game_against_a_bot_counts_in_the_pool_against_bots(ana, bot):
    finish_coup(ana, bot)
    mine = Rating.objects.get(user=ana)
    assert mine.pool == Pool.BOTS and mine.games == 1 and mine.shown > 1500
    assert not Rating.objects.filter(user=ana, pool=Pool.PLAYERS).exists()


def test_the_two_pools_are_apart(ana, ben, bot):
    finish_coup(ana, bot)
    finish_coup(ben, ana)
    against_bots = Rating.objects.get(user=ana, pool=Pool.BOTS)
    against_players = Rating.objects.get(user=ana, pool=Pool.PLAYERS)
    assert against_bots.shown > 1500 > against_players.shown
    assert against_players.games == against_bots.games == 1


def test_an_unrated_game_against_a_bot_changes_no_rating(ana, bot):
    finish_coup(ana, bot, rated=False)
    assert not Rating.objects.exists()


def test_bots_stay_off_the_players_leaderboard(ana, ben, bot):
    finish_coup(ana, bot)
    finish_coup(ben, ana)
    # A bot rated among players before the pools were apart stays off it too.
    Rating.objects.create(user=bot, game="coup", mu=40, sigma=1, shown=2200, games=9)
    names = [r.user.username for r in leaderboard("coup").object_list]
    assert names == ["ben", "ana"]


def test_play_now_is_unrated_unless_asked_rated(ana):
    assert not services.table_play_now(user=ana, game="coup", level="easy").rated
    assert services.table_play_now(user=ana, game="coup", level="easy", rated=True).rated


def test_the_play_now_form_and_api_carry_the_choice(ana, api_for):
    from tests.conftest import login_client

    client = login_client(ana)
    client.post(
        "/tables/play-now/", {"game": "coup", "level": "easy", "players": "2", "rated": "on"}
    )
    client.post("/tables/play-now/", {"game": "coup", "level": "easy", "players": "2"})
    assert [t.rated for t in ana.created_tables.order_by("pk")] == [True, False]
    answer = api_for(ana).post("/api/play-now", {"game": "coup", "level": "easy", "rated": True})
    assert answer.status_code == 201 and answer.json()["rated"] is True
