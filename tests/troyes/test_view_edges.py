"""What the view says of the action being built and of the question asked
(TRO-10.6, TRO-14.3)."""

from __future__ import annotations

from games.troyes.rules import ENGINE
from games.troyes.rules import cards as C

from .helpers import play, ready

R, Y = C.RED, C.YELLOW


def test_tro_10_6_the_build_counts_the_pips_of_the_dice_added_so_far():
    """Placing a citizen in the red building (TRO-14.3): no die yet counts
    nothing; the red die added counts its pips, for every seat."""
    state = ready([(0, R, 4), (0, R, 2), (1, Y, 1)])
    state = play(state, 0, {"action": "choose", "kind": "citizen", "building": R})
    assert ENGINE.view(state, 0)["build"]["pips"] == 0
    state = play(state, 0, {"action": "add_die", "die": 0})
    assert ENGINE.view(state, 0)["build"]["pips"] == 4
    assert ENGINE.view(state, 1)["build"]["pips"] == 4


def test_the_view_asks_the_question_of_a_game_in_play():
    state = ENGINE.setup(2, {}, 1)
    assert state["phase"] == "placement"
    for seat in (0, 1, None):
        assert ENGINE.view(state, seat)["prompt"] == "place a starting citizen"
