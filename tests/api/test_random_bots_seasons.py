"""Random bots play whole Seasons games through the JSON API only, at each
level and 2 to 4 players: every offered move is accepted, refusals answer
400, 403 and 409, and the finished table carries the score sheet (SEA-10)."""

from __future__ import annotations

import pytest

from tables.models import Table
from tests.conftest import ApiClient
from tests.support.bots import play_api_game

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.mark.parametrize(("level", "players"), [("apprentice", 2), ("wizard", 2), ("archmage", 2)])
def test_random_bots_play_seasons_to_the_end_through_the_api(users, level, players):
    clients = [ApiClient(user) for user in users[:players]]
    final = play_api_game(clients, "seasons", {"level": level}, seed=players, probe_every=29)
    assert final["status"] == "finished"
    outcome = final["outcome"]
    sheet = outcome["details"]["score_sheet"]
    assert [row["total"] for row in sheet] == outcome["scores"]
    assert final["view"]["final"] == sheet
    assert final["view"]["year"] == 3 and final["view"]["level"] == level
    assert final["legal_moves"] == [] and final["to_act"] == []
    table = Table.objects.get(pk=final["id"])
    assert table.options == {"level": level}
    seqs = list(table.moves.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, table.version + 1))
