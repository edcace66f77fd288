"""Following from a table's seat list and a chat line (issue 41), in
headless Chromium on a 390 px phone, by keyboard: the control redraws
itself, keeps the focus, says what it did, and axe finds no fault."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from chat import services as chat
from social.models import Follow
from tests.browser.conftest import SCREENSHOTS
from tests.browser.test_accessibility import Viewers, assert_clean, settle, violations_text
from tests.conftest import make_user, start_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_reader_follows_from_a_chat_line_and_unfollows_from_the_seat_list(
    browser, live_server
):
    ana, ben, carl = (make_user(n) for n in ("ana", "ben", "carl"))
    table = start_table("coup", [ana, ben, carl])
    chat.message_post(table_id=table.pk, user=ben, text="good luck all")
    viewers = Viewers(browser, live_server.url)
    try:
        page = viewers.page(ana, "phone")
        page.goto(f"/tables/{table.pk}/")
        settle(page)
        line = page.locator(".chat-list li", has_text="good luck all")
        follow = line.get_by_role("button", name="Follow ben", exact=True)
        follow.focus()
        page.keyboard.press("Enter")
        unfollow = line.get_by_role("button", name="Unfollow ben", exact=True)
        expect(unfollow).to_be_focused()
        expect(page.locator("#live")).to_contain_text("You follow ben")
        assert Follow.objects.filter(owner=ana, other=ben).exists()
        # The seat list's control for ben says so too, without a reload.
        seats = page.locator(".seat-follows")
        seats.get_by_role("button", name="Unfollow ben", exact=True).focus()
        page.keyboard.press("Enter")
        expect(seats.get_by_role("button", name="Follow ben", exact=True)).to_be_focused()
        assert not Follow.objects.exists()
        expect(line.get_by_role("button", name="Follow ben", exact=True)).to_be_visible()
        found = [violations_text(page, "a table with follow controls on a phone")]
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "table-follow-390.png"), full_page=True)
    finally:
        viewers.close()
    assert_clean([text for text in found if text])


def test_the_question_of_a_rated_game_against_bots_is_clean_on_a_phone(browser, live_server):
    from tables import services

    ana, ben = (make_user(n) for n in ("ana", "ben"))
    table = services.table_create(creator=ana, game="coup", max_players=3)
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    viewers = Viewers(browser, live_server.url)
    try:
        page = viewers.page(ben, "phone")
        page.goto(f"/tables/{table.pk}/")
        settle(page)
        box = page.get_by_role("checkbox", name="Rated game against bots")
        expect(box).not_to_be_checked()
        box.focus()
        page.keyboard.press("Space")
        page.get_by_role("button", name="Join this table").click()
        settle(page)
        expect(page.locator(".rating-note")).to_contain_text("Unrated.")
        found = [violations_text(page, "a waiting room asking about bots on a phone")]
        page.screenshot(path=str(SCREENSHOTS / "waiting-against-bots-390.png"), full_page=True)
    finally:
        viewers.close()
    assert_clean([text for text in found if text])
