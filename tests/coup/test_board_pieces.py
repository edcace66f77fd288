"""Where Coup's moves sit on the board (each legal move's record): the
treasury, the court deck, the almshouse, the players and the viewer's own
cards."""

from __future__ import annotations

from games.coup.rules import ENGINE
from games.coup.rules.cards import LOSE, REVEAL

from .helpers import act, everyone_passes, make_state

A, C, D, T = "ambassador", "captain", "duke", "contessa"


def test_coup_5_3_taking_coins_acts_on_the_treasury_and_targeted_actions_on_the_player():
    state = ENGINE.setup(3, {}, seed=5)
    seat = ENGINE.to_act(state)[0]
    state["coins"][seat] = 7
    moves = ENGINE.legal_moves(state, seat)
    by_action = {}
    for m in moves:
        by_action.setdefault(m["action"], []).append(ENGINE.listed(state, seat, m))
    assert {
        i.target for i in by_action["income"] + by_action["foreign_aid"] + by_action["tax"]
    } == {"treasury"}
    assert by_action["exchange"][0].target == "deck"
    steals = [m for m in moves if m["action"] == "steal"]
    assert [ENGINE.listed(state, seat, m).target for m in steals] == [
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
    assert ENGINE.listed(state, seat, move).group.startswith("Coup: with 10 coins or more you must")


def couped(hand: list[str]) -> dict:
    """Seat 0 holding `hand` must lose a card: seat 1 launched a Coup on it."""
    return act(make_state([hand, [A, T]], coins=[2, 7], turn=1), 1, "coup", target=0)


def challenged(hand: list[str]) -> dict:
    """Seat 0 holding `hand` claimed the Duke and seat 1 challenged it."""
    return act(act(make_state([hand, [A, T]]), 0, "tax"), 1, "challenge")


def exchanging() -> dict:
    """Seat 0 drew two cards with the Ambassador and returns two."""
    return everyone_passes(act(make_state([[A, C], [D, T]]), 0, "exchange"))


def test_coup_8_1_losing_one_of_two_different_cards_is_a_choice_on_the_card():
    state = couped([D, C])
    assert state["phase"] == LOSE
    found = ENGINE.legal_moves(state, 0)
    assert [m["card"] for m in found] == [D, C]
    assert [i.target for i in found] == ["card:duke", "card:captain"]
    assert not any(i.forced for i in found)


def test_coup_8_1_two_alike_cards_are_still_asked_so_the_pair_stays_hidden():
    for state, phase in ((couped([D, D]), LOSE), (challenged([D, D]), REVEAL)):
        assert state["phase"] == phase
        (only,) = ENGINE.legal_moves(state, 0)
        assert only["card"] == D and not only.forced


def test_coup_7_answers_to_a_claim_are_public_and_the_cards_of_the_hand_private():
    """Pass, challenge and block name no card of the hand (a notification may
    offer them); revealing, losing or returning a card does."""
    state = ENGINE.setup(3, {}, seed=5)
    actor = ENGINE.to_act(state)[0]
    state = ENGINE.apply(state, actor, {"action": "tax"})
    responder = ENGINE.to_act(state)[0]
    answers = ENGINE.legal_moves(state, responder)
    assert {m["action"] for m in answers} == {"pass", "challenge"}
    assert not any(m.private for m in answers)
    for state, action in (
        (couped([D, C]), "lose"),
        (challenged([D, C]), "reveal"),
        (exchanging(), "return"),
    ):
        moves = ENGINE.legal_moves(state, 0)
        assert moves and all(m["action"] == action and m.private for m in moves)
