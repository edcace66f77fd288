"""The followers of a table's end (`tables.services.consequences`): told once
the end has committed, by a finished game and by a cancel alike, and a
follower that fails leaves the end made."""

from __future__ import annotations

import pytest

from tables import services
from tables.models import Table
from tables.services import consequences
from tests.conftest import after_commit, start_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def told(monkeypatch):
    heard: list[int] = []

    def follower(*, table_id: int) -> None:
        heard.append(table_id)

    monkeypatch.setattr(consequences, "table_over_followers", [follower])
    return heard


def test_a_cancelled_table_is_told_once_the_cancel_commits(users, told):
    table = services.table_create(
        creator=users[0], game="coup", options={}, max_players=2, time_control="none"
    )
    with after_commit():
        services.table_cancel(table_id=table.pk, user=None, reason="Cancelled by staff")
        assert told == []  # not before the commit
    assert told == [table.pk]


def test_a_finished_game_is_told_once_by_its_last_move(users, told):
    from tests.tournaments.helpers import play_out

    table = start_table("coup", users[:2], {"rounds_to_win": 1})
    with after_commit():
        play_out(table)
    assert Table.objects.get(pk=table.pk).status == Table.Status.FINISHED
    assert told == [table.pk]


def test_a_failing_follower_leaves_the_cancel_made(users, monkeypatch):
    def broken(*, table_id: int) -> None:
        raise RuntimeError("the follower is down")

    monkeypatch.setattr(consequences, "table_over_followers", [broken])
    table = services.table_create(
        creator=users[0], game="coup", options={}, max_players=2, time_control="none"
    )
    with after_commit():
        services.table_cancel(table_id=table.pk, user=None)
    assert Table.objects.get(pk=table.pk).status == Table.Status.ABORTED


def test_the_tournaments_app_follows_the_end_of_tables():
    from tournaments.services import table_result_count

    assert table_result_count in consequences.table_over_followers
