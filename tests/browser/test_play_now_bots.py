"""A person alone plays Seasons against a bot from the lobby: "Play now
against bots" (two clicks: the game, then the button) opens a started table,
the person plays a few turns on the page, and the bot answers each through
its task (run at once here), its name badged as a bot. Shot at 1280 and 390
pixels wide."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tables.models import Move, Table
from tests.browser.conftest import press, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_play_now_against_a_bot_at_seasons(page_for, users):
    ana = users[0]
    page = page_for(ana)
    page.goto("/")
    # Seasons' row offers its own counts and its level (SEA-OP1), no more.
    players = page.locator("#play-now-seasons-players option")
    expect(players).to_have_text(["2, you and 1 bot", "3, you and 2 bots", "4, you and 3 bots"])
    page.select_option("#play-now-seasons-option-level", "wizard")
    page.select_option("#play-now-seasons-level", "easy")
    shot(page, "bots-01-lobby-play-now")
    page.click("button:has-text('Play Seasons now')")
    page.wait_for_selector("#board")
    table = Table.objects.get(creator=ana)
    assert table.status == "active"
    assert table.options["level"] == "wizard"
    expect(page.locator("#board .badge.bot").first).to_have_text("bot, easy")

    mine = 0
    for _ in range(40):
        table.refresh_from_db()
        # Counted from the log: a press the bot's answer overtook (a draft
        # both seats choose in at once) is refused as stale, and pressed again.
        mine = Move.objects.filter(table=table, seat=0).count()
        if mine >= 6 or not table.is_active:
            break
        if 0 not in table.to_act:
            page.wait_for_timeout(300)
            page.reload()
            continue
        page.wait_for_selector(
            f"form.moves input[name=version][value='{table.version}']", state="attached"
        )
        press(page, page.locator("#board button[name=move]:visible").first)
        expect(
            page.locator(f"form.moves input[name=version][value='{table.version}']")
        ).to_have_count(0, timeout=30_000)
    shot(page, "bots-02-seasons-after-a-few-turns")
    assert mine >= 6
    played = Move.objects.filter(table=table)
    assert played.filter(seat=0).count() >= 6
    assert played.filter(seat=1, kind=Move.Kind.PLAYER).exists()

    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "bots-03-seasons-phone")
