"""A table page whose site loses its database keeps the board it shows, says
that it will try again, and updates by itself once the database is back; the
"back in a moment" page passes axe. A real PostgreSQL run out of connections
under a production site (see tests/support/database_outage.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.browser.test_accessibility import AXE_SCRIPT, violations_text
from tests.support.database_outage import limited_database, production_site
from tests.support.http import Bot

pytestmark = [pytest.mark.browser, pytest.mark.site]

NOTICE = "The site cannot be reached just now. The page stays as it was"
WAIT = 30_000  # ms: polls come every second, but the machine may be busy


@pytest.fixture
def site(tmp_path):
    with (
        limited_database(limit=4) as database,
        production_site(tmp_path, database.url, LIVE_POLL_SECONDS="1") as running,
    ):
        running.database = database
        yield running


def test_a_board_whose_database_goes_away_stays_and_says_it_will_try_again(browser, site):
    context = browser.new_context(base_url=site.base, viewport={"width": 1200, "height": 900})
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"/tables/{site.table_id}/")
        status = page.locator("#status-line")
        expect(status).to_contain_text("Waiting for", timeout=WAIT)
        shown = status.inner_text()

        site.database.cut_off()
        notice = page.locator("#outage-notice")
        expect(notice).to_contain_text(NOTICE, timeout=WAIT)
        expect(notice).to_have_attribute("role", "alert")
        # Polls go on failing: the board is the one it was, the notice said once.
        page.wait_for_timeout(2500)
        assert status.inner_text() == shown
        expect(page.locator("#outage-notice")).to_have_count(1)
        shot(page, "database down - table page keeps its board")

        site.database.give_back()
        expect(notice).to_have_count(0, timeout=WAIT)
        bot = Bot(site.base, site.tokens["0"])
        table = bot.get(f"/api/tables/{site.table_id}").json()
        actor = table["to_act"][0]
        moved = Bot(site.base, site.tokens[str(actor)]).post(
            f"/api/tables/{site.table_id}/moves", {"version": 0, "move": {"action": "income"}}
        )
        assert moved.status == 200, moved.body
        expect(page.locator(".log")).to_contain_text("Income", timeout=WAIT)
        assert errors == []
    finally:
        context.close()


def test_the_back_in_a_moment_page_reads_well(browser, site):
    # Axe is an injected script, which the site's policy forbids.
    context = browser.new_context(base_url=site.base, bypass_csp=True)
    page = context.new_page()
    try:
        site.database.cut_off()
        answer = page.goto("/")
        assert answer.status == 503
        expect(page.locator("h1")).to_have_text("Back in a moment")
        shot(page, "database down - back in a moment")
        page.add_script_tag(content=AXE_SCRIPT)
        assert violations_text(page, "503 page") == ""
    finally:
        site.database.give_back()
        context.close()
