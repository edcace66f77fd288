"""A table is cancelled and a game resigned only after "are you sure?", and a clock turns red by
the share of the turn used, not under a fixed hour."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tables import services
from tables.models import Table
from tests.browser.conftest import shot
from tests.conftest import start_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_cancelling_a_table_asks_first(page_for, users):
    table = services.table_create(creator=users[0], game="coup", max_players=3)
    page = page_for(users[0])
    page.goto(f"/tables/{table.pk}/")
    asked = []

    def answer(dialog, accept):
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda d: answer(d, False))
    page.click("button:has-text('Cancel the table')")
    page.wait_for_timeout(300)
    table.refresh_from_db()
    assert table.status == "open" and "cannot be undone" in asked[0]
    page.once("dialog", lambda d: answer(d, True))
    page.click("button:has-text('Cancel the table')")
    page.wait_for_url(re.compile(rf"/tables/{table.pk}/$"))
    expect(page.locator(".flash")).to_contain_text("cancelled")
    assert Table.objects.get(pk=table.pk).status == "aborted"


def test_resigning_a_game_asks_first(page_for, users):
    table = start_table("coup", users[:3])
    page = page_for(users[1])
    page.goto(f"/tables/{table.pk}/")
    asked = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.click("form.resign button")
    page.wait_for_timeout(300)
    assert not Table.objects.get(pk=table.pk).seats.get(user=users[1]).dropped
    assert "cannot be undone" in asked[0]
    page.once("dialog", lambda d: d.accept())
    page.click("form.resign button")
    expect(page.locator(".flash")).to_contain_text("You resigned")
    assert Table.objects.get(pk=table.pk).seats.get(user=users[1]).drop_reason == "resigned"
    # Once out, there is nothing more to give up.
    expect(page.locator("form.resign")).to_have_count(0)


def test_the_quick_clock_is_not_red_from_the_start(page_for, users):
    table = start_table("coup", users[:2], time_control="quick")
    me = users[table.to_act[0]]
    page = page_for(me)
    page.goto(f"/tables/{table.pk}/")
    clock = page.locator(".clocks li.me .clock")
    expect(clock).to_have_text(re.compile(r"\d+ min left"))
    page.wait_for_timeout(1200)  # a tick of the page's clock
    assert "low" not in (clock.get_attribute("class") or "")
    shot(page, "clock-quick-start")
    # Most of the turn used: red.
    from datetime import timedelta

    from tables.models import Seat

    seat = Seat.objects.get(table=table, number=table.to_act[0])
    Seat.objects.filter(pk=seat.pk).update(
        turn_started_at=seat.turn_started_at - timedelta(minutes=9),
        deadline_at=seat.deadline_at - timedelta(minutes=9),
    )
    page.reload()
    expect(page.locator(".clocks li.me .clock.low")).to_have_count(1)
