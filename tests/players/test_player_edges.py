"""A player's page as they would check it: moves their standing orders made
count as theirs, and a shared place says so."""

from __future__ import annotations

import re

import pytest

from tables import services
from tables.models import Table
from tests.conftest import start_table
from tests.players.helpers import finish_coup

pytestmark = pytest.mark.django_db


def test_moves_made_by_standing_orders_count_as_made_in_time(client, ana, ben):
    """COUP-5.4 Tax opens a window; the opponent's standing order passes in
    it, a move of theirs made in time."""
    table = start_table("coup", [ana, ben], {"rounds_to_win": 1})
    actor = table.to_act[0]
    players = {seat.number: seat.user for seat in table.seats.all()}
    other = players[1 - actor]
    services.standing_orders_set(
        table_id=table.pk,
        user=other,
        orders={"challenges": "always_pass", "blocks": "never_block"},
    )
    services.move_submit(
        table_id=table.pk, user=players[actor], version=table.version, move={"action": "tax"}
    )
    reliability = client.get(f"/api/players/{other.username}").json()["reliability"]
    assert (reliability["moves"], reliability["moves_in_time"]) == (1, 1)
    assert reliability["share_in_time"] == 1.0


def test_a_shared_place_says_shared_and_a_place_alone_does_not(client, ana, ben, carl):
    """Places are counted as in sport (1 + the players strictly ahead); a
    tie, which Koryo and Troyes allow, shares the place."""
    alone = finish_coup(ana, ben)
    tied = finish_coup(ana, carl)
    outcome = dict(tied.outcome, ranks=[1, 1])
    Table.objects.filter(pk=tied.pk).update(outcome=outcome)
    page = client.get("/players/ana/").content.decode()
    assert '<span class="badge win">shared 1st</span>' in result_of(page, tied)
    assert '<span class="badge win">1st</span>' in result_of(page, alone)


def result_of(page: str, table: Table) -> str:
    """The row of the player's finished games that is this table's."""
    rows = re.findall(r"<tr>(.*?)</tr>", page, re.S)
    (row,) = [r for r in rows if f'href="/tables/{table.pk}/"' in r]
    return row
