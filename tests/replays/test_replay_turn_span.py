"""A turn that began before a stored snapshot still lists every one of its
small moves."""

from __future__ import annotations

import pytest

from games import registry
from replays.states import SNAPSHOT_EVERY
from replays.turns import turns_of
from tests.conftest import login_client
from tests.replays.test_replay_cost import long_table

pytestmark = pytest.mark.django_db


def test_a_turn_across_a_snapshot_lists_all_its_moves(users):
    table = long_table(users, 120)
    turns = turns_of(table, registry.get("seasons").engine, 2)
    snapshots = range(SNAPSHOT_EVERY, 121, SNAPSHOT_EVERY)
    spanning = [
        t
        for t in range(1, turns.count + 1)
        if any(turns.span(t)[0] < s <= turns.span(t)[1] for s in snapshots)
    ]
    assert spanning, "a turn of this game spans a snapshot"
    client = login_client(users[4])
    # The walk to the end stores every snapshot along the log.
    assert client.get(f"/tables/{table.pk}/replay/{turns.count}/").status_code == 200
    for turn in spanning:
        first, last = turns.span(turn)
        html = client.get(f"/tables/{table.pk}/replay/{turn}/").content.decode()
        for seq in range(first, last + 1):
            assert f'<span class="muted small">Move {seq}</span>' in html, (turn, seq)
