"""The standing orders' list on a table page, with an order set and the
notice of one that news turned off: axe-core finds no fault at desktop and
phone widths, and the Cancel button works from the keyboard."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from tables import services
from tables.models import Seat
from tests.browser.test_accessibility import AXE_SCRIPT, WIDTHS, violations_text
from tests.conftest import make_user, start_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NOTICE = "Your order \u201cTake the better of the last two dice\u201d was turned off: year 2 began."


def test_the_orders_list_is_accessible_and_its_cancel_button_works(browser, live_server):
    ana, ben = make_user("ana"), make_user("ben")
    table = start_table("troyes", [ana, ben])
    services.standing_orders_set(table_id=table.pk, user=ben, orders={"defence": "no_influence"})
    seat = Seat.objects.get(table=table, number=1)
    seat.order_news = {"off": [{"key": "x", "text": NOTICE}]}
    seat.save(update_fields=["order_news"])

    client = Client()
    client.force_login(ben)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    for width, pixels in WIDTHS.items():
        context = browser.new_context(
            base_url=live_server.url, viewport={"width": pixels, "height": 900}, bypass_csp=True
        )
        context.add_init_script(AXE_SCRIPT)
        context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
        )
        page = context.new_page()
        page.goto(f"/tables/{table.pk}/")
        orders = page.locator("section.orders-set")
        assert NOTICE in orders.inner_text()
        assert "Defending against black dice: Do not defend with influence" in orders.inner_text()
        assert violations_text(page, f"orders list ({width})") == ""
        if width == "phone":
            button = page.get_by_role(
                "button", name="Cancel the order: Defending against black dice"
            )
            button.focus()
            with page.expect_navigation():
                page.keyboard.press("Enter")
            assert "Your standing orders are saved." in page.content()
            assert Seat.objects.get(table=table, number=1).standing_orders == {"defence": "ask"}
        context.close()
