"""The Factions variant: COUP-10, COUP-OP19 to OP23, Examples COUP-E5 and E6."""

from __future__ import annotations

import pytest

from games.coup.rules import ENGINE
from games.engine import IllegalMove
from tests.coup.helpers import (
    act,
    block,
    check_invariants,
    everyone_passes,
    make_state,
    public_text,
)

D, A, C, M, T = "duke", "assassin", "captain", "ambassador", "contessa"


def teams(factions="LLR", coins=(3, 2, 2), almshouse=0, hands=None):
    hands = hands or [[C, T], [A, T], [M, D]]
    return make_state(hands, coins=list(coins), factions=factions, almshouse=almshouse)


def targets(state, action, seat=0):
    return [m["target"] for m in ENGINE.legal_moves(state, seat) if m["action"] == action]


def test_coup_10_1_factions_are_public():
    state = teams()
    view = ENGINE.view(state, None)
    assert [p["faction"] for p in view["players"]] == ["loyalist", "loyalist", "reformist"]
    assert view["factions"] is True and view["almshouse"] == 0


def test_coup_10_2_no_coup_steal_or_assassination_against_teammates():
    state = teams(coins=(7, 2, 2))
    assert targets(state, "coup") == [2]
    assert targets(state, "steal") == [2]
    assert targets(state, "assassinate") == [2]
    with pytest.raises(IllegalMove, match="cannot target your own faction"):
        act(state, 0, "steal", target=1)


def test_coup_10_2_no_block_of_a_teammates_foreign_aid():
    state = act(teams("LRL"), 0, "foreign_aid")
    assert ENGINE.to_act(state) == [1]
    with pytest.raises(IllegalMove, match="your own faction's Foreign Aid"):
        block(state, 2, D)


def test_coup_10_2_challenges_between_teammates_are_allowed():
    state = act(teams(), 0, "tax")
    assert ENGINE.to_act(state) == [1, 2]
    state = act(state, 1, "challenge")
    assert state["pending"]["challenger"] == 1


def test_coup_10_2_convert_may_target_anyone_living():
    state = teams()
    assert targets(state, "convert") == [0, 1, 2]


def test_coup_10_3_example_e6_one_faction_left_lifts_the_restrictions():
    """Example COUP-E6: A and B share a faction; once C converts to it, A may
    steal from B."""
    state = teams(coins=(2, 2, 2))
    assert targets(state, "steal") == [2]
    state = act(act(state, 0, "income"), 1, "income")
    state = act(state, 2, "convert", target=2)
    assert state["factions"] == ["loyalist"] * 3
    assert targets(state, "steal") == [1, 2]


def test_coup_op20_an_eliminated_faction_is_no_longer_in_play():
    state = make_state(
        [[C, T], [A, T], [], [M, D]],
        dead=[[], [], [C, D], []],
        coins=[7, 2, 0, 2],
        factions="LLRL",
    )
    assert targets(state, "coup") == [1, 3]
    state = act(state, 0, "foreign_aid")
    assert ENGINE.to_act(state) == [1, 3]


def test_coup_op20_a_forced_coup_always_has_a_target():
    state = teams("LLR", coins=(10, 2, 2))
    assert ENGINE.legal_moves(state, 0) == [{"action": "coup", "target": 2}]
    assert ENGINE.timeout_move(state, 0) == {"action": "coup", "target": 2}


def test_coup_10_4_convert_costs_one_for_yourself_two_for_another():
    state = act(teams(coins=(3, 2, 2)), 0, "convert", target=0)
    assert state["factions"][0] == "reformist" and state["coins"][0] == 2
    assert state["almshouse"] == 1 and state["turn"] == 1
    assert public_text(state) == ["{p0} pays 1 coin to the almshouse and joins the Reformists."]
    state = act(state, 1, "convert", target=2)
    assert state["factions"][2] == "loyalist" and state["coins"][1] == 0
    assert state["almshouse"] == 3
    assert public_text(state) == [
        "{p1} pays 2 coins to the almshouse to convert {p2} to the Loyalists."
    ]
    check_invariants(state)


def test_coup_10_4_convert_needs_the_coins():
    state = teams(coins=(1, 0, 2))
    assert targets(state, "convert") == [0]
    with pytest.raises(IllegalMove, match=r"You need 2 coins to convert another player."):
        act(state, 0, "convert", target=1)
    assert targets(state, "convert", seat=1) == []


def test_coup_10_4_convert_cannot_be_answered():
    state = act(teams(), 0, "convert", target=2)
    assert state["phase"] == "turn" and state["pending"] is None


def test_coup_10_5_embezzle_takes_the_whole_almshouse():
    state = act(teams(almshouse=5), 0, "embezzle")
    assert state["pending"]["claim"] == "not_duke"
    assert state["phase"] == "challenge_action"
    state = everyone_passes(state)
    assert state["coins"][0] == 8 and state["almshouse"] == 0
    assert state["phase"] == "turn", "Embezzle cannot be blocked"


def test_coup_op21_no_embezzle_from_an_empty_almshouse():
    state = teams(almshouse=0)
    assert "embezzle" not in [m["action"] for m in ENGINE.legal_moves(state, 0)]
    with pytest.raises(IllegalMove, match="almshouse is empty"):
        act(state, 0, "embezzle")


def test_convert_and_embezzle_need_the_variant():
    state = make_state([[C, T], [A, T], [M, D]])
    with pytest.raises(IllegalMove, match="only played with the Factions variant"):
        act(state, 0, "embezzle")


def test_coup_10_6_truthful_embezzle_replaces_both_cards_and_the_challenger_loses():
    state = act(act(teams(almshouse=3), 0, "embezzle"), 2, "challenge")
    assert state["last_reveal"] == {"seat": 0, "cards": [C, T], "truthful": True}
    assert public_text(state)[1:3] == [
        "{p0} reveals a Captain and a Contessa, no Duke, and shuffles them into the deck.",
        "{p0} draws 2 replacement cards.",
    ]
    assert len(state["hands"][0]) == 2
    assert state["phase"] == "lose_influence" and ENGINE.to_act(state) == [2]
    state = act(state, 2, "lose", card=D)
    assert state["coins"][0] == 6 and state["almshouse"] == 0


def test_coup_10_6_example_e5_embezzle_with_a_duke_fails():
    """Example COUP-E5: A holds Duke and Contessa, embezzles 3, B challenges:
    the Duke dies, the Contessa is replaced, A gets nothing."""
    state = teams(almshouse=3, hands=[[D, T], [A, T], [M, C]])
    state = act(act(state, 0, "embezzle"), 1, "challenge")
    assert state["last_reveal"] == {"seat": 0, "cards": [T, D], "truthful": False}
    assert state["dead"][0] == [D] and len(state["hands"][0]) == 1
    assert state["coins"][0] == 3 and state["almshouse"] == 3
    assert state["hands"][1] == [A, T], "the challenger loses nothing"
    assert state["turn"] == 1
    check_invariants(state)


def test_coup_op21a_two_dukes_one_dies_the_other_is_replaced():
    state = teams(almshouse=2, hands=[[D, D], [A, T], [M, C]])
    state = act(act(state, 0, "embezzle"), 2, "challenge")
    assert state["dead"][0] == [D] and len(state["hands"][0]) == 1
    assert state["last_reveal"]["cards"] == [D, D]


@pytest.mark.parametrize(("card", "truthful"), [(C, True), (D, False)])
def test_coup_op21a_one_living_card_reveals_that_card(card, truthful):
    state = make_state(
        [[card], [A, T], [M, D]], dead=[[T], [], []], coins=[2, 2, 2], factions="LRL"
    )
    state["almshouse"] = 2
    state["treasury"] -= 2
    state = act(act(state, 0, "embezzle"), 1, "challenge")
    assert state["last_reveal"] == {"seat": 0, "cards": [card], "truthful": truthful}
    if truthful:
        assert len(state["hands"][0]) == 1 and ENGINE.to_act(state) == [1]
    else:
        assert state["hands"][0] == [] and state["coins"][0] == 0


def test_coup_op23_the_winner_is_one_player_not_a_faction():
    state = make_state([[C, T], [A], []], dead=[[], [T], [M, D]], coins=[7, 0, 0], factions="LLR")
    # One faction is left, so the teammate can be couped.
    state = act(state, 0, "coup", target=1)
    assert ENGINE.outcome(state).ranks == [1, 2, 2]
