"""Forms as people see them: a checkbox beside its label, the two-player
option only for two players, desktop and phone."""

from __future__ import annotations

import pytest

from tests.browser.conftest import shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    "viewport", [{"width": 1200, "height": 900}, {"width": 390, "height": 844}]
)
def test_profile_and_new_table_forms(page_for, users, viewport):
    page = page_for(users[0], viewport)
    width = viewport["width"]
    page.goto("/accounts/profile/")
    box = page.locator("input[type=checkbox]").first
    label = page.locator(f"label[for='{box.get_attribute('id')}']")
    b, lab = box.bounding_box(), label.bounding_box()
    assert abs((b["y"] + b["height"] / 2) - (lab["y"] + lab["height"] / 2)) < 12  # same line
    assert b["x"] < lab["x"]
    shot(page, f"form-profile-{width}")

    page.goto("/tables/new/?game=coup")
    coins = page.locator("[data-players] select")
    assert page.locator("select[name=max_players]").input_value() == "4"
    assert not coins.is_visible()
    page.select_option("select[name=max_players]", "2")
    assert coins.is_visible()
    shot(page, f"form-new-table-{width}")
