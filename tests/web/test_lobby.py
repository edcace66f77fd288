"""The lobby and the life of a table before the game: open, join, leave,
start, cancel."""

from __future__ import annotations

import pytest

from players.models import Rating
from tables import services
from tables.errors import Conflict, Forbidden
from tables.models import Seat, Table
from tests.conftest import login_client, start_table
from tests.players.helpers import finish_coup
from tests.support.seeds import seed_deal

pytestmark = pytest.mark.django_db


def test_the_lobby_lists_open_tables_with_seats_taken(users, client):
    table = services.table_create(
        creator=users[0], game="coup", max_players=4, options={"factions": True}
    )
    services.table_join(table_id=table.pk, user=users[1])
    page = client.get("/").content.decode()
    assert f"Coup #{table.pk}" in page
    assert "2 of 4" in page
    assert 'href="/players/ana/">ana</a>, <a class="player" href="/players/ben/">ben</a>' in page
    assert "Factions: On" in page


def test_my_games_put_those_waiting_for_me_first(users):
    waiting, idle = None, None
    mine_to_play = 0
    while waiting is None or idle is None:
        table = start_table("coup", users[:2])
        if table.to_act == [0]:
            mine_to_play += 1
            waiting = waiting or table
        else:
            idle = idle or table
    page = login_client(users[0]).get("/").content.decode()
    mine = page.index("My games in play")
    assert mine < page.index(f"Coup #{waiting.pk}") < page.index(f"Coup #{idle.pk}")
    # One "Your turn" per table where ana is to act, none for the others.
    assert page.count("Your turn") == mine_to_play


def test_finished_games_are_listed(users):
    table = start_table("coup", users[:2])
    services.table_cancel(table_id=table.pk, user=None)
    page = login_client(users[0]).get("/").content.decode()
    assert "My finished games" in page and f"Coup #{table.pk}" in page


def test_finished_games_show_what_each_did_to_my_rating(ana, ben):
    rated = finish_coup(ana, ben)
    unrated = finish_coup(ana, ben, rated=False)
    lost_to = Rating.objects.get(user=ben, game="coup").shown
    assert lost_to < 1500
    page = login_client(ben).get("/").content.decode()
    rated_row = page[page.index(f"Coup #{rated.pk}") :].split("</li>")[0]
    unrated_row = page[page.index(f"Coup #{unrated.pk}") :].split("</li>")[0]
    assert "Lost" in rated_row
    assert f"rating {lost_to} " in rated_row and f"(\N{MINUS SIGN}{1500 - lost_to})" in rated_row
    assert "rating" not in unrated_row


def test_each_player_sees_their_own_rating_change_and_not_the_others(ana, ben):
    """Both seats of the one game have a row of rating change: the winner's
    lobby shows the rise, the loser's the fall, never the other's."""
    table = finish_coup(ana, ben)
    for user, sign, word in ((ana, "+", "Won"), (ben, "\N{MINUS SIGN}", "Lost")):
        shown = Rating.objects.get(user=user, game="coup").shown
        page = login_client(user).get("/").content.decode()
        row = page[page.index(f"Coup #{table.pk}") :].split("</li>")[0]
        assert word in row
        assert f"rating {shown} " in row and f"({sign}{abs(shown - 1500)})" in row


def test_the_lobby_costs_the_same_queries_for_one_finished_game_or_many(
    ana, ben, django_assert_max_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    finish_coup(ana, ben)
    client = login_client(ben)
    with CaptureQueriesContext(connection) as one:
        client.get("/")
    for _ in range(3):
        finish_coup(ana, ben)
    with django_assert_max_num_queries(len(one.captured_queries)):
        page = client.get("/").content.decode()
    assert page.count("rating-delta") == 4


def test_join_leave_start_and_cancel_through_the_pages(users):
    ana, ben, carl = (login_client(u) for u in users[:3])
    ana.post(
        "/tables/new/?game=coup",
        {
            "game": "coup",
            "max_players": "3",
            "opt_factions": "false",
            "opt_rounds_to_win": "1",
            "opt_two_player_coins": "both_one",
            "time_control": "none",
            "max_timeouts": "3",
        },
    )
    table = Table.objects.get()
    assert ben.post(f"/tables/{table.pk}/join/").status_code == 302
    assert carl.post(f"/tables/{table.pk}/join/").status_code == 302
    carl.post(f"/tables/{table.pk}/leave/")
    assert list(table.seats.values_list("user__username", flat=True).order_by("number")) == [
        "ana",
        "ben",
    ]
    seed_deal(table.pk)
    refused = ben.post(f"/tables/{table.pk}/start/", follow=True)
    assert "Only the player who opened this table may start it." in refused.content.decode()
    ana.post(f"/tables/{table.pk}/start/")
    table.refresh_from_db()
    assert table.status == "active"
    late = carl.post(f"/tables/{table.pk}/join/", follow=True)
    assert "no longer taking players" in late.content.decode()


def test_the_rules_of_joining(users):
    table = services.table_create(creator=users[0], game="coup", max_players=2)
    with pytest.raises(Conflict, match="already have a seat"):
        services.table_join(table_id=table.pk, user=users[0])
    with pytest.raises(Conflict, match="needs at least 2 players"):
        services.table_start(table_id=table.pk, user=users[0])
    services.table_join(table_id=table.pk, user=users[1])
    with pytest.raises(Conflict, match="full"):
        services.table_join(table_id=table.pk, user=users[2])
    with pytest.raises(Conflict, match="cancel it instead"):
        services.table_leave(table_id=table.pk, user=users[0])
    with pytest.raises(Forbidden):
        services.table_cancel(table_id=table.pk, user=users[1])
    services.table_cancel(table_id=table.pk, user=users[0])
    assert Table.objects.get(pk=table.pk).status == "aborted"


def test_seats_are_numbered_in_joining_order_at_the_start(users):
    table = services.table_create(creator=users[0], game="coup", max_players=4)
    for user in users[1:4]:
        services.table_join(table_id=table.pk, user=user)
    services.table_leave(table_id=table.pk, user=users[1])
    services.table_join(table_id=table.pk, user=users[4])
    seed_deal(table.pk)
    services.table_start(table_id=table.pk, user=users[0])
    names = list(
        Seat.objects.filter(table=table).order_by("number").values_list("user__username", flat=True)
    )
    assert names == ["ana", "carl", "dora", "eli"]


def test_spectators_see_the_public_view(users, client):
    table = start_table("coup", users[:2])
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "Waiting for" in page
    assert 'class="card back"' in page and "(you)" not in page
    assert 'form class="moves"' not in page
