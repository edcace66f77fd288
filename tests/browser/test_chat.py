"""Two players chat at their table in their browsers: each sees the other's
message without reloading, a message being typed survives the board's
redraws, and a spectator's chat stays out of the players' sight."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import open_two_player_table, play, shot
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_two_players_chat_at_their_table(new_page, page_for, settings):
    ana, ben = new_page(), new_page()
    table = open_two_player_table(ana, ben, "Coup", 20261201)
    for page in (ana, ben):
        page.goto(f"/tables/{table.pk}/")

    # Ana writes with the keyboard only: the labelled box, Ctrl+Enter sends.
    box = ana.get_by_label("Message to the players' chat")
    box.focus()
    ana.keyboard.type("Good luck, ben!")
    ana.keyboard.press("Control+Enter")
    expect(ana.locator("#chat-messages li").last).to_contain_text("Good luck, ben!")
    expect(box).to_have_value("")
    expect(box).to_be_focused()

    # Ben's page shows it by itself, and reads it out politely.
    ben_list = ben.locator("#chat-messages .chat-players li")
    expect(ben_list.last).to_contain_text("Good luck, ben!")
    expect(ben_list.last.locator(".chat-author")).to_have_text("ana")
    expect(ben.locator("#chat-news[aria-live=polite]")).to_contain_text(
        "ana wrote: Good luck, ben!"
    )

    # Ben answers with markup and two lines: Ana sees text, on two lines.
    ben.fill("#chat-text", "Thanks <b>ana</b>\nsee you at the end")
    ben.click("#chat-send")
    answer = ana.locator("#chat-messages li").last
    expect(answer).to_contain_text("Thanks <b>ana</b>")
    assert ana.locator("#chat-messages b").count() == 0
    assert answer.locator(".chat-text").inner_text() == "Thanks <b>ana</b>\nsee you at the end"
    assert ana.locator("#chat-messages time").last.get_attribute("datetime")

    # A spectator writes in the spectators' chat, which the players do not see.
    dora = page_for(make_user("dora"))
    dora.goto(f"/tables/{table.pk}/")
    expect(dora.locator(".chat-players li").last).to_contain_text("see you at the end")
    dora.fill("#chat-text", "ana should claim the Duke")
    dora.click("#chat-send")
    expect(dora.locator(".chat-spectators li").last).to_contain_text("claim the Duke")
    shot(dora, "chat-03-spectator")

    # A half-typed message survives the board's redraw after a move.
    table.refresh_from_db()
    mover_name = table.seats.get(number=table.to_act[0]).user.username
    mover, watcher = (ana, ben) if mover_name == "ana" else (ben, ana)
    watcher.fill("#chat-text", "half a thought")
    before = watcher.inner_text("#board .status-line")
    play(mover, {"action": "income"})
    expect(watcher.locator("#board .status-line")).not_to_have_text(before)
    assert watcher.input_value("#chat-text") == "half a thought"
    assert "claim the Duke" not in ana.inner_text("#chat") + ben.inner_text("#chat")

    # Reporting from the keyboard: the button says whose message it is.
    report = ana.get_by_role("button", name="Report ben's message")
    report.focus()
    ana.keyboard.press("Enter")
    expect(ana.locator("#chat-messages")).to_contain_text("a moderator will look at this message")

    # The moderator finds it counted on the admin's index, and queued.
    mod = make_user("mod")
    mod.is_staff = mod.is_superuser = True
    mod.save()
    admin = page_for(mod)
    admin.goto("/admin/")
    expect(admin.locator(".open-report-count")).to_have_text("1")
    shot(admin, "chat-04-admin-index")
    admin.click("text=Open chat reports")
    expect(admin.locator("#result_list")).to_contain_text("Thanks <b>ana</b>")
    shot(admin, "chat-05-admin-queue")

    ana.fill("#chat-text", "")
    shot(ana, "chat-01-desktop")
    ana.set_viewport_size(PHONE)
    ana.locator("#chat").scroll_into_view_if_needed()
    assert ana.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(ana, "chat-02-phone")
