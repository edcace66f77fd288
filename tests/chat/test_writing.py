"""Who may write where, what a message may hold, and every refusal leaving
nothing written."""

from __future__ import annotations

import pytest

from chat.models import Message
from tables import services as table_services
from tests.chat.conftest import say
from tests.conftest import login_client

pytestmark = pytest.mark.django_db


def post(client, table, text, **extra):
    return client.post(
        f"/tables/{table.pk}/chat/post/", {"text": text, **extra}, HTTP_HX_REQUEST="true"
    )


def test_a_seated_player_writes_in_the_players_chat(table, users):
    response = post(login_client(users[0]), table, "good luck")
    assert response.status_code == 200
    message = Message.objects.get()
    assert (message.channel, message.author, message.text) == ("players", users[0], "good luck")
    # The box comes back empty and the new message is in the list.
    html = response.content.decode()
    assert '<textarea id="chat-text"' in html and "></textarea>" in html
    assert "good luck" in html


def test_a_spectator_writes_in_the_spectators_chat(table, dora):
    assert post(login_client(dora), table, "nice bluff").status_code == 200
    assert Message.objects.get().channel == "spectators"


def test_a_spectator_cannot_write_in_the_players_chat(table, dora):
    response = post(login_client(dora), table, "take the tax", channel="players")
    assert response.status_code == 403
    assert "Only the players seated at this table" in response.content.decode()
    # What was typed is given back, to be sent where it may go.
    assert "take the tax</textarea>" in response.content.decode()
    assert not Message.objects.exists()


def test_someone_not_logged_in_cannot_write(table, anonymous):
    response = anonymous.post(f"/tables/{table.pk}/chat/post/", {"text": "hi"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not Message.objects.exists()


def test_the_seated_players_chat_in_the_waiting_room(users):
    open_table = table_services.table_create(creator=users[0], game="coup", max_players=3)
    table_services.table_join(table_id=open_table.pk, user=users[1])
    assert post(login_client(users[1]), open_table, "ready when you are").status_code == 200
    page = login_client(users[0]).get(f"/tables/{open_table.pk}/").content.decode()
    assert "ready when you are" in page and 'id="chat-text"' in page


def test_an_empty_or_too_long_message_is_refused(table, users):
    client = login_client(users[0])
    response = post(client, table, "  \n ")
    assert response.status_code == 400
    assert "Write something" in response.content.decode()
    response = post(client, table, "x" * 501)
    assert response.status_code == 400
    assert "at most 500 characters; this one has 501" in response.content.decode()
    assert not Message.objects.exists()
    assert post(client, table, "x" * 500).status_code == 200


def test_newlines_are_kept_and_windows_ones_count_once(table, users):
    # A browser sends the newlines of a textarea as CRLF; the limit counts one each.
    text = "\r\n".join(["y" * 99] * 5) + "\r\n\r\n\r\n\r\n"
    assert post(login_client(users[0]), table, text).status_code == 200
    assert Message.objects.get().text == "\n".join(["y" * 99] * 5)


def test_a_message_is_shown_as_text_never_as_html(table, users):
    say(table, users[0], '<script>alert("x")</script>\n<b>bold</b>')
    page = login_client(users[1]).get(f"/tables/{table.pk}/").content.decode()
    assert "<script>alert" not in page and "<b>bold" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;\n&lt;b&gt;bold&lt;/b&gt;" in page


def test_without_javascript_the_form_posts_and_comes_back_to_the_chat(table, users):
    client = login_client(users[0])
    response = client.post(f"/tables/{table.pk}/chat/post/", {"text": "plain form"})
    assert response.status_code == 302
    assert response["Location"] == f"/tables/{table.pk}/#chat"
    assert client.get(response["Location"]).content.decode().count("plain form") == 1
    response = client.post(f"/tables/{table.pk}/chat/post/", {"text": ""}, follow=True)
    assert "Write something before sending." in response.content.decode()
    assert Message.objects.count() == 1


def test_messages_are_limited_per_user(table, users, limits):
    client = login_client(users[0])
    for n in range(3):
        assert post(client, table, f"message {n}").status_code == 200
    response = post(client, table, "one too many")
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    html = response.content.decode()
    assert "You are writing too fast" in html and "one too many</textarea>" in html
    assert Message.objects.count() == 3
    # Per user: the other player may still write.
    assert post(login_client(users[1]), table, "my turn to talk").status_code == 200


def test_without_javascript_a_message_too_many_gets_the_429_page(table, users, limits):
    client = login_client(users[0])
    for n in range(3):
        client.post(f"/tables/{table.pk}/chat/post/", {"text": f"m{n}"})
    response = client.post(f"/tables/{table.pk}/chat/post/", {"text": "again"})
    assert response.status_code == 429 and "Retry-After" in response
    assert Message.objects.count() == 3


def test_a_player_cannot_write_in_the_spectators_chat(table, users):
    response = post(login_client(users[0]), table, "hello watchers", channel="spectators")
    assert response.status_code == 403
    assert "chat is for those watching" in response.content.decode()
    assert not Message.objects.exists()


@pytest.mark.parametrize("channel", ["general", "umpires"])
def test_a_channel_that_does_not_exist_is_refused_as_such(table, users, api_for, channel):
    """Whether its name sorts before or after the spectators' channel."""
    answer = api_for(users[0]).post(
        f"/api/tables/{table.pk}/chat", {"text": "hello", "channel": channel}
    )
    assert answer.status_code == 400
    assert answer.json() == {"detail": f"There is no chat channel called “{channel}”."}
    assert not Message.objects.exists()
