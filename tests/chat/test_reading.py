"""Who reads which channel: the spectators' chat stays out of the players'
sight until the game is over (page, poll and API); hidden messages are gone
for everyone but staff."""

from __future__ import annotations

import pytest

from chat import services
from tests.chat.conftest import finish, poll_url, say, with_param
from tests.conftest import login_client, start_table

pytestmark = pytest.mark.django_db

SECRET_TIP = "ben holds the Duke"


@pytest.fixture
def chatter(table, users, dora):
    say(table, users[0], "have fun")
    say(table, dora, SECRET_TIP)


def page(client, table) -> str:
    return client.get(f"/tables/{table.pk}/").content.decode()


def api_texts(api, table) -> list[str]:
    chat = api.get(f"/api/tables/{table.pk}/chat").json()
    return [m["text"] for c in chat["channels"] for m in c["messages"]]


def test_players_do_not_see_the_spectators_chat_while_the_game_runs(table, users, chatter, api_for):
    for player in users[:2]:
        html = page(login_client(player), table)
        assert "have fun" in html and SECRET_TIP not in html
        assert "Spectators' chat" not in html
        assert api_texts(api_for(player), table) == ["have fun"]


def test_the_poll_and_the_partial_keep_the_spectators_chat_from_players(table, users, dora):
    ben = login_client(users[1])
    poll = poll_url(page(ben, table))
    say(table, dora, SECRET_TIP)
    # Nothing the players read changed: the poll stays quiet...
    assert ben.get(poll, HTTP_HX_REQUEST="true").status_code == 204
    # ...and the list, redrawn, shows only what ben may read.
    listed = ben.get(f"/tables/{table.pk}/chat/", HTTP_HX_REQUEST="true")
    assert listed.status_code == 200 and SECRET_TIP not in listed.content.decode()


@pytest.mark.parametrize("asked", ["spectators", "players,spectators"])
def test_a_player_asking_the_poll_for_the_spectators_chat_learns_nothing(table, users, dora, asked):
    """A poll that answered 200 when spectators wrote would tell the players
    when, and how much, their watchers talk: the poll reads the channels its
    reader may read, whatever the request names."""
    ben = login_client(users[1])
    poll = poll_url(page(ben, table))
    say(table, dora, SECRET_TIP)
    say(table, dora, "and ana bluffs")
    assert ben.get(with_param(poll, channels=asked), HTTP_HX_REQUEST="true").status_code == 204


def test_a_logged_out_visitor_reads_neither_chat_while_the_game_runs(table, users, dora, anonymous):
    html = page(anonymous, table)
    poll = poll_url(html)
    say(table, users[0], "have fun")
    say(table, dora, SECRET_TIP)
    assert "have fun" not in page(anonymous, table) and SECRET_TIP not in page(anonymous, table)
    for asked in ("players", "spectators", "players,spectators"):
        polled = anonymous.get(with_param(poll, channels=asked), HTTP_HX_REQUEST="true")
        assert polled.status_code == 204
    for channel in ("players", "spectators"):
        history = anonymous.get(f"/tables/{table.pk}/chat/{channel}/history/")
        assert history.status_code == 404


def test_the_poll_names_its_reader_in_a_value_bound_to_the_table(table, users):
    from chat.selectors import reader_of, reader_token

    other = start_table("coup", users[2:4], seed=7)
    token = reader_token(table.pk, users[1])
    assert reader_of(table.pk, token) == users[1].pk
    assert reader_of(other.pk, token) is None
    forged = token.replace(f"{table.pk}.{users[1].pk}:", f"{table.pk}.{users[0].pk}:")
    assert forged != token and reader_of(table.pk, forged) is None
    assert reader_of(table.pk, "") is None
    assert reader_of(table.pk, reader_token(table.pk, None)) is None


def test_spectators_read_both_chats(table, dora, chatter, api_for):
    html = page(login_client(dora), table)
    assert "have fun" in html and SECRET_TIP in html
    assert "The players do not see this chat until the game is over." in html
    assert api_texts(api_for(dora), table) == ["have fun", SECRET_TIP]


def test_once_the_game_is_over_everyone_reads_both_chats(table, users, chatter, anonymous, api_for):
    assert "have fun" not in page(anonymous, table)
    finish(table)
    for client in (login_client(users[0]), anonymous):
        html = page(client, table)
        assert "have fun" in html and SECRET_TIP in html
    assert api_texts(api_for(users[1]), table) == ["have fun", SECRET_TIP]


def test_the_end_of_the_game_wakes_the_players_poll(table, users, dora):
    ben = login_client(users[1])
    poll = poll_url(page(ben, table))
    say(table, dora, SECRET_TIP)
    finish(table)
    response = ben.get(poll, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and SECRET_TIP in response.content.decode()


def test_a_new_message_is_announced_to_the_others_only(table, users):
    ana, ben = login_client(users[0]), login_client(users[1])
    polls = [poll_url(page(c, table)) for c in (ana, ben)]
    say(table, users[0], "your <b>move</b>")
    ana_poll, ben_poll = (
        c.get(url, HTTP_HX_REQUEST="true") for c, url in zip((ana, ben), polls, strict=True)
    )
    news = '<div id="chat-news" hx-swap-oob="innerHTML">'
    assert (
        news + "<p>ana wrote: your &lt;b&gt;move&lt;/b&gt;</p></div>" in ben_poll.content.decode()
    )
    assert ana_poll.status_code == 200 and news not in ana_poll.content.decode()


def test_the_game_log_and_the_chat_do_not_mix(table, users, chatter):
    # The board's redraws never carry the chat (a message being typed survives).
    board = login_client(users[0]).get(f"/tables/{table.pk}/board/").content.decode()
    assert "have fun" not in board and "chat-text" not in board


def test_a_hidden_message_is_gone_for_everyone_but_staff(
    table, users, dora, mod, anonymous, api_for
):
    rude = say(table, users[0], "you idiot")
    services.messages_hide(message_ids=[rude.pk], moderator=mod)
    for who in (users[0], users[1], dora):
        html = page(login_client(who), table)
        assert "you idiot" not in html and "Removed by a moderator." in html
        chat = api_for(who).get(f"/api/tables/{table.pk}/chat").json()
        (message,) = chat["channels"][0]["messages"]
        assert message["text"] == "Removed by a moderator." and message["hidden"] is True
    finish(table)
    assert "you idiot" not in page(anonymous, table)
    staff_page = page(login_client(mod), table)
    assert "you idiot" in staff_page and "hidden by a moderator" in staff_page
    staff_api = api_for(mod).get(f"/api/tables/{table.pk}/chat").json()
    assert staff_api["channels"][0]["messages"][0]["text"] == "you idiot"


def test_hiding_a_message_wakes_the_poll(table, users, mod):
    rude = say(table, users[0], "you idiot")
    ben = login_client(users[1])
    poll = poll_url(page(ben, table))
    services.messages_hide(message_ids=[rude.pk], moderator=mod)
    response = ben.get(poll, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "you idiot" not in response.content.decode()


def test_the_poll_wakes_when_the_newest_message_id_gains_a_digit(table, users):
    """The mark is compared for equality: as text, "active.100.0" sorts
    before "active.57.0", and a poll that compared order would miss it."""
    from chat.models import Message

    last = say(table, users[0], "before")
    ben = login_client(users[1])
    poll = poll_url(page(ben, table))
    Message.objects.create(
        id=10 ** len(str(last.pk)), table=table, channel="players", author=users[0], text="after"
    )
    answer = ben.get(poll, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and "after" in answer.content.decode()


@pytest.mark.parametrize("mark", ["", "nonsense", "active"])
def test_a_poll_whose_mark_is_not_one_draws_the_list(table, users, mark):
    say(table, users[0], "hello")
    ben = login_client(users[1])
    answer = ben.get(with_param(poll_url(page(ben, table)), mark=mark), HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and "hello" in answer.content.decode()
