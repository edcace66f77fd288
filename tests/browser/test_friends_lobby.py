"""The lobby with the tables of the players one follows (issue 41), in
headless Chromium at desktop and phone widths: axe finds no fault, and the
screenshots are kept for people to look at."""

from __future__ import annotations

import pytest

from social import services as social
from tables import services
from tests.browser.conftest import SCREENSHOTS
from tests.browser.test_accessibility import Viewers, assert_clean, settle, violations_text
from tests.conftest import make_user, start_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = SCREENSHOTS


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


def test_the_social_pieces_of_other_pages_are_clean_at_both_widths(browser, live_server):
    from chat import services as chat

    ana, ben, _carl = (make_user(n) for n in ("ana", "ben", "carl"))
    social.follow_add(user=ana, username="ben")
    social.block_add(user=ana, username="carl")
    social.note_set(user=ana, username="ben", text="Plays Duke early.")
    waiting = services.table_create(creator=ana, game="coup", max_players=3)
    playing = start_table("coup", [ana, ben])
    chat.message_post(table_id=playing.pk, user=ben, text="good luck")
    viewers = Viewers(browser, live_server.url)
    found = []
    try:
        for width in ("desktop", "phone"):
            page = viewers.page(ana, width)
            for path, what in (
                ("/players/ben/", "a followed player's page, with a note"),
                ("/players/carl/", "a blocked player's page"),
                ("/accounts/profile/", "the settings with the blocked list"),
                ("/accounts/blocked/", "the blocked list"),
                (f"/tables/{waiting.pk}/", "a waiting room with the invitation link"),
                (f"/tables/{playing.pk}/", "a table whose chat links its writers"),
            ):
                page.goto(path)
                settle(page)
                text = violations_text(page, f"{what} at {width} width")
                if text:
                    found.append(text)
            page.goto("/players/ben/")
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"player-follow-note-{width}.png"), full_page=True)
    finally:
        viewers.close()
    assert_clean(found)
