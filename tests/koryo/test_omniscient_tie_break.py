"""KOR-2.3: the Omniscient breaks a tie only for its owner among the tied."""

from __future__ import annotations

from games.koryo.rules import ENGINE
from games.koryo.rules.cards import JOURNALIST
from games.koryo.rules.table import holder

from .helpers import card_of, make_state


def test_kor_2_3_the_omniscient_of_a_player_outside_the_tie_decides_nothing():
    # Seats 0 and 1 tie on Journalists; seat 2 has the Omniscient and none.
    tableaux = [[8, 8], [8, 8], [1]]
    assert holder(make_state(3, tableaux=tableaux)["tableaux"], JOURNALIST) is None
    # With its owner among the tied, it does (KOR-E2's reading).
    assert holder(make_state(3, tableaux=[[8, 8], [8, 8, 1], []])["tableaux"], JOURNALIST) == 1


def test_kor_5_2_nobody_gets_the_journalist_card_when_the_omniscient_is_outside_the_tie():
    """Through the deal: the round ends on seat 2's discard, and round 2 deals
    9 cards each (KOR-OP1) with no Journalist bonus (KOR-5.2)."""
    state = make_state(
        3,
        tableaux=[[8, 8], [8, 8], [1, 9, 9, 9]],
        phase="discard",
        current=2,
        first_player=0,
    )
    after = ENGINE.apply(state, 2, {"action": "discard", "card": card_of(state, 2, 9)})
    assert after["round"] == 2
    assert after["dealt"] == [9, 9, 9]
