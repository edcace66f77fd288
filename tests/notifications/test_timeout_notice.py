"""After a timeout the player is told the game played for them, and the
table page shows how many of their timeouts are used."""

from __future__ import annotations

import pytest

from clocks.sweep import deadlines_sweep
from tests.clocks.helpers import HOUR, MIN, hour_control
from tests.conftest import login_client, start_table

pytestmark = pytest.mark.django_db


def test_a_timeout_is_emailed_and_counted_on_the_page(users, sent, frozen):
    table = start_table("coup", users[:3], time_control=hour_control(), max_timeouts=3)
    late = users[table.to_act[0]]
    frozen.advance(HOUR + MIN)
    with sent() as box:
        deadlines_sweep(now=frozen.now)
    told = [m for m in box if m.to == [late.email] and "ran out" in m.subject]
    assert [m.subject for m in told] == [f"[Tabletop] Your time ran out in Coup #{table.pk}"]
    assert "played a default move for you" in told[0].body
    assert "You have used 1 of 3 timeouts." in told[0].body
    page = login_client(users[5]).get(f"/tables/{table.pk}/").content.decode()
    assert "1 of 3 timeouts used" in page
