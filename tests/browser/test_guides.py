"""A how-to-play page passes axe at desktop and phone widths, and reads at
390 px without sideways scrolling."""

from __future__ import annotations

import pytest

from tests.browser.conftest import shot
from tests.browser.test_accessibility import (
    WIDTHS,
    Viewers,
    assert_clean,
    settle,
    violations_text,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def viewers(browser, live_server):
    found = Viewers(browser, live_server.url)
    yield found
    found.close()


def test_a_guide_is_axe_clean_and_fits_a_phone(viewers):
    found = []
    for width in WIDTHS:
        page = viewers.page(None, width)
        page.goto("/how-to-play/troyes/")
        settle(page)
        text = violations_text(page, f"How to play Troyes at {width} width")
        if text:
            found.append(text)
        shot(page, f"guide-troyes-{width}")
        # The page's own width: long words and tables wrap or scroll inside.
        overflow = page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"the page scrolls sideways by {overflow} px at {width} width"
        # The contents lead to each section.
        page.get_by_role("navigation", name="On this page").get_by_role(
            "link", name="How it ends and is scored"
        ).click()
        assert page.evaluate("() => location.hash") == "#end"
    assert_clean(found)
