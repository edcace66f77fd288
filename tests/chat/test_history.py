"""A long chat: the table page shows each channel's newest messages, and the
older ones are read a page at a time (page and API) under the same rules of
who reads what."""

from __future__ import annotations

import re

import pytest

from chat.models import Message
from chat.selectors import RECENT
from tests.chat.conftest import say
from tests.conftest import login_client

pytestmark = pytest.mark.django_db


def chatter(table, user, count: int, channel: str = "players") -> list[Message]:
    return Message.objects.bulk_create(
        Message(table=table, channel=channel, author=user, text=f"message {i}")
        for i in range(count)
    )


def older_link(html: str, table, channel: str = "players") -> str | None:
    found = re.search(rf'href="(/tables/{table.pk}/chat/{channel}/history/\?before=\d+)"', html)
    return found.group(1) if found else None


def texts(html: str) -> list[str]:
    return re.findall(r'<p class="chat-text[^"]*">([^<]*)</p>', html)


def test_the_table_page_shows_the_newest_and_links_to_the_older(table, users):
    chatter(table, users[0], RECENT + 5)
    ana = login_client(users[0])
    page = ana.get(f"/tables/{table.pk}/").content.decode()
    assert texts(page) == [f"message {i}" for i in range(5, RECENT + 5)]
    link = older_link(page, table)
    assert link is not None

    older = ana.get(link)
    assert older.status_code == 200
    html = older.content.decode()
    assert texts(html) == [f"message {i}" for i in range(5)]
    assert "Players&#x27; chat of" in html
    # The oldest page has nothing older to offer.
    assert older_link(html, table) is None


def test_a_short_chat_offers_no_older_messages(table, users):
    chatter(table, users[0], RECENT)
    page = login_client(users[0]).get(f"/tables/{table.pk}/").content.decode()
    assert len(texts(page)) == RECENT
    assert older_link(page, table) is None


def test_players_cannot_read_the_spectators_history_while_the_game_runs(table, users, dora):
    chatter(table, dora, RECENT + 1, channel="spectators")
    path = f"/tables/{table.pk}/chat/spectators/history/?before=999999999"
    for player in users[:2]:
        assert login_client(player).get(path).status_code == 404
    seen = login_client(dora).get(path)
    assert seen.status_code == 200 and f"message {RECENT}" in seen.content.decode()


def test_a_hidden_message_stays_hidden_in_the_history(table, users, mod):
    first, *_ = chatter(table, users[1], RECENT + 1)
    Message.objects.filter(pk=first.pk).update(hidden_at=first.created_at, hidden_by=mod)
    path = f"/tables/{table.pk}/chat/players/history/?before={first.pk + 1}"
    html = login_client(users[0]).get(path).content.decode()
    assert texts(html) == ["Removed by a moderator."]
    assert "message 0" in login_client(mod).get(path).content.decode()


def test_the_api_reads_the_whole_chat_page_by_page_once_each(table, users, api_for):
    chatter(table, users[0], 2 * RECENT + 7)
    say(table, users[1], "the last word")
    api = api_for(users[1])
    read, before = [], None
    while True:
        query = "?channel=players" + (f"&before={before}" if before else "")
        answer = api.get(f"/api/tables/{table.pk}/chat{query}")
        assert answer.status_code == 200
        (channel,) = answer.json()["channels"]
        read[:0] = [m["text"] for m in channel["messages"]]
        before = channel["older_before"]
        if before is None:
            break
    assert read == [f"message {i}" for i in range(2 * RECENT + 7)] + ["the last word"]


def test_the_history_costs_the_same_queries_however_long_the_chat(
    table, users, django_assert_max_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    chatter(table, users[0], 10)
    ana = login_client(users[0])
    path = f"/tables/{table.pk}/chat/players/history/?before=999999999"
    with CaptureQueriesContext(connection) as short:
        ana.get(path)
    chatter(table, users[0], 3 * RECENT)
    with django_assert_max_num_queries(len(short.captured_queries)):
        assert ana.get(path).status_code == 200


def test_a_history_address_whose_before_is_not_a_number_shows_the_newest(table, users):
    say(table, users[0], "the newest")
    answer = login_client(users[1]).get(f"/tables/{table.pk}/chat/players/history/?before=abc")
    assert answer.status_code == 200 and "the newest" in answer.content.decode()
