"""The chat in the JSON API: reading what one may, writing, the refusals as
`{"detail": ...}`, and the schema."""

from __future__ import annotations

import pytest

from chat.models import Message
from tests.chat.conftest import say

pytestmark = pytest.mark.django_db


def test_a_player_writes_and_reads_through_the_api(table, users, api_for):
    bot = api_for(users[0])
    response = bot.post(f"/api/tables/{table.pk}/chat", {"text": "<script>x()</script>\nhi"})
    assert response.status_code == 201
    written = response.json()
    assert written["channel"] == "players" and written["author"] == "ana"
    chat = api_for(users[1]).get(f"/api/tables/{table.pk}/chat").json()
    assert chat["writes_in"] == "players"
    (channel,) = chat["channels"]
    # The text is kept as it was written, as plain text, for clients to escape.
    assert channel["messages"][0]["text"] == "<script>x()</script>\nhi"
    assert response["Content-Type"] == "application/json; charset=utf-8"


def test_a_spectator_cannot_write_in_the_players_chat_through_the_api(table, dora, api_for):
    response = api_for(dora).post(
        f"/api/tables/{table.pk}/chat", {"text": "take the tax", "channel": "players"}
    )
    assert response.status_code == 403
    assert response.json()["detail"].startswith("Only the players seated")
    assert (
        api_for(dora).post(f"/api/tables/{table.pk}/chat", {"text": "ok"}).json()["channel"]
        == "spectators"
    )
    assert Message.objects.count() == 1


def test_refusals_are_readable_and_write_nothing(table, users, api_for):
    bot = api_for(users[0])
    too_long = bot.post(f"/api/tables/{table.pk}/chat", {"text": "x" * 501})
    assert too_long.status_code == 400 and "at most 500" in too_long.json()["detail"]
    assert bot.post(f"/api/tables/{table.pk}/chat", {"text": " "}).status_code == 400
    assert bot.post(f"/api/tables/{table.pk}/chat", {"text": "a\x00b"}).status_code == 400
    assert bot.post("/api/tables/999999/chat", {"text": "hi"}).status_code == 404
    unknown = bot.post(f"/api/tables/{table.pk}/chat", {"text": "hi", "channel": "all"})
    assert unknown.status_code == 400
    assert not Message.objects.exists()


def test_the_api_limits_messages_per_user(table, users, api_for, limits):
    bot = api_for(users[0])
    for n in range(3):
        assert bot.post(f"/api/tables/{table.pk}/chat", {"text": f"m{n}"}).status_code == 201
    response = bot.post(f"/api/tables/{table.pk}/chat", {"text": "again"})
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1 and "Too many messages" in response.json()["detail"]
    assert Message.objects.count() == 3


def test_the_api_wants_to_know_who_reads(table, users, anonymous):
    say(table, users[0], "gl")
    response = anonymous.get(f"/api/tables/{table.pk}/chat")
    assert response.status_code == 401


def test_the_chat_is_in_the_schema(client):
    schema = client.get("/api/openapi.json").json()
    assert {"/api/tables/{table_id}/chat", "/api/chat/messages/{message_id}/report"} <= set(
        schema["paths"]
    )
    write = schema["paths"]["/api/tables/{table_id}/chat"]["post"]
    assert {"201", "403", "429"} <= set(write["responses"])
    assert "ChatOut" in schema["components"]["schemas"]
