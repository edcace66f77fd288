"""Pages that stay live without a reload: the waiting room as players join
and the game starts, invitations in the invitee's lobby, the header's count
of games waiting for me and the tab's title."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tables.models import Table
from tests.browser.conftest import play, shot, sign_up
from tests.support.seeds import seed_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_waiting_room_invitations_and_the_title_update_by_themselves(new_page, settings):
    ana, ben, carl = new_page(), new_page(), new_page()
    for page, name in ((ana, "ana"), (ben, "ben"), (carl, "carl")):
        sign_up(page, name)

    ana.goto("/tables/new/")
    ana.select_option("select[name=max_players]", "3")
    ana.click("button:has-text('Open the table')")
    table = Table.objects.get()
    seed_deal(table.pk)
    ana.fill("#invite-username", "carl")
    ana.click("button:has-text('Invite')")
    ana.wait_for_selector("text=Invited: carl")

    # Carl's lobby shows the invitation, with what the table is.
    carl.goto("/")
    invitation = carl.locator(".invitations li")
    assert "ana invites you" in invitation.inner_text()
    assert "1 of 3" in invitation.inner_text() and "1 day + 1 day a turn" in invitation.inner_text()
    shot(carl, "live-01-invitation-in-the-lobby")

    ben.goto(f"/tables/{table.pk}/")
    ben.click("button:has-text('Join this table')")
    carl.click(".invitations a")
    carl.click("button:has-text('Join this table')")

    # Ana's waiting room counts them in without a reload; Carl is no longer "invited".
    ana.wait_for_selector("text=Waiting for players: 3 of 3")
    assert "Invited:" not in ana.inner_text("#waiting-room")
    shot(ana, "live-02-waiting-room-full")
    ben.wait_for_selector("text=Waiting for players: 3 of 3")
    # A name being typed survives the waiting room's polls.
    ana.fill("#invite-username", "someone")
    ana.wait_for_timeout(2500)
    assert ana.input_value("#invite-username") == "someone"
    ana.click("button:has-text('Start the game')")

    # The joiners' pages turn into the game by themselves.
    for page in (ben, carl):
        page.wait_for_selector("#board .status-line")
    table.refresh_from_db()
    first = table.seats.get(number=table.to_act[0]).user.username
    page = {"ana": ana, "ben": ben, "carl": carl}[first]
    expect(page).to_have_title(re.compile(rf"^\(1\) Your turn · Coup #{table.pk} "))
    assert page.inner_text("#waiting-count") == "Your turn in 1 game"
    others = [p for name, p in (("ana", ana), ("ben", ben), ("carl", carl)) if name != first]
    for other in others:
        assert not other.title().startswith("(")
    shot(page, "live-03-my-turn-title")

    # Income passes the turn: the next player's tab says so, without a reload.
    play(page, {"action": "income"})
    page.wait_for_selector(
        f"#board .poll[hx-get*='version={table.version + 1}&']", state="attached"
    )
    table.refresh_from_db()
    nxt = table.seats.get(number=table.to_act[0]).user.username
    after = {"ana": ana, "ben": ben, "carl": carl}[nxt]
    expect(after).to_have_title(re.compile(r"^\(1\) Your turn · "))
    expect(page).to_have_title(re.compile(r"^Coup #"))


def test_the_headers_rating_label_follows_a_bot_seated_while_the_page_is_open(new_page):
    ana, ben = new_page(), new_page()
    for page, name in ((ana, "ana"), (ben, "ben")):
        sign_up(page, name)
    ana.goto("/tables/new/")
    ana.select_option("select[name=max_players]", "3")
    ana.click("button:has-text('Open the table')")
    table = Table.objects.get()
    ben.goto(f"/tables/{table.pk}/")
    ben.click("button:has-text('Join this table')")
    expect(ben.locator("#rating-kind")).to_have_text("rated")

    # Nobody chose a rated game against bots: the bot makes it unrated, and
    # ben's header says so without a reload.
    ana.click("button:has-text('Add a bot')")
    expect(ben.locator("#waiting-room")).to_contain_text("Waiting for players: 3 of 3")
    expect(ben.locator("#rating-kind")).to_have_text("unrated")
    expect(ben.locator("#rating-kind")).to_have_count(1)
