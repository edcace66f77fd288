"""bench.capacity plays through the table page as a person does: it reads
from the page the table's version, who the game waits for and the moves the
player may click, polls with the page's own poll address and posts the
page's form. Checked here on the pages themselves, so that a change to the
templates cannot leave the benchmark measuring pages where nobody plays.
And its search: doubling P until a step fails, then halving the gap."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from django.test import Client

from bench.capacity.browser import read_board, read_chat_url
from bench.capacity.steps import next_pages
from games import registry
from harness.sse import read_stream_url
from tests.conftest import start_table, state_of


def canonical(move) -> str:
    return json.dumps(move, sort_keys=True)


@pytest.mark.django_db
def test_the_benchmark_reads_the_page_and_plays_through_its_form(users):
    table = start_table("coup", users[:2], {"rounds_to_win": 5}, seed=7)
    seats = {seat.number: seat.user for seat in table.seats.all()}
    (acting,) = table.to_act
    mover, other = seats[acting], seats[1 - acting]
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(mover)

    page = browser.get(f"/tables/{table.pk}/").content.decode()
    board = read_board(page)
    assert (board.version, board.status) == (table.version, "active")
    assert board.acting == [mover.username]
    legal = registry.get("coup").engine.legal_moves(state_of(table), acting)
    # Income is offered twice, by the treasury on the board and in the folded list.
    assert page.count('value="{&quot;action&quot;:&quot;income&quot;}"') == 2
    assert sorted(canonical(json.loads(m)) for m in board.moves) == sorted(map(canonical, legal))
    assert board.form_version == table.version and board.csrf
    assert read_chat_url(page).startswith(f"/tables/{table.pk}/chat/poll/?")
    # The page's stream: its table, its chat and its reader's own channel.
    stream = read_stream_url(page)
    assert stream.startswith("/live/?")
    for channel in (f"table-{table.pk}", f"chat-{table.pk}", f"user-{mover.pk}"):
        assert f"channel={channel}&" in stream
    assert f"lastEventId=table-{table.pk}%3A{table.revision}" in stream
    assert board.revision == table.revision

    watcher = Client()
    watcher.force_login(other)
    seen = read_board(watcher.get(f"/tables/{table.pk}/").content.decode())
    assert seen.acting == [mover.username] and seen.moves == []

    income = next(m for m in board.moves if json.loads(m) == {"action": "income"})
    answer = browser.post(
        f"/tables/{table.pk}/move/",
        {"csrfmiddlewaretoken": board.csrf, "version": board.form_version, "move": income},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200
    after = read_board(answer.content.decode())
    table.refresh_from_db()
    assert after.version == table.version > board.version
    assert after.acting == [seats[s].username for s in table.to_act]

    # The watcher's poll, from its page's own address: changed, then nothing new.
    changed = watcher.get(seen.poll_url, HTTP_HX_REQUEST="true")
    assert changed.status_code == 200 and changed["HX-Trigger"] == "table-changed"
    redrawn = read_board(watcher.get(f"/tables/{table.pk}/board/").content.decode())
    assert redrawn.version == table.version
    assert watcher.get(redrawn.poll_url, HTTP_HX_REQUEST="true").status_code == 204


def test_the_search_doubles_until_a_step_fails_then_halves_the_gap():
    args = SimpleNamespace(max=3200, resolution=0.1)
    assert next_pages(held=25, failed=None, tried=25, args=args) == 50
    assert next_pages(held=3200, failed=None, tried=3200, args=args) is None
    # 400 failed after 200 held: 300, then 350 held, 375, then 375 is within 10%.
    assert next_pages(held=200, failed=400, tried=400, args=args) == 300
    assert next_pages(held=350, failed=400, tried=350, args=args) == 375
    assert next_pages(held=375, failed=400, tried=375, args=args) is None
    # Even the first step failed: halve until one holds.
    assert next_pages(held=None, failed=25, tried=25, args=args) == 12
    assert next_pages(held=None, failed=3, tried=3, args=args) is None
