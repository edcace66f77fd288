"""The pages people use most work under our Content Security Policy, with no
script or style refused (the page fixture fails on any CSP report)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import shot, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_lobby_forms_profile_admin_and_api_docs(new_page):
    page = new_page()
    sign_up(page, "ana")
    for path, text in (
        ("/", "Open tables"),
        ("/tables/new/?game=koryo", "Open a table"),
        ("/accounts/profile/", "Vacations"),
        ("/accounts/tokens/", "API tokens"),
    ):
        page.goto(path)
        page.wait_for_selector(f"text={text}")
    page.fill("input[name=name]", "my bot")
    page.click("button:has-text('Create a token')")
    page.wait_for_selector("#new-token")
    shot(page, "csp-01-token-shown-once")

    get_user_model().objects.filter(username="ana").update(is_staff=True, is_superuser=True)
    page.goto("/admin/tables/table/")
    page.wait_for_selector("text=Select table to change")
    shot(page, "csp-02-admin-tables")
    page.goto("/api/docs")
    page.wait_for_selector("text=Tabletop API")
    page.get_by_text("/api/tables/{table_id}/moves", exact=True).first.wait_for()
    shot(page, "csp-03-api-docs")
