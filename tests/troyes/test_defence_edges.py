"""Which black dice a defender may add to a fight (TRO-9.4, TRO-OP9)."""

from __future__ import annotations

from games.troyes.rules import ENGINE
from games.troyes.rules import cards as C

from .helpers import placed, play, set_dice


def test_tro_9_4_op9_no_black_die_is_offered_that_the_chosen_dice_cannot_beat():
    """A yellow 6 beats the black 5 alone, not the 5 and 4 together (9): the
    4 is offered only once the dice chosen count 9 or more."""
    state = set_dice(placed(2, 1), [(0, C.YELLOW, 6), (0, C.YELLOW, 3), (1, C.WHITE, 1)])
    state.update(phase="defence", black=[5, 4], current=0, start=0, fight={"black": [0], "own": []})
    state = play(state, 0, {"action": "select_own", "die": 0})
    assert {"action": "select_black", "index": 1} not in ENGINE.legal_moves(state, 0)
    state = play(state, 0, {"action": "select_own", "die": 1})
    assert {"action": "select_black", "index": 1} in ENGINE.legal_moves(state, 0)
