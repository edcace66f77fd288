"""The tournament's own chat in headless Chromium (issue 41): an entrant
writes from the keyboard, a logged-in reader's open page shows it without a
reload and reads it out politely, and neither page, at desktop or phone
width, has an axe-core fault."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.browser.test_accessibility import WIDTHS, Viewers, settle, violations_text
from tests.conftest import make_user
from tests.tournaments.helpers import entered

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_message_posted_on_the_tournament_page_appears_on_another_open_page(browser, live_server):
    ana, ben, dora = make_user("ana"), make_user("ben"), make_user("dora")
    cup = entered(ana, [ana, ben], name="Spring Cup")
    viewers = Viewers(browser, live_server.url)
    try:
        writer = viewers.page(ana, "desktop")
        reader = viewers.page(dora, "phone")
        for page in (writer, reader):
            page.goto(f"/tournaments/{cup.pk}/")
            settle(page)
        expect(reader.locator("#chat")).to_contain_text("The players entered in this tournament")

        box = writer.get_by_label("Message to the tournament's players")
        box.focus()
        writer.keyboard.type("Good luck in round one!")
        writer.keyboard.press("Control+Enter")
        expect(writer.locator("#chat-messages li").last).to_contain_text("Good luck in round one!")
        expect(box).to_have_value("")

        mine = reader.locator("#chat-messages .chat-tournament li").last
        expect(mine).to_contain_text("Good luck in round one!", timeout=20_000)
        expect(mine.locator(".chat-author")).to_have_text("ana")
        expect(reader.locator("#chat-news[aria-live=polite]")).to_contain_text(
            "ana wrote: Good luck in round one!"
        )
        shot(reader, f"tournament-chat-{WIDTHS['phone']}")
        faults = [
            violations_text(writer, "tournament chat, the writer's page"),
            violations_text(reader, "tournament chat, a reader's page at 390 px"),
        ]
        assert not any(faults), "\n".join(faults)
    finally:
        viewers.close()
