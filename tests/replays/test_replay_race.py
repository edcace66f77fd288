"""Two people opening the same late step of a replay at once both store its
snapshots: both get the page, and each snapshot is kept once."""

from __future__ import annotations

import pytest

from replays.models import Snapshot
from replays.selectors import replay_step
from replays.states import SNAPSHOT_EVERY
from tables.models import Table
from tests.conftest import play_random_moves, requires_postgres, start_table
from tests.support.concurrency import race


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_first_readers_of_a_step_store_each_snapshot_once(users):
    table = play_random_moves(start_table("koryo", users[:2], seed=3), users[:2], 70, seed=3)
    assert table.version >= 2 * SNAPSHOT_EVERY

    def read():
        return replay_step(table=Table.objects.get(pk=table.pk), user=None, move=table.version)

    first, second = race(read, read)
    assert first.tv.view == second.tv.view
    stored = list(Snapshot.objects.filter(table=table).values_list("seq", flat=True))
    assert sorted(stored) == list(range(SNAPSHOT_EVERY, table.version + 1, SNAPSHOT_EVERY))
