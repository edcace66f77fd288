"""A vacation under way can be cut short, and "away until" says the last day
is included."""

from __future__ import annotations

from datetime import timedelta

import pytest

from accounts.models import Vacation
from clocks import clock
from tests.clocks.helpers import hour_control
from tests.conftest import login_client, start_table

pytestmark = pytest.mark.django_db


def test_a_vacation_under_way_is_cut_short_and_the_clocks_run_again(users, frozen):
    table = start_table("coup", users[:2], time_control=hour_control())
    away = users[table.to_act[0]]
    today = clock.now().date()
    vacation = Vacation.objects.create(
        user=away, starts_on=today - timedelta(days=2), ends_on=today + timedelta(days=3)
    )
    page = login_client(users[1 - table.to_act[0]]).get(f"/tables/{table.pk}/").content.decode()
    end = (today + timedelta(days=3)).strftime("%-d %b")
    assert f"away until the end of {end}" in page
    client = login_client(away)
    profile = client.get("/accounts/profile/").content.decode()
    assert "I am back: end it now" in profile and "both days included" in profile
    response = client.post(f"/accounts/vacations/{vacation.pk}/cancel/", follow=True)
    assert "Welcome back" in response.content.decode()
    vacation.refresh_from_db()
    assert vacation.ends_on == today - timedelta(days=1)  # the days away stay used
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "away until" not in page
