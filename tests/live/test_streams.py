"""The event stream of a page, read as a browser reads it, from the site run
by uvicorn in this process (`live_server`): what it sends when it opens and
when it resumes, what each reader may open, its heartbeats, the presence it
keeps, and its refusals."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings
from django.test import Client

from accounts.models import Presence
from chat.services import message_post
from live import bus, channels, grants, views
from tables import services
from tables.models import Table
from tests.conftest import login_client, start_table
from tests.support.sse import open_stream

pytestmark = pytest.mark.django_db(transaction=True)


def heard_until(stream, last: str, timeout: float = 15.0) -> list:
    """The events up to the first called `last`, and any in the half second
    after it (what should not come would have come by then)."""
    events = []
    while (event := stream.next(timeout)) is not None:
        events.append(event)
        if event.event == last:
            return events + stream.events(0.5)
    raise AssertionError(f"no {last!r} event in {[e.event for e in events]}")


def income(table: Table) -> Table:
    mover = table.seats.get(number=table.to_act[0]).user
    services.move_submit(
        table_id=table.pk, user=mover, version=table.version, move={"action": "income"}
    )
    table.refresh_from_db()
    return table


def test_a_move_reaches_an_open_stream_of_its_table(live_server, users):
    table = start_table("coup", users[:2], seed=3)
    stream = open_stream(
        live_server.url,
        [channels.table(table.pk)],
        query={"lastEventId": f"{channels.table(table.pk)}:{table.revision}"},
    )
    assert stream.status == 200
    assert stream.headers["content-type"].startswith("text/event-stream")
    assert stream.headers["cache-control"] == "no-cache"
    assert stream.headers["x-accel-buffering"] == "no"
    assert stream.wait_for("stream-open") is not None
    assert stream.retry == 2000
    table = income(table)
    event = stream.wait_for("table")
    assert event.json == {"version": table.version}
    assert event.id == f"{channels.table(table.pk)}:{table.revision}"
    stream.close()


def test_a_change_made_after_the_page_was_drawn_is_sent_when_its_stream_opens(live_server, users):
    table = start_table("coup", users[:2], seed=3)
    drawn = table.revision
    table = income(table)
    stream = open_stream(
        live_server.url,
        [channels.table(table.pk)],
        query={"lastEventId": f"{channels.table(table.pk)}:{drawn}"},
    )
    first = [stream.next(), stream.next()]
    assert [e.event for e in first] == ["stream-open", "table"]
    assert first[1].json == {"version": table.version}
    stream.close()


def test_a_dropped_stream_resumes_with_its_last_event_id_and_misses_nothing(live_server, users):
    table = start_table("coup", users[:2], seed=3)
    name = channels.table(table.pk)
    stream = open_stream(live_server.url, [name], query={"lastEventId": f"{name}:0"})
    caught_up = stream.wait_for("table")  # the start, after revision 0
    last_id = caught_up.id
    stream.close()  # the connection drops
    for _ in range(3):
        table = income(table)
    resumed = open_stream(live_server.url, [name], last_event_id=last_id)
    events = heard_until(resumed, "table")
    # One event says all: the board redraws the version it names.
    assert [(e.event, e.json) for e in events if e.event == "table"] == [
        ("table", {"version": table.version})
    ]
    assert resumed.last_id == f"{name}:{table.revision}"
    resumed.close()
    # Resumed from the latest id: nothing to catch up.
    again = open_stream(live_server.url, [name], last_event_id=f"{name}:{table.revision}")
    assert again.next().event == "stream-open"
    assert again.events(0.5) == []
    again.close()


def test_a_last_event_id_that_is_not_a_revision_is_left_aside(live_server, users):
    table = start_table("coup", users[:2], seed=3)
    name = channels.table(table.pk)
    for junk in ("error", f"{name}:many", "user-1:3", f"{name}:1:2"):
        stream = open_stream(live_server.url, [name], last_event_id=junk)
        assert stream.status == 200, junk
        assert stream.wait_for("stream-open") is not None
        stream.close()


def test_a_players_stream_carries_their_own_channel_and_the_players_chat(live_server, users):
    ana, ben, carl = users[:3]
    table = start_table("coup", [ana, ben], seed=3)
    stream = open_stream(
        live_server.url,
        [channels.table(table.pk), channels.chat(table.pk), channels.user(ana.pk)],
        query={"grant": grants.grant(ana.pk)},
    )
    assert stream.status == 200
    # Listening once the stream says it is open: what is published before
    # that is for a later stream to ask again with Last-Event-ID.
    assert stream.wait_for("stream-open") is not None
    message_post(table_id=table.pk, user=carl, text="I am watching")  # spectators' chat
    message_post(table_id=table.pk, user=ben, text="Good luck")
    income(table)
    heard = [(e.event, e.data) for e in heard_until(stream, "mine") if e.event != "stream-open"]
    assert ("chat", json.dumps({"channel": "players"}, separators=(",", ":"))) in heard
    assert not any("spectators" in data for _, data in heard)
    assert any(event == "mine" for event, _ in heard)
    stream.close()


def test_a_spectators_stream_carries_no_one_elses_private_channel(live_server, users):
    ana, ben, carl = users[:3]
    table = start_table("coup", [ana, ben], seed=3)
    spectator = {"grant": grants.grant(carl.pk)}
    refused = open_stream(
        live_server.url, [channels.table(table.pk), channels.user(ana.pk)], query=spectator
    )
    assert refused.status == 403
    assert b"another person's" in refused.body
    stream = open_stream(
        live_server.url,
        [channels.table(table.pk), channels.chat(table.pk), channels.user(carl.pk)],
        query=spectator,
    )
    income(table)  # tells ana and ben on their own channels
    message_post(table_id=table.pk, user=ana, text="Players' chat")
    heard = [e.event for e in heard_until(stream, "chat")]
    assert heard.count("table") == 1 and heard.count("chat") == 1
    assert "mine" not in heard
    stream.close()


def test_a_logged_out_reader_opens_the_table_and_no_chat_while_the_game_is_on(live_server, users):
    ana, ben = users[:2]
    table = start_table("coup", [ana, ben], seed=3)
    for private in (channels.user(ana.pk), channels.chat(table.pk, "players")):
        refused = open_stream(live_server.url, [channels.table(table.pk), private])
        assert refused.status == 403, private
    nothing = open_stream(live_server.url, [channels.chat(table.pk)])
    assert nothing.status == 204
    stream = open_stream(live_server.url, [channels.table(table.pk), channels.chat(table.pk)])
    assert stream.status == 200
    message_post(table_id=table.pk, user=ana, text="Not for you yet")
    income(table)
    assert [e.event for e in heard_until(stream, "table")] == ["stream-open", "table"]
    stream.close()


def test_a_forged_or_borrowed_grant_opens_no_private_channel(live_server, users):
    ana, ben = users[:2]
    table = start_table("coup", [ana, ben], seed=3)
    forged = grants.grant(ana.pk)[:-3] + "abc"
    for grant, channel in (
        (forged, channels.user(ana.pk)),
        (f"{ana.pk}:forged", channels.user(ana.pk)),
        (grants.grant(ben.pk), channels.user(ana.pk)),
    ):
        stream = open_stream(live_server.url, [channel], query={"grant": grant})
        assert stream.status == 403, grant
    # A forged grant is no one: the chat of a game in play stays shut.
    stream = open_stream(
        live_server.url, [channels.chat(table.pk, "players")], query={"grant": forged}
    )
    assert stream.status == 403


def test_without_a_grant_the_session_names_the_reader(live_server, users):
    ana = users[0]
    client = login_client(ana)
    cookie = {settings.SESSION_COOKIE_NAME: client.cookies[settings.SESSION_COOKIE_NAME].value}
    stream = open_stream(live_server.url, [channels.user(ana.pk)], cookies=cookie)
    assert stream.status == 200
    stream.close()


def test_an_open_stream_keeps_its_reader_present(live_server, users):
    ana, ben = users[:2]
    start_table("coup", [ana, ben], seed=3)
    assert not Presence.objects.filter(user=ana).exists()
    stream = open_stream(
        live_server.url, [channels.user(ana.pk)], query={"grant": grants.grant(ana.pk)}
    )
    assert stream.wait_for("stream-open") is not None
    assert Presence.objects.filter(user=ana).exists()
    stream.close()


@pytest.mark.parametrize(
    ("channels_asked", "status"),
    [
        ([], 400),
        (["lobby"], 400),
        (["table-0"], 400),
        (["table-1-players"], 400),
        ([f"table-{n}" for n in range(1, 8)], 400),
    ],
)
def test_a_stream_of_no_channel_or_of_channels_not_ours_is_refused(
    live_server, db, channels_asked, status
):
    stream = open_stream(live_server.url, channels_asked)
    assert stream.status == status
    assert stream.body


def test_a_site_served_without_asgi_answers_streams_with_a_503(client: Client, users):
    table = start_table("coup", users[:2], seed=3)
    # In a thread of its own: a browser test of this process may have left
    # Playwright's event loop running in this one, where WSGI cannot run.
    with ThreadPoolExecutor(1) as thread:
        get = thread.submit(client.get, f"/live/?channel={channels.table(table.pk)}")
        answer = get.result()
    assert answer.status_code == 503
    assert answer["Retry-After"] == "5"


def test_heartbeats_are_comment_lines_and_a_lost_hub_ends_the_stream():
    async def inner():
        yield b"event: stream-open\ndata:\n\n"
        yield views.KEEP_ALIVE
        await asyncio.sleep(3600)
        yield b"never"

    async def read():
        lost = asyncio.Event()
        chunks = []
        stream = views._kept(inner(), None, lost)
        async for chunk in stream:
            chunks.append(chunk)
            if len(chunks) == 3:
                lost.set()  # Redis went away: the stream ends
        return chunks

    # In a thread of its own: the browser tests' Playwright may hold this
    # process's main thread's event loop.
    with ThreadPoolExecutor(1) as pool:
        chunks = pool.submit(asyncio.run, asyncio.wait_for(read(), 5)).result()
    assert chunks == [views.RETRY, b"event: stream-open\ndata:\n\n", b":\n\n"]


def test_the_relay_delivers_signed_events_only(client: Client, settings, monkeypatch, heard):
    ear = heard(["table-9"])
    event = bus.LiveEvent("table-9", "table", {"version": 4}, 7)
    signed = bus.signing.dumps(bus._encode([event]), salt=bus.RELAY_SALT)
    assert client.post("/live/publish/", signed, content_type="text/plain").status_code == 204
    assert ear.take() == [("table-9", "table", {"version": 4}, 7)]
    forged = signed[:-2] + "xx"
    assert client.post("/live/publish/", forged, content_type="text/plain").status_code == 400
    assert ear.take() == []
    settings.LIVE_REDIS_URL = "redis://127.0.0.1:6379/0"
    assert client.post("/live/publish/", signed, content_type="text/plain").status_code == 404
