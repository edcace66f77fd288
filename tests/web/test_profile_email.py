"""The profile's email address: one account per address, whatever its case."""

from __future__ import annotations

import pytest

from tests.conftest import login_client

pytestmark = pytest.mark.django_db


def settings_form(email: str) -> dict[str, str]:
    return {
        "form": "settings",
        "email": email,
        "notify_turn": "immediate",
        "notify_reminder": "on",
        "notify_game_over": "on",
        "notify_invitation": "on",
    }


def test_an_address_another_account_uses_is_refused(users):
    ben = users[1]
    response = login_client(ben).post("/accounts/profile/", settings_form(" ANA@example.org "))
    assert response.status_code == 200
    assert "Another account uses this email address." in response.content.decode()
    ben.refresh_from_db()
    assert ben.email == "ben@example.org"


def test_keeping_ones_own_address_is_not_a_clash(users):
    ana = users[0]
    response = login_client(ana).post("/accounts/profile/", settings_form("Ana@Example.org"))
    assert response.status_code == 302
    ana.refresh_from_db()
    assert ana.email == "Ana@example.org"  # the domain is lower-cased
