"""A tournament's page in headless Chromium during its second round, at
desktop and phone widths: its standings and rounds, redrawn by themselves
when a table ends, and no axe-core fault (issue 41). Screenshots go where
tests/browser/conftest.py says ($SCREENSHOT_DIR)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.browser.test_accessibility import WIDTHS, Viewers, settle, violations_text
from tests.tournaments.helpers import entered, play_out, players, round_tables
from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_page_in_the_second_round_redraws_itself_and_has_no_axe_fault(
    browser,
    live_server,
):
    people = players(7, prefix="p")
    made = entered(people[0], people, rounds=3, name="Winter Coup Swiss")
    services.tournament_start(tournament_id=made.pk, user=people[0])
    for index, table in enumerate(round_tables(made, 1)):
        play_out(table, seed=index)  # each end commits: round 2 starts on the last
    second = round_tables(made, 2)
    assert len(second) == 3
    play_out(second[0], seed=7)
    viewers = Viewers(browser, live_server.url)
    try:
        faults = []
        for width in WIDTHS:
            page = viewers.page(people[1], width)
            page.goto(f"/tournaments/{made.pk}/")
            settle(page)
            expect(page.locator("#round-2")).to_contain_text("Round 2 (in play)")
            expect(page.locator("table.standings tbody tr")).to_have_count(7)
            shot(page, f"tournament-round-2-{WIDTHS[width]}")
            faults.append(violations_text(page, f"tournament page at {width}"))
        assert not any(faults), "\n".join(faults)
        # A table ends while the page is open: it shows the new standing by itself.
        page = viewers.page(people[1], "desktop")
        play_out(second[1], seed=8)
        finished = page.locator("#tournament-body li .badge", has_text="finished")
        expect(finished).to_have_count(3 + 2, timeout=30_000)
        assert not violations_text(page, "tournament page after the redraw")
        for path in ("/tournaments/", "/tournaments/new/"):
            assert not viewers.audit(people[2], path, f"page {path}")
    finally:
        viewers.close()


def test_the_pages_load_under_the_sites_content_security_policy(new_page):
    people = players(3, prefix="csp")
    made = entered(people[0], people, rounds=1)
    services.tournament_start(tournament_id=made.pk, user=people[0])
    page = new_page()  # reports any script or style the policy blocks, and fails
    for path in ("/tournaments/", f"/tournaments/{made.pk}/"):
        page.goto(path)
        settle(page)
    expect(page.locator("h1")).to_have_text(made.name)
