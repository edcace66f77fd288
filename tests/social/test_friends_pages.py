"""Friends in the pages (issue 41): the lobby lists the tables of the
players one follows; invite boxes offer them first; a player's page has the
buttons and the private note; the settings list the blocked players."""

from __future__ import annotations

import pytest

from social import services as social
from social.models import Note
from tables import services
from tests.conftest import login_client, start_table

pytestmark = pytest.mark.django_db


def lobby(user) -> str:
    return login_client(user).get("/").content.decode()


def friends_section(user) -> str:
    return lobby(user).split('id="friends-tables-heading"')[1].split("</section>")[0]


def test_the_lobby_shows_the_open_and_running_tables_of_followed_players(users):
    ana, ben, carl, dora = users[:4]
    social.follow_add(user=ana, username="ben")
    opened = services.table_create(creator=ben, game="coup", max_players=3)
    playing = start_table("coup", [carl, ben])
    elsewhere = services.table_create(creator=dora, game="coup")
    section = friends_section(ana)
    assert f"#{opened.pk}" in section and f"#{playing.pk}" in section
    assert f"#{elsewhere.pk}" not in section
    # The open one can be joined from there; the one in play watched.
    assert f'action="/tables/{opened.pk}/join/"' in section
    assert f"Watch Coup #{playing.pk}" in section


def test_the_lobby_hides_tables_where_a_blocked_player_sits(users):
    ana, ben, carl = users[:3]
    social.follow_add(user=ana, username="ben")
    table = services.table_create(creator=ben, game="coup", max_players=3)
    services.table_join(table_id=table.pk, user=carl)
    social.block_add(user=carl, username="ana")
    assert f"#{table.pk}" not in friends_section(ana)


def test_the_new_table_form_offers_followed_players_first_and_invites_them(users):
    ana = users[0]
    social.follow_add(user=ana, username="carl")
    client = login_client(ana)
    form = client.get("/tables/new/?game=coup").content.decode()
    assert form.index("Invite players you follow") < form.index("Invite players by name")
    assert 'value="carl"' in form
    client.post(
        "/tables/new/",
        {
            "game": "coup",
            "max_players": "3",
            "time_control": "normal",
            "max_timeouts": "3",
            "rated": "on",
            "invite_followed": ["carl"],
            "invite": "ben, Carl",
        },
    )
    table = ana.created_tables.get()
    assert sorted(table.invitations.values_list("user__username", flat=True)) == ["ben", "carl"]


def test_the_invite_box_offers_followed_players(users):
    ana = users[0]
    social.follow_add(user=ana, username="dora")
    table = services.table_create(creator=ana, game="coup")
    page = login_client(ana).get(f"/tables/{table.pk}/").content.decode()
    assert 'list="invite-followed"' in page
    assert '<datalist id="invite-followed"><option value="dora">' in page


def test_a_players_page_follows_and_blocks_with_a_button(ana, ben):
    client = login_client(ana)
    page = client.get("/players/ben/").content.decode()
    assert 'action="/players/ben/follow/"' in page and 'action="/players/ben/block/"' in page
    client.post("/players/ben/follow/")
    page = client.get("/players/ben/").content.decode()
    assert 'action="/players/ben/unfollow/"' in page
    client.post("/players/ben/block/")
    assert 'action="/players/ben/unblock/"' in client.get("/players/ben/").content.decode()
    # Nothing to press on one's own page, nor for someone logged out.
    assert 'action="/players/ana/follow/"' not in client.get("/players/ana/").content.decode()


def test_a_note_is_shown_to_its_writer_only(ana, ben, carl):
    login_client(ana).post("/players/carl/note/", {"note": "slow but kind"})
    assert Note.objects.get(owner=ana, other=carl).text == "slow but kind"
    assert "slow but kind" in login_client(ana).get("/players/carl/").content.decode()
    assert "slow but kind" not in login_client(ben).get("/players/carl/").content.decode()
    assert "slow but kind" not in login_client(carl).get("/players/carl/").content.decode()
    login_client(ana).post("/players/carl/note/", {"note": "  "})
    assert not Note.objects.exists()


def test_an_overlong_note_is_refused_and_not_saved(ana, ben):
    page = login_client(ana).post("/players/ben/note/", {"note": "x" * 1001}, follow=True)
    assert "at most 1000 characters" in page.content.decode()
    assert not Note.objects.exists()


def test_the_settings_list_the_blocked_players_with_unblock(ana, ben):
    social.block_add(user=ana, username="ben")
    client = login_client(ana)
    page = client.get("/accounts/profile/").content.decode()
    assert "Players you block" in page and 'action="/players/ben/unblock/"' in page
    client.post("/players/ben/unblock/", {"next": "/accounts/profile/#blocked"})
    assert "Nobody." in client.get("/accounts/profile/").content.decode()


def test_a_chat_line_links_to_its_writers_page(ana, ben):
    from chat import services as chat

    table = start_table("coup", [ana, ben])
    chat.message_post(table_id=table.pk, user=ben, text="hi")
    page = login_client(ana).get(f"/tables/{table.pk}/").content.decode()
    assert 'class="chat-author" href="/players/ben/"' in page


def test_the_waiting_rooms_seat_list_offers_to_follow_its_players(ana, ben, carl):
    table = services.table_create(creator=ana, game="coup", max_players=4)
    services.table_join(table_id=table.pk, user=ben)
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    client = login_client(carl)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'aria-label="Follow ana"' in page and 'aria-label="Follow ben"' in page
    assert "Follow EasyBot" not in page
    answer = client.post("/players/ben/follow/", {"next": f"/tables/{table.pk}/"})
    assert answer["Location"] == f"/tables/{table.pk}/"
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'aria-label="Follow ben"' not in page and 'aria-label="Follow ana"' in page
    # Nobody is offered to follow themselves.
    assert (
        'aria-label="Follow ana"'
        not in login_client(ana).get(f"/tables/{table.pk}/").content.decode()
    )


def test_the_lobby_does_not_offer_a_table_where_a_blocked_player_sits(users):
    ana, ben, carl = users[:3]
    kept = services.table_create(creator=ben, game="coup", max_players=3)
    other = services.table_create(creator=carl, game="coup", max_players=3)
    social.block_add(user=ben, username="ana")
    open_list = lobby(ana).split("<h2>Open tables</h2>")[1]
    assert f"Coup #{other.pk}" in open_list and f"Coup #{kept.pk}" not in open_list
    # Everyone else still sees it.
    assert f"Coup #{kept.pk}" in lobby(carl).split("<h2>Open tables</h2>")[1]
