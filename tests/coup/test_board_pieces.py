"""Where Coup's moves sit on the board (`move_info`): the treasury, the court
deck, the almshouse, the players and the viewer's own cards."""

from __future__ import annotations

from games.coup.rules import ENGINE
from games.coup.rules.cards import LOSE, REVEAL


def test_coup_5_3_taking_coins_acts_on_the_treasury_and_targeted_actions_on_the_player():
    state = ENGINE.setup(3, {}, seed=5)
    seat = ENGINE.to_act(state)[0]
    state["coins"][seat] = 7
    moves = ENGINE.legal_moves(state, seat)
    by_action = {}
    for m in moves:
        by_action.setdefault(m["action"], []).append(ENGINE.move_info(state, seat, m))
    assert {
        i.target for i in by_action["income"] + by_action["foreign_aid"] + by_action["tax"]
    } == {"treasury"}
    assert by_action["exchange"][0].target == "deck"
    steals = [m for m in moves if m["action"] == "steal"]
    assert [ENGINE.move_info(state, seat, m).target for m in steals] == [
        f"player:{m['target']}" for m in steals
    ]
    # COUP-6.3: the list says who may block a Steal, from the engine's table.
    assert "the target may block as the Ambassador or the Captain" in by_action["steal"][0].group
    assert "7 coins; cannot be blocked" in by_action["coup"][0].group
    assert not any(i.forced for infos in by_action.values() for i in infos)


def test_coup_4_3_ten_coins_say_the_coup_is_a_must():
    state = ENGINE.setup(3, {}, seed=5)
    seat = ENGINE.to_act(state)[0]
    state["coins"][seat] = 10
    move = ENGINE.legal_moves(state, seat)[0]
    assert ENGINE.move_info(state, seat, move).group.startswith(
        "Coup: with 10 coins or more you must"
    )


def test_coup_8_1_losing_one_of_two_different_cards_is_a_choice_on_the_card():
    state = ENGINE.setup(2, {}, seed=5)
    seat = 0
    state["phase"], state["hands"][seat] = LOSE, ["duke", "captain"]
    found = [
        ENGINE.move_info(state, seat, {"action": "lose", "card": c}) for c in ("duke", "captain")
    ]
    assert [i.target for i in found] == ["card:duke", "card:captain"]
    assert not any(i.forced for i in found)


def test_coup_8_1_two_alike_cards_are_still_asked_so_the_pair_stays_hidden():
    state = ENGINE.setup(2, {}, seed=5)
    for phase, action in ((LOSE, "lose"), (REVEAL, "reveal")):
        state["phase"], state["hands"][0] = phase, ["duke", "duke"]
        assert not ENGINE.move_info(state, 0, {"action": action, "card": "duke"}).forced


def test_coup_7_answers_to_a_claim_are_public_and_the_cards_of_the_hand_private():
    """Pass, challenge and block name no card of the hand (a notification may
    offer them); revealing, losing or returning a card does."""
    state = ENGINE.setup(3, {}, seed=5)
    actor = ENGINE.to_act(state)[0]
    state = ENGINE.apply(state, actor, {"action": "tax"})
    responder = ENGINE.to_act(state)[0]
    answers = ENGINE.legal_moves(state, responder)
    assert {m["action"] for m in answers} == {"pass", "challenge"}
    assert not any(ENGINE.move_info(state, responder, m).private for m in answers)
    state["phase"], state["hands"][0] = LOSE, ["duke", "captain"]
    for action in ("lose", "reveal", "return"):
        assert ENGINE.move_info(state, 0, {"action": action, "card": "duke"}).private
