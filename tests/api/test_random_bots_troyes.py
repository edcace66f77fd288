"""Random bots play whole Troyes games through the JSON API only, for 2, 3
and 4 players: every offered move is accepted, refusals answer 400, 403 and
409, and the finished table carries the final score sheet (TRO-18)."""

from __future__ import annotations

import pytest

from tables.models import Table
from tests.conftest import ApiClient
from tests.support.bots import play_api_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_bots_play_troyes_to_the_end_through_the_api(users, players):
    clients = [ApiClient(user) for user in users[:players]]
    final = play_api_game(clients, "troyes", {}, seed=players * 5, probe_every=29)
    assert final["status"] == "finished"
    outcome = final["outcome"]
    sheet = outcome["details"]["score_sheet"]
    assert [row["total"] for row in sheet] == outcome["scores"]
    best = max(outcome["scores"])
    # TRO-OP27: tied players share the win.
    assert outcome["winners"] == [s for s, total in enumerate(outcome["scores"]) if total == best]
    assert final["view"]["final"] == sheet
    assert final["view"]["round"] == {2: 4, 3: 5, 4: 6}[players]
    assert final["legal_moves"] == [] and final["to_act"] == []
    table = Table.objects.get(pk=final["id"])
    seqs = list(table.moves.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, table.version + 1))
