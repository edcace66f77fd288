"""Pages that hear their table's changes on their event stream, with the
poll set to an hour so that only the stream can bring them: a move on one
page redraws the other's board, its header's count and its tab's title, and
marks the piece it acted on; a chat line shows on the other page; on a phone
the page stays where the player was after a move, and a piece's menu opens
on screen; the marks go once the player has moved."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import press, shot
from tests.conftest import start_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def streaming(page) -> None:
    expect(page.locator("body")).to_have_attribute("data-live-mode", "stream")


def test_a_move_and_a_chat_line_reach_the_other_page_by_its_stream(page_for, users, settings):
    settings.LIVE_POLL_SECONDS = 3600
    ana, ben = users[:2]
    table = start_table("coup", [ana, ben], {"rounds_to_win": 5}, seed=7)
    first = table.seats.get(number=table.to_act[0]).user
    second = ana if first == ben else ben
    mover, watcher = page_for(first), page_for(second, viewport=PHONE)
    # The table's poll (the board's, while no stream can be had) never runs.
    polls: list[str] = []
    poll = f"/tables/{table.pk}/poll/"
    watcher.on("request", lambda r: polls.append(r.url) if poll in r.url else None)
    for page in (mover, watcher):
        page.goto(f"/tables/{table.pk}/")
        streaming(page)
    expect(watcher.locator("#waiting-count")).to_have_attribute("data-count", "0")

    # The first player takes Income: the other's board, count and title follow.
    press(mover, mover.locator("#board details.piece-menu[data-piece='treasury'] > summary"))
    press(mover, mover.locator("#board .piece-moves button", has_text="Income"))
    board = watcher.locator(f"#board[data-version='{table.version + 1}']")
    expect(board).to_be_attached()
    expect(watcher.locator("#waiting-count")).to_have_text("Your turn in 1 game")
    expect(watcher).to_have_title(f"(1) Your turn · Coup #{table.pk} · Tabletop")
    mark = watcher.locator("#board [data-marked='treasury']")
    expect(mark.locator(".mark-who")).to_have_text(first.username)
    assert "Income" in mark.get_attribute("title")
    assert "{#" not in watcher.content()  # no template comment left on the page
    shot(watcher, "live-stream-01-phone-after-the-other-players-move")

    # On the phone: the treasury's menu opens on screen, and a move leaves
    # the page where it was.
    treasury = watcher.locator("#board details.piece-menu[data-piece='treasury']")
    # Scrolled so that the status line above it is out of sight, as a hand
    # far down a board is.
    treasury.evaluate("el => el.scrollIntoView({block: 'start'})")
    assert not watcher.locator("#status-line").evaluate(
        "el => el.getBoundingClientRect().bottom > 0"
    )
    press(watcher, treasury.locator("> summary"))
    menu = treasury.locator(".piece-moves").bounding_box()
    assert menu["x"] >= 0 and menu["x"] + menu["width"] <= PHONE["width"]
    assert menu["y"] >= 0 and menu["y"] + menu["height"] <= PHONE["height"]
    # Where the player is looking: the piece they pressed, on the screen.
    looked = (
        "[...document.querySelectorAll('#board .chip')]"
        ".find(chip => chip.textContent.includes('Treasury')).getBoundingClientRect().top"
    )
    before = watcher.evaluate(looked)
    press(watcher, treasury.locator(".piece-moves button", has_text="Income"))
    expect(watcher.locator(f"#board[data-version='{table.version + 2}']")).to_be_attached()
    watcher.wait_for_timeout(300)  # let everything the move redraws settle
    # (The treasury's chip is a little lower once it is no longer a button.)
    assert abs(watcher.evaluate(looked) - before) <= 8, (before, watcher.evaluate(looked))
    # Having moved, the player's own marks are gone; the first player sees one.
    expect(watcher.locator("#board .marked")).to_have_count(0)
    expect(mover.locator("#board [data-marked='treasury'] .mark-who")).to_have_text(second.username)
    shot(watcher, "live-stream-02-phone-after-its-own-move")

    # A chat line from the first player shows on the other page.
    mover.fill("#chat-text", "Well played")
    mover.click("#chat-send")
    expect(watcher.locator("#chat-messages .chat-text", has_text="Well played")).to_be_visible()

    assert polls == [], polls
