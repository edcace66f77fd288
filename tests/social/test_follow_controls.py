"""Following from a table and from a chat line (issue 41: "a player follows
others from their page, a table, a chat line"): the control is there for
the people it makes sense to, a post follows, a forged or wrong one writes
nothing, and the follow state costs one query however many seats."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from chat import services as chat
from social import services as social
from social.models import Block, Follow
from tables import services
from tests.conftest import login_client, start_table

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def page(user, table) -> str:
    client = login_client(user) if user is not None else Client()
    return client.get(f"/tables/{table.pk}/").content.decode()


def test_the_waiting_room_offers_follow_and_unfollow_beside_each_other_person(ana, ben, carl):
    table = services.table_create(creator=ana, game="coup", max_players=4)
    services.table_join(table_id=table.pk, user=ben)
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    social.follow_add(user=carl, username="ben")
    seen = page(carl, table)
    assert 'aria-label="Follow ana"' in seen and 'aria-label="Unfollow ben"' in seen
    assert 'action="/players/ben/unfollow/"' in seen
    # Not for a bot, not for oneself, not for someone logged out.
    assert "Follow Easybot" not in seen.replace("EasyBot", "Easybot")
    assert 'aria-label="Follow ana"' not in page(ana, table)
    assert "follow-toggle" not in page(None, table)


def test_a_game_in_play_lists_its_players_with_follow_for_a_spectator(users):
    ana, ben, carl, dora = users[:4]
    table = start_table("coup", [ana, ben, carl])
    social.follow_add(user=dora, username="carl")
    seen = page(dora, table)
    panel = seen.split('id="seat-follows-title"')[1].split("</section>")[0]
    assert 'aria-label="Follow ana"' in panel and 'aria-label="Follow ben"' in panel
    assert 'aria-label="Unfollow carl"' in panel
    # A player sees the others, not themselves; someone logged out, nobody.
    mine = page(ana, table).split('id="seat-follows-title"')[1].split("</section>")[0]
    assert "Follow ana" not in mine and 'aria-label="Follow ben"' in mine
    assert "seat-follows" not in page(None, table)


def test_a_game_with_bots_only_besides_the_reader_lists_nobody_to_follow(ana):
    table = services.table_play_now(user=ana, game="coup", level="easy", players=3)
    assert "seat-follows" not in page(ana, table)


def test_a_chat_line_has_follow_and_block_in_its_menu_but_not_the_readers_own(ana, ben):
    table = start_table("coup", [ana, ben])
    chat.message_post(table_id=table.pk, user=ben, text="hello")
    chat.message_post(table_id=table.pk, user=ana, text="hi")
    seen = page(ana, table)
    menu = seen.split('class="chat-menu"')[1].split("</span>")[0]
    assert 'aria-label="Follow ben"' in menu and 'aria-label="Block ben"' in menu
    assert seen.count('class="chat-menu"') == 1  # not on ana's own line
    # Once following, the line offers to unfollow.
    social.follow_add(user=ana, username="ben")
    assert 'aria-label="Unfollow ben"' in page(ana, table).split('class="chat-menu"')[1]


def test_the_chat_of_a_finished_game_offers_nothing_to_someone_logged_out(ana, ben):
    table = start_table("coup", [ana, ben])
    chat.message_post(table_id=table.pk, user=ben, text="good game")
    services.table_cancel(table_id=table.pk, user=None)
    seen = page(None, table)
    assert "good game" in seen and "chat-menu" not in seen and "follow-toggle" not in seen


def test_following_through_htmx_writes_the_row_and_redraws_the_control_in_place(ana, ben):
    table = start_table("coup", [ana, ben])
    answer = login_client(ana).post(
        "/players/ben/follow/",
        {"next": f"/tables/{table.pk}/", "place": "seat-1"},
        **HTMX,
    )
    assert answer.status_code == 200
    assert Follow.objects.filter(owner=ana, other=ben).exists()
    drawn = answer.content.decode()
    # The same id (focus stays on it), now the other way round.
    assert 'id="follow-seat-1"' in drawn and 'action="/players/ben/unfollow/"' in drawn
    assert json.loads(answer["HX-Trigger"])["announce"].startswith("You follow ben")
    answer = login_client(ana).post(
        "/players/ben/unfollow/", {"next": f"/tables/{table.pk}/", "place": "seat-1"}, **HTMX
    )
    assert not Follow.objects.exists()
    assert 'action="/players/ben/follow/"' in answer.content.decode()


def test_following_without_htmx_comes_back_to_the_tables_chat(ana, ben):
    table = start_table("coup", [ana, ben])
    answer = login_client(ana).post("/players/ben/follow/", {"next": f"/tables/{table.pk}/#chat"})
    assert answer.status_code == 302 and answer["Location"] == f"/tables/{table.pk}/#chat"
    assert Follow.objects.filter(owner=ana, other=ben).exists()


def test_blocking_from_a_chat_line_writes_the_block_and_hides_the_line(ana, ben):
    table = start_table("coup", [ana, ben])
    chat.message_post(table_id=table.pk, user=ben, text="rude words")
    answer = login_client(ana).post("/players/ben/block/", {"next": f"/tables/{table.pk}/#chat"})
    assert answer["Location"] == f"/tables/{table.pk}/#chat"
    assert Block.objects.filter(owner=ana, other=ben).exists()
    assert "rude words" not in page(ana, table)


def test_a_forged_post_without_the_csrf_token_writes_nothing(ana, ben):
    client = Client(enforce_csrf_checks=True)
    client.force_login(ana)
    answer = client.post("/players/ben/follow/", {"place": "seat-1"}, **HTMX)
    assert answer.status_code == 403
    assert not Follow.objects.exists()


def test_following_a_bot_oneself_or_nobody_is_refused_and_writes_nothing(ana):
    table = services.table_play_now(user=ana, game="coup", level="easy", players=2)
    bot = table.seats.get(number=1).user.username
    client = login_client(ana)
    answer = client.post(f"/players/{bot}/follow/", {"place": "seat-1"}, **HTMX)
    assert answer.status_code == 400 and answer["HX-Reswap"] == "none"
    assert "bots cannot be followed" in json.loads(answer["HX-Trigger"])["announce"]
    assert client.post("/players/ana/follow/", **HTMX).status_code == 400
    assert client.post("/players/nobody/follow/", **HTMX).status_code == 404
    assert not Follow.objects.exists()


def test_someone_logged_out_or_a_get_follows_nobody(ana, ben):
    assert Client().post("/players/ben/follow/")["Location"].startswith("/accounts/login/")
    assert login_client(ana).get("/players/ben/follow/").status_code == 405
    assert not Follow.objects.exists()


def test_a_foreign_next_address_is_not_followed_back(ana, ben):
    answer = login_client(ana).post("/players/ben/follow/", {"next": "https://evil.example/"})
    assert answer["Location"] == "/players/ben/"
    drawn = login_client(ana).post(
        "/players/ben/unfollow/", {"next": "https://evil.example/", "place": 'x"><b>'}, **HTMX
    )
    text = drawn.content.decode()
    assert "evil.example" not in text and "<b>" not in text and 'id="follow-player"' in text


def _queries(client, url: str) -> int:
    client.get(url)  # a first look may record something once (presence)
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_the_follow_state_costs_the_same_with_two_or_six_people(users):
    reader = users[0]
    small = start_table("coup", users[1:3])
    large = start_table("coup", users[1:6])
    for other in users[1:6]:
        social.follow_add(user=reader, username=other.username)
    for table in (small, large):
        chat.message_post(table_id=table.pk, user=users[1], text="one")
        chat.message_post(table_id=table.pk, user=users[2], text="two")
    client = login_client(reader)
    counts = [_queries(client, f"/tables/{t.pk}/") for t in (small, large)]
    assert counts[0] == counts[1]
    waiting_small = services.table_create(creator=users[1], game="coup", max_players=6)
    waiting_large = services.table_create(creator=users[1], game="coup", max_players=6)
    for other in users[2:6]:
        services.table_join(table_id=waiting_large.pk, user=other)
    counts = [_queries(client, f"/tables/{t.pk}/") for t in (waiting_small, waiting_large)]
    assert counts[0] == counts[1]


def test_a_tournament_chat_line_follows_and_blocks_back_to_the_tournament_page(db):
    from tests.conftest import make_user
    from tests.tournaments.helpers import entered

    cleo, ana, ben = (make_user(n) for n in ("cleo", "ana", "ben"))
    cup = entered(cleo, [ana, ben], name="Cup")
    chat.tournament_message_post(tournament_id=cup.pk, user=ben, text="good luck")
    seen = login_client(ana).get(f"/tournaments/{cup.pk}/").content.decode()
    menu = seen.split('class="chat-menu"')[1].split("</span>")[0]
    assert 'aria-label="Follow ben"' in menu and 'aria-label="Block ben"' in menu
    assert f'name="next" value="/tournaments/{cup.pk}/#chat"' in menu
    answer = login_client(ana).post(
        "/players/ben/follow/", {"next": f"/tournaments/{cup.pk}/#chat"}
    )
    assert answer["Location"] == f"/tournaments/{cup.pk}/#chat"
    assert Follow.objects.filter(owner=ana, other=ben).exists()


def test_no_follow_control_beside_someone_the_reader_blocks(users):
    # A game that began before the block still seats them both: the reader's
    # page offers no Follow beside them (the player page offers Unblock).
    ana, ben, carl = users[:3]
    table = start_table("coup", [ana, ben, carl])
    social.block_add(user=ana, username="ben")
    panel = page(ana, table).split('id="seat-follows-title"')[1].split("</section>")[0]
    assert "Follow ben" not in panel and 'aria-label="Follow carl"' in panel
    social.block_remove(user=ana, username="ben")
    assert 'aria-label="Follow ben"' in page(ana, table)


def test_following_someone_one_blocks_is_refused_and_writes_nothing(ana, ben):
    social.block_add(user=ana, username="ben")
    answer = login_client(ana).post("/players/ben/follow/", {"place": "seat-1"}, **HTMX)
    assert answer.status_code == 400
    assert "unblock them to follow them" in json.loads(answer["HX-Trigger"])["announce"]
    assert not Follow.objects.exists()
