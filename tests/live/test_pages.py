"""What the pages say of their stream: which channels each reader's page
opens (and with what grant), where it resumes from, and the lobby's games
redrawn on their own."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from harness.sse import read_stream_url
from live import grants
from tables import services
from tests.conftest import login_client, start_table

pytestmark = pytest.mark.django_db


def stream_of(client: Client, path: str) -> dict[str, list[str]] | None:
    url = read_stream_url(client.get(path).content.decode())
    return None if url is None else parse_qs(urlsplit(url).query)


def test_each_readers_table_page_opens_its_own_stream(users):
    ana, ben, carl = users[:3]
    table = start_table("coup", [ana, ben], seed=3)
    page = f"/tables/{table.pk}/"
    player = stream_of(login_client(ana), page)
    assert player["channel"] == [f"table-{table.pk}", f"chat-{table.pk}", f"user-{ana.pk}"]
    assert player["grant"] == [grants.grant(ana.pk)]
    assert player["lastEventId"] == [f"table-{table.pk}:{table.revision}"]
    spectator = stream_of(login_client(carl), page)
    assert spectator["channel"] == [f"table-{table.pk}", f"chat-{table.pk}", f"user-{carl.pk}"]
    assert spectator["grant"] == [grants.grant(carl.pk)]
    logged_out = stream_of(Client(), page)
    assert logged_out["channel"] == [f"table-{table.pk}", f"chat-{table.pk}"]
    assert "grant" not in logged_out


def test_other_pages_open_their_readers_own_channel_only(users):
    ana = users[0]
    assert stream_of(login_client(ana), "/")["channel"] == [f"user-{ana.pk}"]
    assert stream_of(login_client(ana), "/ratings/coup/")["channel"] == [f"user-{ana.pk}"]
    assert stream_of(Client(), "/") is None  # nothing to hear


def test_the_lobbys_games_are_redrawn_on_their_own(users, django_assert_max_num_queries):
    ana, ben, carl = users[:3]
    start_table("coup", [ana, ben], seed=3)
    waiting = services.table_create(creator=carl, game="coup", max_players=3)
    services.table_invite(table_id=waiting.pk, user=carl, username="ana")
    client = login_client(ana)
    with django_assert_max_num_queries(8):
        answer = client.get("/my-games/", HTTP_HX_REQUEST="true")
    text = answer.content.decode()
    assert answer.status_code == 200
    assert text.lstrip().startswith('<section class="panel" id="my-games"')
    assert "carl invites you" in text and "Coup #" in text
    assert 'hx-trigger="sse:stream-open, sse:mine, live-poll from:body"' in text
    assert Client().get("/my-games/").status_code == 302  # log in first
