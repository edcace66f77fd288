"""The site's header on a phone: a long name gives way, so that the count of
games waiting and "Log out" stay on the screen and readable (axe clean)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SCREENSHOTS
from tests.browser.test_accessibility import Viewers, assert_clean, settle, violations_text
from tests.conftest import make_user, start_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_long_name_leaves_the_turn_count_and_log_out_on_a_phones_screen(browser, live_server):
    long = make_user("bartholomew_the_patient_player")
    other = make_user("ben")
    table = start_table("coup", [long, other], time_control="normal", seed=1)
    if table.to_act != [0]:
        # The same deal with the seats swapped asks the long name first.
        start_table("coup", [other, long], time_control="normal", seed=1)
    viewers = Viewers(browser, live_server.url)
    try:
        page = viewers.page(long, "phone")
        page.goto("/")
        settle(page)
        page.wait_for_selector("#waiting-count.some")
        width = page.viewport_size["width"]
        page.screenshot(path=str(SCREENSHOTS / "header-long-name-390.png"))
        box = page.get_by_role("button", name="Log out").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
        count = page.locator("#waiting-count").bounding_box()
        assert count["x"] + count["width"] <= width, count
        # Said short on the screen, whole to a screen reader.
        link = page.get_by_role("link", name="Your turn in 1 game")
        assert link.bounding_box()["width"] < 110, "only 'Your turn' is drawn"
        me = page.locator(".site-header .me").bounding_box()
        assert me["width"] > 20, "the name is still there, cut short"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        found = [violations_text(page, "lobby on a phone with a long name")]
    finally:
        viewers.close()
    assert_clean([f for f in found if f])
