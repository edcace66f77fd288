"""The lobby with the tables of the players one follows (issue 41), in
headless Chromium at desktop and phone widths: axe finds no fault, and the
screenshots are kept for people to look at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from social import services as social
from tables import services
from tests.browser.test_accessibility import Viewers, assert_clean, settle, violations_text
from tests.conftest import make_user, start_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("NOTES_SHOTS_DIR", "/work/notes/shots"))


def test_the_lobby_with_friends_tables_is_clean_at_both_widths(browser, live_server):
    ana, ben, carl, dora = (make_user(n) for n in ("ana", "ben", "carl", "dora"))
    social.follow_add(user=ana, username="ben")
    social.follow_add(user=ana, username="carl")
    services.table_create(creator=ben, game="troyes", max_players=4)
    services.table_create(creator=carl, game="koryo", max_players=3, time_control="fast")
    start_table("coup", [carl, dora], time_control="normal")
    viewers = Viewers(browser, live_server.url)
    found = []
    try:
        for width, pixels in (("desktop", 1280), ("phone", 390)):
            page = viewers.page(ana, width)
            page.goto("/")
            settle(page)
            section = page.locator("section:has(#friends-tables-heading)")
            assert section.locator("li").count() == 3
            assert section.get_by_role("button", name="Join Troyes").count() == 1
            text = violations_text(page, f"lobby at {width} width")
            if text:
                found.append(text)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"lobby-friends-{pixels}.png"), full_page=True)
    finally:
        viewers.close()
    assert_clean(found)
