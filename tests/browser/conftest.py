"""Browser tests: Playwright driving Debian's Chromium against a live server.

Screenshots go to var/screenshots/ (or $SCREENSHOT_DIR) for people to look at.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; the test's own
# database calls are still plain synchronous ones.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(
    os.environ.get("SCREENSHOT_DIR", Path(__file__).parents[2] / "var" / "screenshots")
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium is not installed at {CHROMIUM} (apt install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-gpu",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser, live_server):
    """`new_page()` opens a fresh browser context (its own cookies: one player)."""
    contexts = []

    def make():
        context = browser.new_context(
            base_url=live_server.url, viewport={"width": 1200, "height": 900}
        )
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: problems.append(f"JavaScript error: {exc}"))
        page.on(
            "console",
            lambda msg: (
                problems.append(f"CSP: {msg.text}")
                if "Content Security Policy" in msg.text
                else None
            ),
        )
        return page

    problems: list[str] = []
    yield make
    for context in contexts:
        context.close()
    assert problems == [], problems


def press(page, locator) -> None:
    """Click a move button, with the player's own window in front.

    Playwright's click waits until two drawn frames show the button still,
    and headless Chromium may stop drawing a window it takes to be behind
    (bring_to_front does not always take at once on a loaded machine). The
    button must be visible and enabled either way; if no frame comes in time,
    the player presses it with the keyboard, which needs none."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
    from playwright.sync_api import expect

    page.bring_to_front()
    expect(locator).to_be_visible()
    expect(locator).to_be_enabled()
    try:
        locator.click(timeout=5_000)
    except PlaywrightTimeoutError:
        page.bring_to_front()
        locator.focus()
        page.keyboard.press("Enter")


def move_value(move: dict | str) -> str:
    """A move as the page's buttons carry it: compact JSON."""
    return move if isinstance(move, str) else json.dumps(move, separators=(",", ":"))


def play(page, move: dict | str, *, board: bool = True) -> None:
    """Play `move` as a player would: click the board piece it acts on,
    opening the piece's menu first when the piece has several moves; a move
    on no piece is pressed in the list of moves. With `board=False`, or when
    no piece plays it, the move is pressed in the list, unfolding the folded
    part first (the second way in)."""
    value = move_value(move)
    if board:
        piece = page.locator(f"#board button.piece[value='{value}']")
        if piece.count():
            press(page, piece.first)
            return
        in_menu = page.locator(f"#board details.piece-menu .piece-moves button[value='{value}']")
        if in_menu.count():
            menu = in_menu.first.locator("xpath=ancestor::details[1]")
            if menu.get_attribute("open") is None:
                press(page, menu.locator("> summary"))
            press(page, menu.locator(f".piece-moves button[value='{value}']"))
            return
    listed = page.locator(f"form.moves button[name=move][value='{value}']")
    folded = listed.first.locator("xpath=ancestor::details[not(@open)][1]")
    if folded.count():
        press(page, folded.locator("> summary"))
    press(page, listed)


def shot(page, name: str) -> Path:
    """Save a full-page screenshot under a readable name."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / (re.sub(r"[^a-z0-9_-]+", "-", name.lower()) + ".png")
    # A long board's full page can take a loaded machine well over the
    # actions' 15 s; a screenshot is for people to look at, not a timing.
    page.screenshot(path=str(path), full_page=True, timeout=60_000)
    return path


def sign_up(page, username: str, password: str = "a-long-secret-43") -> None:
    page.goto("/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=email]", f"{username}@example.org")
    page.fill("input[name=password1]", password)
    page.fill("input[name=password2]", password)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/$"))


def open_two_player_table(ana, ben, game: str, seed: int, *, selects: dict[str, str] | None = None):
    """ana and ben sign up; ana opens a two-player table of `game` through the
    new-table form (with these extra select boxes set), ben joins and ana
    starts it. The table's seed is fixed, so the game is the same on every run."""
    from tables.models import Table
    from tests.support.seeds import seed_deal

    sign_up(ana, "ana")
    sign_up(ben, "ben")
    ana.click("text=New table")
    ana.click(f".tabs a:has-text('{game}')")
    ana.select_option("select[name=max_players]", "2")
    for name, value in {"time_control": "fast", **(selects or {})}.items():
        ana.select_option(f"select[name={name}]", value)
    shot(ana, f"{game}-01-new-table")
    ana.click("button:has-text('Open the table')")
    table = Table.objects.get()
    seed_deal(table.pk, seed)
    ben.goto("/")
    ben.click("button:has-text('Join')")
    ana.reload()
    ana.click("button:has-text('Start the game')")
    # Both pages become the game by themselves (ana's by the start's redirect,
    # ben's when his waiting room's poll sees the start and reloads): wait for
    # both, so that no later navigation interrupts theirs.
    for page in (ana, ben):
        page.wait_for_selector("#board", timeout=20_000)
    table.refresh_from_db()
    return table


@pytest.fixture
def page_for(browser, live_server):
    """`page_for(user)`: a page in a browser context already logged in as
    `user` (no sign-up pages); every context is closed after the test."""
    from django.conf import settings
    from django.test import Client

    contexts = []

    def make(user, viewport=None):
        client = Client()
        client.force_login(user)
        context = browser.new_context(
            base_url=live_server.url, viewport=viewport or {"width": 1200, "height": 900}
        )
        context.set_default_timeout(15_000)
        context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                    "url": live_server.url,
                }
            ]
        )
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
