"""Claims, blocks and challenges: COUP-6, COUP-7, COUP-OP8, OP9, OP11, OP12,
OP16, OP17, Examples COUP-E2 and COUP-E3."""

from __future__ import annotations

from collections import Counter

import pytest

from games.coup.rules import ENGINE
from games.engine import IllegalMove
from tests.coup.helpers import act, block, everyone_passes, make_state, private_text, public_text

D, A, C, M, T = "duke", "assassin", "captain", "ambassador", "contessa"


def four(coins=(3, 2, 2, 2), **kwargs):
    return make_state([[D, C], [A, T], [M, D], [C, T]], coins=list(coins), **kwargs)


def living_count(state):
    return sum(len(hand) for hand in state["hands"])


def test_coup_6_1_an_unchallenged_bluff_simply_works():
    state = everyone_passes(act(four(), 0, "exchange"))  # holds no Ambassador
    assert state["phase"] == "exchange"
    state = everyone_passes(act(four(), 0, "assassinate", target=2))  # no Assassin
    state = act(state, 2, "pass")
    state = act(state, 2, "lose", card=M)
    assert state["dead"][2] == [M]


def test_coup_6_2_example_e3_a_duke_block_cancels_foreign_aid():
    """Example COUP-E3: anyone, not only a target, may claim Duke to block."""
    state = act(four(), 0, "foreign_aid")
    assert ENGINE.to_act(state) == [1, 2, 3]
    state = block(state, 2, D)
    assert state["phase"] == "challenge_block"
    state = everyone_passes(state)
    assert state["coins"][0] == 3 and state["turn"] == 1
    assert public_text(state)[-1] == "{p0}'s Foreign Aid is blocked."


def test_coup_6_3_the_actor_cannot_block_their_own_foreign_aid():
    state = act(four(), 0, "foreign_aid")
    with pytest.raises(IllegalMove, match="your own action"):
        block(state, 0, D)


def test_coup_op8_challenge_then_block_then_challenge_of_the_block():
    state = act(four(), 0, "steal", target=1)
    assert state["phase"] == "challenge_action"
    with pytest.raises(IllegalMove, match="Challenges come first"):
        block(state, 1, C)
    state = everyone_passes(state)
    assert state["phase"] == "block"
    with pytest.raises(IllegalMove, match="time to challenge"):
        act(state, 2, "challenge")
    state = block(state, 1, M)
    assert state["phase"] == "challenge_block"
    assert ENGINE.to_act(state) == [2, 3, 0], "everyone but the blocker, the actor too"


def test_coup_7_1_op9_every_living_opponent_may_challenge():
    state = act(four(), 0, "tax")
    assert ENGINE.to_act(state) == [1, 2, 3]
    state = act(state, 1, "pass")
    assert ENGINE.to_act(state) == [2, 3]
    with pytest.raises(IllegalMove, match="already answered"):
        act(state, 1, "challenge")
    with pytest.raises(IllegalMove, match="own claim"):
        act(state, 0, "challenge")
    state = act(state, 3, "challenge")
    assert state["pending"]["challenger"] == 3 and ENGINE.to_act(state) == [0]


def test_coup_op9_eliminated_players_are_not_asked():
    state = make_state([[D, C], [], [M, D]], dead=[[], [A, T], []])
    assert ENGINE.to_act(act(state, 0, "tax")) == [2]


def test_coup_op9_the_first_challenge_received_is_the_one_resolved():
    state = act(four(), 0, "tax")
    state = act(state, 2, "challenge")
    assert state["phase"] == "reveal" and state["pending"]["challenger"] == 2
    with pytest.raises(IllegalMove):
        act(state, 1, "challenge")


def test_coup_op9_the_first_foreign_aid_block_received_is_the_one_used():
    state = block(act(four(), 0, "foreign_aid"), 3, D)
    assert state["pending"]["blocker"] == 3
    with pytest.raises(IllegalMove):
        block(state, 1, D)


@pytest.mark.parametrize("revealed", [D, C])
def test_coup_7_2_a_challenge_costs_exactly_one_card(revealed):
    state = act(act(four(), 0, "tax"), 1, "challenge")
    before = living_count(state)
    state = act(state, 0, "reveal", card=revealed)
    if state["phase"] == "lose_influence":
        state = act(state, 1, "lose", card=A)
    assert living_count(state) == before - 1


def test_coup_7_3_op12_the_challenged_player_chooses_the_card():
    state = act(act(four(), 0, "tax"), 1, "challenge")
    assert ENGINE.legal_moves(state, 0) == [
        {"action": "reveal", "card": D},
        {"action": "reveal", "card": C},
    ]
    with pytest.raises(IllegalMove, match="no Assassin to reveal"):
        act(state, 0, "reveal", card=A)
    with pytest.raises(IllegalMove, match="Only the challenged player"):
        act(state, 1, "reveal", card=A)


def test_coup_op12_showing_another_card_while_holding_the_claim_is_a_bluff():
    state = act(act(four(), 0, "tax"), 1, "challenge")
    state = act(state, 0, "reveal", card=C)
    assert state["dead"][0] == [C] and state["hands"][0] == [D]
    assert state["coins"][0] == 3, "the Tax failed"
    assert state["last_reveal"] == {"seat": 0, "cards": [C], "truthful": False}


def test_coup_7_3_a_single_living_card_is_revealed_without_asking():
    state = make_state([[D], [A, T], [M, D]], dead=[[C], [], []])
    state = act(act(state, 0, "tax"), 2, "challenge")
    assert state["last_reveal"] == {"seat": 0, "cards": [D], "truthful": True}
    assert state["phase"] == "lose_influence" and ENGINE.to_act(state) == [2]


def test_coup_7_4_a_bluff_kills_the_revealed_card_and_the_action_fails():
    state = act(act(four(), 0, "steal", target=1), 2, "challenge")
    state = act(state, 0, "reveal", card=D)
    assert state["dead"][0] == [D]
    assert state["coins"][:2] == [3, 2] and state["turn"] == 1
    assert public_text(state) == [
        "{p0} reveals a Duke: a bluff.",
        "{p0}'s Steal from {p1} fails.",
        "{p0} loses a Duke.",
    ]


def test_coup_7_5_a_truthful_claim_is_replaced_and_the_challenger_loses():
    before = act(act(four(), 0, "tax"), 2, "challenge")
    state = act(before, 0, "reveal", card=D)
    assert len(state["hands"][0]) == 2 and C in state["hands"][0]
    # The Duke went into the deck and one card came out of it.
    assert Counter(state["deck"]) + Counter(state["hands"][0]) == Counter(before["deck"]) + Counter(
        before["hands"][0]
    )
    assert public_text(state)[:2] == [
        "{p0} reveals a Duke and shuffles it back into the deck.",
        "{p0} draws a replacement card.",
    ]
    assert len(private_text(state, 0)) == 1 and private_text(state, 0)[0].startswith("You draw ")
    assert state["phase"] == "lose_influence" and ENGINE.to_act(state) == [2]
    state = act(state, 2, "lose", card=D)
    # The Tax goes on.
    assert state["dead"][2] == [D] and state["coins"][0] == 6 and state["turn"] == 1


def test_coup_7_5_a_proven_steal_may_still_be_blocked():
    state = act(act(four(), 0, "steal", target=1), 1, "challenge")
    state = act(state, 0, "reveal", card=C)
    state = act(state, 1, "lose", card=A)
    assert state["phase"] == "block" and ENGINE.to_act(state) == [1]


def test_coup_op11_a_bluffed_block_fails_and_the_action_resolves():
    state = everyone_passes(act(four(), 0, "steal", target=1))
    state = act(block(state, 1, C), 0, "challenge")
    state = act(state, 1, "reveal", card=T)
    assert state["dead"][1] == [T]
    assert state["coins"][:2] == [5, 0]
    assert "{p1}'s block fails." in public_text(state)


def test_coup_op11_a_proven_block_holds_and_the_challenger_loses():
    state = everyone_passes(act(four(), 0, "assassinate", target=1))
    state = act(block(state, 1, T), 3, "challenge")
    state = act(state, 1, "reveal", card=T)
    assert state["phase"] == "lose_influence" and ENGINE.to_act(state) == [3]
    state = act(state, 3, "lose", card=C)
    assert state["dead"][1] == [] and state["dead"][3] == [C]
    assert state["coins"][0] == 0, "the cost of a blocked action stays paid"
    assert state["turn"] == 1


def test_coup_op16_example_e2_double_loss_on_assassination():
    """Example COUP-E2: B challenges the Assassin, loses, does not block, and
    loses the second card too."""
    state = make_state([[A, C], [D, T], [M, D]], coins=[3, 2, 2])
    state = act(act(state, 0, "assassinate", target=1), 1, "challenge")
    state = act(state, 0, "reveal", card=A)
    state = act(state, 1, "lose", card=D)
    assert state["phase"] == "block" and ENGINE.to_act(state) == [1]
    state = act(state, 1, "pass")
    assert state["hands"][1] == [] and sorted(state["dead"][1]) == sorted([D, T])
    assert "{p1} is eliminated; 2 coins go back to the treasury." in public_text(state)
    assert state["turn"] == 2


def test_coup_op16_the_target_may_still_block_after_losing_a_challenge():
    state = make_state([[A, C], [D, T], [M, D]], coins=[3, 2, 2])
    state = act(act(state, 0, "assassinate", target=1), 1, "challenge")
    state = act(act(state, 0, "reveal", card=A), 1, "lose", card=D)
    state = everyone_passes(block(state, 1, T))
    assert state["hands"][1] == [T] and state["turn"] == 1


def test_coup_op17_an_assassination_of_a_player_already_out_lapses():
    state = make_state([[A, C], [T], [M, D]], dead=[[], [D], []], coins=[3, 4, 2])
    state = act(act(state, 0, "assassinate", target=1), 1, "challenge")
    state = act(state, 0, "reveal", card=A)
    assert state["hands"][1] == [] and state["coins"][1] == 0
    assert state["treasury"] == 50 - sum(state["coins"])
    assert "{p1} is eliminated; 4 coins go back to the treasury." in public_text(state)
    assert "{p1} is already out; the assassination lapses." in public_text(state)
    assert state["phase"] == "turn" and state["turn"] == 2


def test_coup_op17_a_steal_from_a_player_who_died_blocking_takes_nothing():
    state = make_state([[C, D], [T], [M, D]], dead=[[], [A], []], coins=[2, 3, 2])
    state = everyone_passes(act(state, 0, "steal", target=1))
    state = act(block(state, 1, C), 0, "challenge")
    assert state["hands"][1] == [] and state["coins"] == [2, 0, 2]
    assert "{p0} finds nothing to steal." in public_text(state)


def test_coup_7_1_a_block_can_be_challenged_by_the_actor():
    state = everyone_passes(act(four(), 0, "steal", target=1))
    state = act(block(state, 1, C), 0, "challenge")
    assert state["pending"]["challenger"] == 0 and state["phase"] == "reveal"
