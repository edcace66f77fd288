"""A finished game's replay stepped through in Chromium, a turn at a time:
the buttons, the keyboard, the turn number in the address, the live region,
a turn's small moves unfolded, "seen by", and the page at phone width.
Screenshots in $SCREENSHOT_DIR (or var/screenshots)."""

from __future__ import annotations

import itertools
import re

import pytest

from games import registry
from replays.turns import turns_of
from tests.browser.conftest import SCREENSHOTS
from tests.conftest import play_random_moves, start_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def shot(page, name: str) -> None:
    """A full-page screenshot. Playwright hides the caret by default with a
    style it injects, which the next HTMX swap copies onto the page, where
    our CSP refuses it: that would be the test's doing, not the site's."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True, caret="initial")


def turns(table) -> int:
    return turns_of(table, registry.get(table.game).engine, table.seats.count()).count


def watch(page) -> list[str]:
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(f"JavaScript error: {exc}"))
    page.on(
        "console",
        lambda msg: (
            problems.append(page.url + " " + msg.text)
            if "Content Security Policy" in msg.text
            else None
        ),
    )
    return problems


def test_a_finished_game_is_stepped_through_with_the_buttons_and_the_keys(users, page_for):
    table = play_random_moves(start_table("coup", users[:2], seed=1), users[:2], 500, seed=1)
    assert table.is_over
    total = turns(table)
    page = page_for(users[2])
    problems = watch(page)
    page.goto(f"/tables/{table.pk}/")
    page.click("text=Replay the game")
    now = page.locator("#replay-now")
    assert now.inner_text().startswith(f"Turn 0 of {total}: the deal.")
    assert now.get_attribute("aria-live") == "polite"
    shot(page, "replay-01-deal")

    page.click(".replay-nav >> text=Forward")
    page.wait_for_url(re.compile(r"/replay/1/$"))
    assert now.inner_text().startswith(f"Turn 1 of {total}:")
    assert page.locator("h2#replay-step-title").inner_text().startswith("Turn 1")
    # The focus stays on the button used, so Enter keeps stepping.
    assert page.evaluate("document.activeElement.dataset.step") == "forward"
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/replay/2/$"))

    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"/replay/3/$"))
    assert now.inner_text().startswith(f"Turn 3 of {total}:")
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(r"/replay/2/$"))
    shot(page, "replay-02-turn-2")
    page.keyboard.press("End")
    page.wait_for_url(re.compile(rf"/replay/{total}/$"))
    assert now.inner_text().startswith(f"Turn {total} of {total}:")
    assert (
        page.locator('.replay-nav [data-step="forward"]').get_attribute("aria-disabled") == "true"
    )
    page.keyboard.press("Home")
    page.wait_for_url(re.compile(r"/replay/0/$"))
    page.click(".replay-nav >> text=Last")
    page.wait_for_url(re.compile(rf"/replay/{total}/$"))
    shot(page, "replay-03-last")

    # Back in the browser's history goes to the step before.
    with page.expect_event("load"):
        page.go_back()
    assert page.url.endswith("/replay/0/")
    assert now.inner_text().startswith(f"Turn 0 of {total}: the deal.")

    # Seen by a player: their hand is drawn.
    page.goto(f"/tables/{table.pk}/replay/{total}/")
    page.select_option("#replay-seat", label="ben")
    page.click(".replay-seen-by button")
    page.wait_for_url(re.compile(r"seat=1"))
    assert "Seen by ben" in page.inner_text("#replay-step")
    page.click(".replay-nav >> text=First")
    page.wait_for_url(re.compile(r"/replay/0/\?seat=1$"))
    shot(page, "replay-04-seen-by-ben")

    # The turn number form, without the keys.
    page.fill("#replay-turn", "4")
    page.click(".replay-jump button")
    page.wait_for_url(re.compile(r"/replay/4/\?seat=1$"))
    assert now.inner_text().startswith(f"Turn 4 of {total}:")

    headings = page.eval_on_selector_all(
        "h1, h2, h3, h4", "els => els.map(e => Number(e.tagName[1]))"
    )
    assert headings[0] == 1
    assert all(b - a <= 1 for a, b in itertools.pairwise(headings)), headings
    unnamed = page.eval_on_selector_all(
        "a, button",
        "els => els.filter(e => !(e.innerText || e.getAttribute('aria-label') || '').trim())"
        ".length",
    )
    assert unnamed == 0
    assert problems == []


def test_the_replay_fits_a_phone(users, page_for):
    table = play_random_moves(start_table("koryo", users[:2], seed=2), users[:2], 500, seed=2)
    page = page_for(users[0], viewport={"width": 390, "height": 844})
    problems = watch(page)
    page.goto(f"/tables/{table.pk}/replay/12/")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    shot(page, "replay-05-phone")
    # A turn of several small moves lists them behind a summary that says so.
    found = turns_of(table, registry.get("koryo").engine, 2)
    several = next(n for n in range(12, found.count) if len(set(found.span(n))) > 1)
    page.goto(f"/tables/{table.pk}/replay/{several}/")
    first, last = found.span(several)
    summary = page.locator(".replay-moves summary")
    assert summary.inner_text() == f"Move by move ({last - first + 1} moves)"
    items = page.locator(".replay-moves ol > li")
    assert not items.first.is_visible()
    summary.click()
    assert items.first.is_visible()
    assert items.first.inner_text().startswith(f"Move {first}")
    shot(page, "replay-05b-phone-turn-moves")
    page.goto(f"/tables/{table.pk}/replay/12/")
    page.click(".replay-nav >> text=Forward")
    page.wait_for_url(re.compile(r"/replay/13/$"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "replay-06-phone-next")
    assert problems == []


def test_a_running_games_replay_says_so_and_offers_no_other_seat(users, page_for):
    table = play_random_moves(start_table("seasons", users[:2], seed=4), users[:2], 30, seed=4)
    assert table.is_active
    last = turns(table)
    page = page_for(users[0])
    problems = watch(page)
    page.goto(f"/tables/{table.pk}/")
    page.click("text=replay so far")
    page.click(".replay-nav >> text=Last")
    page.wait_for_url(re.compile(rf"/replay/{last}/$"))
    assert "In play" in page.inner_text("main")
    assert "Seen by you" in page.inner_text("#replay-step")
    assert page.locator("#replay-seat").count() == 0
    shot(page, "replay-07-running-as-ana")
    assert problems == []


def test_a_turn_of_the_replay_is_axe_clean_at_both_widths(users, browser, live_server):
    """A turn with its small moves unfolded, seen by a player, passes axe at
    desktop and phone widths."""
    from tests.browser.test_accessibility import Viewers, assert_clean, settle, violations_text

    table = play_random_moves(start_table("koryo", users[:2], seed=2), users[:2], 500, seed=2)
    found = turns_of(table, registry.get("koryo").engine, 2)
    several = next(n for n in range(1, found.count) if len(set(found.span(n))) > 1)
    viewers = Viewers(browser, live_server.url)
    faults = []
    try:
        for width in ("desktop", "phone"):
            page = viewers.page(users[4], width)
            page.goto(f"/tables/{table.pk}/replay/{several}/?seat=1")
            settle(page)
            page.click(".replay-moves summary")
            text = violations_text(page, f"replay turn {several} at {width} width")
            if text:
                faults.append(text)
    finally:
        viewers.close()
    assert_clean(faults)
