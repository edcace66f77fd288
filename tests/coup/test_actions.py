"""Turns and actions: COUP-4, COUP-5, COUP-OP4, OP5, OP7, OP10, OP14, OP15,
Example COUP-E4."""

from __future__ import annotations

import pytest

from games.coup.rules import ENGINE
from games.coup.rules.cards import with_article
from games.engine import IllegalMove
from tests.coup.helpers import (
    act,
    block,
    card_total,
    everyone_passes,
    make_state,
    private_text,
    public_text,
)

D, A, C, M, T = "duke", "assassin", "captain", "ambassador", "contessa"


def three(coins=(2, 2, 2), turn=0, **kwargs):
    return make_state([[D, C], [A, T], [M, D]], coins=list(coins), turn=turn, **kwargs)


def actions(state, seat=None):
    seat = state["turn"] if seat is None else seat
    return [move["action"] for move in ENGINE.legal_moves(state, seat)]


def test_coup_4_1_turns_skip_eliminated_players():
    state = make_state([[D, C], [], [M, D]], dead=[[], [A, T], []], turn=0)
    state = act(state, 0, "income")
    assert state["turn"] == 2
    assert ENGINE.legal_moves(state, 1) == []


def test_coup_4_2_one_action_then_the_turn_passes():
    state = act(three(), 0, "income")
    assert state["turn"] == 1 and state["phase"] == "turn"
    with pytest.raises(IllegalMove, match="not your turn"):
        act(state, 0, "income")


def test_coup_4_2_costs_are_paid_on_declaration():
    state = act(three(coins=(3, 2, 2)), 0, "assassinate", target=1)
    assert state["phase"] == "challenge_action"
    assert state["coins"][0] == 0 and state["treasury"] == 50 - 4


def test_coup_op4_a_turn_cannot_be_passed():
    state = three()
    assert "pass" not in actions(state)
    with pytest.raises(IllegalMove, match="cannot pass your turn"):
        act(state, 0, "pass")


@pytest.mark.parametrize("coins", [10, 11, 13])
def test_coup_4_3_op5_example_e4_ten_or_more_coins_must_coup(coins):
    """Example COUP-E4 and COUP-OP5: with 10 or more, only Coup is legal."""
    state = three(coins=(coins, 2, 2))
    assert ENGINE.legal_moves(state, 0) == [
        {"action": "coup", "target": 1},
        {"action": "coup", "target": 2},
    ]
    with pytest.raises(IllegalMove, match="must launch a coup"):
        act(state, 0, "tax")


def test_coup_4_3_nine_coins_is_not_forced():
    assert "tax" in actions(three(coins=(9, 2, 2)))


def test_coup_5_1_income_takes_one_coin_and_cannot_be_answered():
    state = act(three(), 0, "income")
    assert state["coins"][0] == 3 and state["treasury"] == 43
    assert state["phase"] == "turn" and state["turn"] == 1
    assert public_text(state) == ["{p0} takes Income."]


def test_coup_5_2_foreign_aid_goes_straight_to_a_block_window():
    state = act(three(), 0, "foreign_aid")
    assert state["phase"] == "block"
    assert ENGINE.to_act(state) == [1, 2]
    assert ENGINE.legal_moves(state, 1) == [{"action": "pass"}, {"action": "block", "as": "duke"}]
    with pytest.raises(IllegalMove, match="cannot be challenged"):
        act(state, 1, "challenge")
    state = everyone_passes(state)
    assert state["coins"][0] == 4 and state["turn"] == 1


def test_coup_5_3_coup_costs_seven_and_kills_a_card_unanswered():
    state = act(three(coins=(7, 2, 2)), 0, "coup", target=1)
    assert state["coins"][0] == 0
    assert state["phase"] == "lose_influence" and ENGINE.to_act(state) == [1]
    state = act(state, 1, "lose", card=T)
    assert state["dead"][1] == [T] and state["hands"][1] == [A]
    assert state["turn"] == 1


def test_coup_5_3_coup_needs_seven_coins():
    state = three(coins=(6, 2, 2))
    assert "coup" not in actions(state)
    with pytest.raises(IllegalMove, match=r"You need 7 coins to launch a coup."):
        act(state, 0, "coup", target=1)


def test_coup_5_3_coup_needs_a_living_other_target():
    state = make_state([[D, C], [], [M, D]], dead=[[], [A, T], []], coins=[7, 0, 2])
    assert ENGINE.legal_moves(state, 0)[2:3] == [{"action": "coup", "target": 2}]
    with pytest.raises(IllegalMove, match="not in the round"):
        act(state, 0, "coup", target=1)
    with pytest.raises(IllegalMove, match="cannot target yourself"):
        act(state, 0, "coup", target=0)
    with pytest.raises(IllegalMove, match="Choose a player"):
        act(state, 0, "coup")


def test_coup_5_4_tax_takes_three_after_the_challenge_window_and_no_block():
    state = act(three(), 0, "tax")
    assert state["phase"] == "challenge_action"
    assert public_text(state) == ["{p0} claims the Duke and takes Tax."]
    state = everyone_passes(state)
    assert state["coins"][0] == 5 and state["phase"] == "turn" and state["turn"] == 1


def test_coup_5_5_steal_takes_two_from_the_target():
    state = everyone_passes(act(three(), 0, "steal", target=2))
    assert state["phase"] == "block" and ENGINE.to_act(state) == [2]
    assert ENGINE.legal_moves(state, 2) == [
        {"action": "pass"},
        {"action": "block", "as": "ambassador"},
        {"action": "block", "as": "captain"},
    ]
    state = act(state, 2, "pass")
    assert state["coins"] == [4, 2, 0]


def test_coup_5_5_only_the_target_may_block_a_steal():
    state = everyone_passes(act(three(), 0, "steal", target=2))
    with pytest.raises(IllegalMove, match=r"Only the target may block a steal."):
        block(state, 1, C)
    with pytest.raises(IllegalMove, match="Ambassador or the Captain"):
        block(state, 2, D)


def test_coup_op14_steal_takes_the_last_coin():
    state = everyone_passes(act(three(coins=(2, 2, 1)), 0, "steal", target=2))
    state = act(state, 2, "pass")
    assert state["coins"] == [3, 2, 0]
    assert public_text(state)[-1] == "{p0} steals 1 coin from {p2}."


def test_coup_op14_no_steal_from_a_player_without_coins():
    state = three(coins=(2, 0, 3))
    steals = [m for m in ENGINE.legal_moves(state, 0) if m["action"] == "steal"]
    assert steals == [{"action": "steal", "target": 2}]
    with pytest.raises(IllegalMove, match="no coins to steal"):
        act(state, 0, "steal", target=1)


def test_coup_5_6_exchange_draws_two_and_returns_two():
    state = everyone_passes(act(three(), 0, "exchange"))
    assert state["phase"] == "exchange" and len(state["exchange_draw"]) == 2
    drawn = list(state["exchange_draw"])
    view = ENGINE.view(state, 0)
    assert view["exchange_draw"] == drawn and view["hand"] == [D, C]
    first, second = (with_article(card) for card in drawn)
    assert private_text(state, 0) == [f"You draw {first} and {second}."]
    assert public_text(state)[-1] == "{p0} draws 2 cards from the court deck."
    assert len(state["deck"]) == 15 - 6 - 2
    options = {move["card"] for move in ENGINE.legal_moves(state, 0)}
    assert options == {D, C, *drawn}
    state = act(state, 0, "return", card=D)
    assert len(state["hands"][0]) == 2 and state["phase"] == "exchange"
    state = act(state, 0, "return", card=C)
    assert sorted(state["hands"][0]) == sorted(drawn)
    assert len(state["deck"]) == 9 and state["turn"] == 1
    assert public_text(state) == ["{p0} returns 2 cards to the court deck."]
    assert card_total(state)[D] == 3


def test_coup_op15_exchange_with_one_living_card_keeps_one():
    state = make_state([[D], [A, T], [M, D]], dead=[[C], [], []])
    state = everyone_passes(act(state, 0, "exchange"))
    pool = sorted([D, *state["exchange_draw"]])
    first = state["exchange_draw"][0]
    state = act(state, 0, "return", card=first)
    pool.remove(first)
    assert len(state["hands"][0]) == 1, "the public card count never changes mid-exchange"
    state = act(state, 0, "return", card=D)
    pool.remove(D)
    assert state["hands"][0] == pool and state["dead"][0] == [C]


def test_coup_op15_dead_cards_take_no_part_in_an_exchange():
    # The other two Captains are in living hands: the draw cannot hold one.
    state = make_state([[D], [C, T], [C, D]], dead=[[C], [], []])
    state = everyone_passes(act(state, 0, "exchange"))
    assert C not in state["exchange_draw"]
    with pytest.raises(IllegalMove, match="no Captain to return"):
        act(state, 0, "return", card=C)


def test_coup_op15_the_deck_is_shuffled_after_the_returns():
    seen = set()
    for seed in range(12):
        state = everyone_passes(act(three(seed=seed), 0, "exchange"))
        state = act(state, 0, "return", card=state["exchange_draw"][0])
        state = act(state, 0, "return", card=state["exchange_draw"][0])
        seen.add(tuple(state["deck"]))
    assert len(seen) > 1


def test_coup_5_7_assassinate_costs_three_and_kills_a_card():
    state = act(three(coins=(3, 2, 2)), 0, "assassinate", target=1)
    state = everyone_passes(state)
    assert state["phase"] == "block" and ENGINE.to_act(state) == [1]
    assert ENGINE.legal_moves(state, 1) == [{"action": "pass"}, {"action": "block", "as": T}]
    state = act(state, 1, "pass")
    assert state["phase"] == "lose_influence"
    state = act(state, 1, "lose", card=A)
    assert state["dead"][1] == [A] and state["coins"][0] == 0


def test_coup_5_7_assassinate_needs_three_coins():
    with pytest.raises(IllegalMove, match="You need 3 coins"):
        act(three(), 0, "assassinate", target=1)


def test_coup_5_7_only_the_target_may_block_an_assassination():
    state = everyone_passes(act(three(coins=(3, 2, 2)), 0, "assassinate", target=1))
    with pytest.raises(IllegalMove, match=r"Only the target may block an assassination."):
        block(state, 2, T)


def test_coup_op7_the_target_is_named_with_the_action():
    state = act(three(coins=(3, 2, 2)), 0, "assassinate", target=2)
    view = ENGINE.view(state, 1)
    assert view["pending"]["target"] == 2 and view["phase"] == "challenge_action"
    assert public_text(state) == ["{p0} claims the Assassin and pays 3 coins to assassinate {p2}."]


def test_coup_op10_blocked_assassination_keeps_the_cost():
    state = everyone_passes(act(three(coins=(3, 2, 2)), 0, "assassinate", target=1))
    state = everyone_passes(block(state, 1, T))
    assert state["coins"][0] == 0 and state["hands"][1] == [A, T]
    assert public_text(state)[-1] == "{p0}'s Assassination of {p1} is blocked."


def test_coup_op10_example_e1_challenged_assassin_bluff_gets_the_cost_back():
    """Example COUP-E1: A pays 3, C challenges, A shows a Captain: the Captain
    dies, the assassination fails and A has the 3 coins back."""
    state = act(three(coins=(3, 2, 2)), 0, "assassinate", target=1)
    state = act(state, 2, "challenge")
    assert state["phase"] == "reveal" and ENGINE.to_act(state) == [0]
    state = act(state, 0, "reveal", card=C)
    assert state["dead"][0] == [C] and state["hands"][1] == [A, T]
    assert state["coins"][0] == 3 and state["treasury"] == 50 - 7
    assert state["turn"] == 1 and state["phase"] == "turn"


@pytest.mark.parametrize(
    ("action", "claim"),
    [("tax", D), ("steal", C), ("exchange", M), ("assassinate", A)],
)
def test_coup_5_3_character_actions_claim_their_character(action, claim):
    target = {"target": 1} if action in ("steal", "assassinate") else {}
    state = act(three(coins=(3, 2, 2)), 0, action, **target)
    assert state["pending"]["claim"] == claim
    assert ENGINE.legal_moves(state, 1) == [{"action": "pass"}, {"action": "challenge"}]


@pytest.mark.parametrize("action", ["income", "coup", "tax", "exchange"])
def test_coup_6_3_unblockable_actions_open_no_block_window(action):
    target = {"target": 1} if action == "coup" else {}
    state = act(three(coins=(7, 2, 2)), 0, action, **target)
    state = everyone_passes(state) if state["phase"] == "challenge_action" else state
    assert state["phase"] in ("turn", "lose_influence", "exchange")
