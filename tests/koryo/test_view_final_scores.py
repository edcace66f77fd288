"""The view shows the final score sheet once the game is over, never before
(KOR-9: scoring happens at the end of round 8)."""

from __future__ import annotations

from games.koryo.rules import ENGINE
from tests.support.playout import play_random


def test_final_scores_appear_only_when_the_game_is_over():
    state = ENGINE.setup(3, {}, seed=4)
    for seat in (None, 0, 1, 2):
        assert ENGINE.view(state, seat)["final_scores"] is None
    final, outcome, _moves = play_random(ENGINE, 3, {}, 4)
    assert final["phase"] == "over"
    for seat in (None, 0, 1, 2):
        sheet = ENGINE.view(final, seat)["final_scores"]
        assert [row["seat"] for row in sheet] == [0, 1, 2]
        assert [row["total"] for row in sheet] == outcome.scores
