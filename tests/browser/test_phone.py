"""The table page on a 390 x 844 phone: the header on one line, and when it
is my turn the question and my first move (a button or a piece to click)
within the first screen, my own seat
before the others. Six players for Coup, four for Koryo."""

from __future__ import annotations

import pytest

from tests.browser.conftest import shot
from tests.conftest import start_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize(
    ("game", "players", "seat_css"), [("coup", 6, ".coup-player"), ("koryo", 4, ".k-player")]
)
def test_my_turn_comes_first_on_a_phone(page_for, users, game, players, seat_css):
    table = start_table(game, users[:players])
    me = users[table.to_act[0]]
    for name, viewport in (("phone", PHONE), ("desktop", {"width": 1200, "height": 900})):
        page = page_for(me, viewport)
        page.goto(f"/tables/{table.pk}/")
        page.wait_for_selector("#waiting-count[data-count='1']")
        shot(page, f"phone-{game}-{players}-{name}")
        if name == "phone":
            header = page.locator(".site-header").bounding_box()
            assert header["height"] < 56  # one line
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            question = page.locator(".status-line").bounding_box()
            # A move is a button of the list or a piece of the board to click.
            first_move = page.locator(
                "form.moves button[name=move]:visible, #board .piece:visible"
            ).first.bounding_box()
            assert question["y"] < first_move["y"] < PHONE["height"] - 40
            seats = page.locator(seat_css)
            mine = page.locator(f"{seat_css}.me").bounding_box()
            others = [
                seats.nth(i).bounding_box()
                for i in range(seats.count())
                if "me" not in (seats.nth(i).get_attribute("class") or "").split()
            ]
            assert len(others) == players - 1
            assert all(mine["y"] < box["y"] for box in others)
            assert first_move["y"] < mine["y"]
        page.context.close()
