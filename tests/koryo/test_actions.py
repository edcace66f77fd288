"""Phase 3, actions: KOR-7.1 to 7.10, KOR-OP8, KOR-OP10 to OP13, KOR-T1, KOR-T2, KOR-E6."""

import pytest

from games.engine import IllegalMove
from games.koryo.rules import ENGINE

from .helpers import actions_of, card_of, kinds, make_state, play, texts

REVEAL = "reveal"


def _reveal(state, seat, kind):
    return ENGINE.apply(
        state, seat, {"action": REVEAL, "card": card_of(state, seat, kind, "orders")}
    )


def _owners(state, cards):
    return [next(s for s, t in enumerate(state["tableaux"]) if c in t) for c in cards]


def _targets(state, seat, action):
    return [m["card"] for m in ENGINE.legal_moves(state, seat) if m["action"] == action]


# -- KOR-7.1, KOR-OP8: revealing card by card --------------------------------------


def test_kor_7_1_revealed_cards_join_the_tableau_one_at_a_time():
    state = make_state(2, tableaux=[[], [9]], orders=[[6, 6], [9]])
    assert ENGINE.legal_moves(state, 0) == [
        {"action": REVEAL, "card": card_of(state, 0, 6, "orders")},
        {"action": "reveal_all", "kind": 6},
    ]
    state = _reveal(state, 0, 6)
    assert kinds(state["tableaux"][0]) == [6]
    assert kinds(state["orders"][0]) == [6]
    assert texts(state) == ["{p0} reveals a Banker."]


def test_kor_7_2_a_stack_of_alike_characters_is_revealed_in_one_move():
    state = make_state(2, tableaux=[[], [9]], orders=[[6, 6, 6, "barbarians"], [9]])
    assert {"action": "reveal_all", "kind": 6} in ENGINE.legal_moves(state, 0)
    assert ENGINE.listed(state, 0, {"action": "reveal_all", "kind": 6}).label == (
        "Reveal all 3 Bankers"
    )
    state = ENGINE.apply(state, 0, {"action": "reveal_all", "kind": 6})
    assert kinds(state["tableaux"][0]) == [6, 6, 6]
    assert kinds(state["orders"][0]) == ["barbarians"]
    assert texts(state) == ["{p0} reveals 3 Bankers."]
    # An event is revealed alone, since it resolves at once (KOR-7.4); the
    # three Bankers now hold the majority and its power (KOR-7.3).
    assert actions_of(ENGINE.legal_moves(state, 0)) == [REVEAL, "bank_take"]


def test_kor_7_2_reveal_all_needs_two_alike_face_down_characters():
    state = make_state(2, tableaux=[[], [9]], orders=[[6, 2], [9]])
    with pytest.raises(IllegalMove, match="two or more face-down characters"):
        ENGINE.apply(state, 0, {"action": "reveal_all", "kind": 6})


def test_kor_7_1_a_shipowner_pair_offers_one_reveal_per_kind():
    state = make_state(2, tableaux=[[5], []], orders=[[6, 2], [9]])
    assert actions_of(ENGINE.legal_moves(state, 0)) == [REVEAL, REVEAL]


def test_kor_7_1_end_turn_only_once_every_card_is_revealed():
    state = make_state(2, tableaux=[[6], []], orders=[[6], [9]])
    assert "end_turn" not in actions_of(ENGINE.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="Reveal all"):
        ENGINE.apply(state, 0, {"action": "end_turn"})


def test_the_turn_ends_by_itself_when_nothing_is_left_to_do():
    state = make_state(2, tableaux=[[], []], orders=[[9], [8]])
    state = _reveal(state, 0, 9)
    assert ENGINE.to_act(state) == [1]


def test_kor_7_2_abilities_may_be_used_before_during_and_after_revealing():
    state = make_state(
        3, tableaux=[[6, 4, "barbarians"], [], [9]], orders=[[9, 9], [9], [9]], tokens=[0, 0, 1]
    )
    # Before: the Banker.
    assert {"action": "bank_take"} in ENGINE.legal_moves(state, 0)
    state = play(state, 0, {"action": "bank_take"})
    # During: the Priest between two reveals.
    state = _reveal(state, 0, 9)
    state = play(state, 0, {"action": "priest_destroy", "card": card_of(state, 0, "barbarians")})
    state = _reveal(state, 0, 9)
    # After: nothing left to use, so the turn has ended.
    assert ENGINE.to_act(state) == [1]
    assert state["tokens"] == [1, 0, 1]


def test_kor_op8_each_ability_once_per_turn_and_end_turn_is_offered_while_one_is_left():
    state = make_state(2, tableaux=[[6, 2], []], orders=[[], [9]], tokens=[0, 2])
    assert actions_of(ENGINE.legal_moves(state, 0)) == ["bank_take", "spy_steal", "end_turn"]
    state = play(state, 0, {"action": "bank_take"})
    assert ENGINE.legal_moves(state, 0) == [
        {"action": "spy_steal", "target": 1},
        {"action": "end_turn"},
    ]
    with pytest.raises(IllegalMove, match="once per turn"):
        ENGINE.apply(state, 0, {"action": "bank_take"})
    state = play(state, 0, {"action": "end_turn"})
    assert ENGINE.to_act(state) == [1]
    assert texts(state)[0] == "{p0} ends their turn."


def test_kor_op8_abilities_are_available_again_on_the_next_turn():
    state = make_state(2, tableaux=[[6, 6, 6], [6]], orders=[[9], [9]], round_no=1)
    state = play(state, 0, {"action": "bank_take"})
    state = _reveal(state, 0, 9)
    assert state["used"] == [] and ENGINE.to_act(state) == [1]


def test_kor_7_3_no_ability_for_other_families_in_this_phase():
    state = make_state(2, tableaux=[[9, 8, 7, 5, 3], []], orders=[[9], [9]])
    assert actions_of(ENGINE.legal_moves(state, 0)) == [REVEAL]


# -- KOR-7.5 Banker, KOR-T2 ----------------------------------------------------------


def test_kor_7_5_the_banker_majority_takes_a_token_from_the_bank():
    state = make_state(2, tableaux=[[6], []], orders=[[9], [9]])
    state = play(state, 0, {"action": "bank_take"})
    assert state["bank"] == 7 and state["tokens"] == [1, 0]
    assert texts(state) == ["{p0} takes a victory token from the bank (Banker majority)."]


def test_kor_7_5_no_banker_ability_without_the_majority():
    state = make_state(2, tableaux=[[6], [6]], orders=[[9], [9]])
    assert "bank_take" not in actions_of(ENGINE.legal_moves(state, 0))


def test_kor_t2_with_the_bank_empty_the_banker_gives_nothing():
    state = make_state(2, tableaux=[[6], []], orders=[[9], [9]], tokens=[5, 3])
    assert state["bank"] == 0
    assert "bank_take" not in actions_of(ENGINE.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="token in the bank"):
        ENGINE.apply(state, 0, {"action": "bank_take"})


# -- KOR-7.6 Priest ---------------------------------------------------------------------


def test_kor_7_6_the_priest_destroys_one_own_event_which_returns_to_the_deck():
    state = make_state(
        2, tableaux=[[4, "barbarians", "barbarians", "lobbying"], ["lobbying"]], orders=[[9], [9]]
    )
    assert _targets(state, 0, "priest_destroy") == [
        card_of(state, 0, "barbarians"),
        card_of(state, 0, "lobbying"),
    ]
    card = card_of(state, 0, "lobbying")
    state = play(state, 0, {"action": "priest_destroy", "card": card})
    assert kinds(state["tableaux"][0]) == [4, "barbarians", "barbarians"]
    assert card in state["deck"]
    assert "priest_destroy" not in actions_of(ENGINE.legal_moves(state, 0))


def test_kor_7_6_the_priest_cannot_destroy_another_players_event():
    state = make_state(2, tableaux=[[4], ["barbarians"]], orders=[[9], [9]])
    assert "priest_destroy" not in actions_of(ENGINE.legal_moves(state, 0))
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"action": "priest_destroy", "card": state["tableaux"][1][0]})


# -- KOR-7.7 Spy, ability 1 ----------------------------------------------------------------


def test_kor_7_7_the_spy_steals_a_token_from_a_player_who_has_one():
    state = make_state(3, tableaux=[[2], [], []], orders=[[9], [9], [9]], tokens=[0, 0, 2])
    assert ENGINE.legal_moves(state, 0)[-1] == {"action": "spy_steal", "target": 2}
    state = play(state, 0, {"action": "spy_steal", "target": 2})
    assert state["tokens"] == [1, 0, 1] and state["bank"] == 6


def test_kor_7_7_nothing_to_steal_when_nobody_else_has_a_token():
    state = make_state(3, tableaux=[[2], [], []], orders=[[9], [9], [9]], tokens=[1, 0, 0])
    assert "spy_steal" not in actions_of(ENGINE.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="Spy"):
        ENGINE.apply(state, 0, {"action": "spy_steal", "target": 1})


# -- KOR-7.4, KOR-OP10: events -------------------------------------------------------------


def test_kor_7_4_a_revealed_event_resolves_before_anything_else():
    state = make_state(2, tableaux=[[6], [9]], orders=[["barbarians", "barbarians"], [9]])
    state = _reveal(state, 0, "barbarians")
    assert state["pending"] is not None
    assert actions_of(ENGINE.legal_moves(state, 0)) == ["barbarians", "decline"]
    with pytest.raises(IllegalMove, match="Barbarian target"):
        ENGINE.apply(state, 0, {"action": "bank_take"})
    assert ENGINE.prompt(state) == "choose a Barbarian target"


def test_kor_op10_a_declined_event_stays_and_still_counts():
    state = make_state(2, tableaux=[[], [9]], orders=[["barbarians"], [9]])
    state = _reveal(state, 0, "barbarians")
    state = play(state, 0, {"action": "decline"})
    assert kinds(state["tableaux"][0]) == ["barbarians"]
    assert kinds(state["tableaux"][1]) == [9]
    assert "{p0} does not use the Barbarians card." in texts(state)
    assert ENGINE.view(state, None)["players"][0]["score_now"] == -1


def test_kor_op10_an_event_without_a_target_stays_and_is_skipped():
    state = make_state(2, tableaux=[[], []], orders=[["barbarians"], [9]])
    state = _reveal(state, 0, "barbarians")
    assert state["pending"] is None
    assert kinds(state["tableaux"][0]) == ["barbarians"]
    assert texts(state)[-1] == "The Barbarians card has no possible target."
    assert ENGINE.to_act(state) == [1]


def test_kor_op10_several_events_resolve_one_by_one_in_reveal_order():
    state = make_state(
        3,
        tableaux=[[5], [9, 7], [7]],
        orders=[["barbarians", "lobbying"], [9], [9]],
    )
    state = _reveal(state, 0, "lobbying")
    assert ENGINE.prompt(state) == "choose cards to swap"
    assert _targets(state, 0, REVEAL) == []
    state = play(state, 0, {"action": "decline"})
    state = _reveal(state, 0, "barbarians")
    assert ENGINE.prompt(state) == "choose a Barbarian target"
    state = play(state, 0, {"action": "barbarians", "card": card_of(state, 2, 7)})
    assert kinds(state["tableaux"][2]) == []


# -- KOR-7.8 Barbarians, KOR-OP11, KOR-OP13 ---------------------------------------------------


def test_kor_7_8_barbarians_destroy_one_character_of_an_opponent():
    state = make_state(
        3, tableaux=[[9], [6, 6, "lobbying"], [1]], orders=[["barbarians"], [9], [9]]
    )
    state = _reveal(state, 0, "barbarians")
    targets = _targets(state, 0, "barbarians")
    # One per kind and owner; never an event, never the player's own card.
    assert kinds(targets) == [6, 1]
    assert _owners(state, targets) == [1, 2]
    card = card_of(state, 1, 6)
    state = play(state, 0, {"action": "barbarians", "card": card})
    assert kinds(state["tableaux"][1]) == [6, "lobbying"]
    assert card in state["deck"]  # KOR-OP11
    assert "{p0}'s Barbarians destroy {p1}'s Banker." in texts(state)


def test_kor_7_8_the_guardian_majority_is_protected():
    state = make_state(3, tableaux=[[], [7, 9], [7, 7, 9]], orders=[["barbarians"], [9], [9]])
    state = _reveal(state, 0, "barbarians")
    assert _owners(state, _targets(state, 0, "barbarians")) == [1, 1]
    with pytest.raises(IllegalMove, match="unprotected"):
        ENGINE.apply(state, 0, {"action": "barbarians", "card": card_of(state, 2, 9)})


def test_kor_op13_face_down_orders_of_later_players_cannot_be_hit():
    state = make_state(2, tableaux=[[], []], orders=[["barbarians"], [9, 9]])
    state = _reveal(state, 0, "barbarians")
    # Nothing face up: the event has no target.
    assert state["pending"] is None
    assert kinds(state["orders"][1]) == [9, 9]


def test_kor_op13_cards_revealed_earlier_this_round_can_be_hit():
    state = make_state(2, tableaux=[[9], []], orders=[[], ["barbarians", "barbarians"]], current=1)
    state = _reveal(state, 1, "barbarians")
    assert kinds(_targets(state, 1, "barbarians")) == [9]


# -- KOR-7.9 Lobbying, KOR-7.10, KOR-OP12, KOR-OP12a, KOR-E6, KOR-T1 ------------------------------


def test_kor_7_9_lobbying_swaps_characters_of_two_players_own_cards_included():
    state = make_state(3, tableaux=[[9], [6, "barbarians"], [1]], orders=[["lobbying"], [9], [9]])
    state = _reveal(state, 0, "lobbying")
    firsts = _targets(state, 0, "lobby_first")
    assert kinds(firsts) == [9, 6, 1]
    state = play(state, 0, {"action": "lobby_first", "card": card_of(state, 0, 9)})
    assert ENGINE.view(state, None)["pending"]["first"]["seat"] == 0
    seconds = _targets(state, 0, "lobby_second")
    assert _owners(state, seconds) == [1, 2]
    label = ENGINE.listed(state, 0, {"action": "lobby_second", "card": seconds[0]}).label
    assert label == "Swap {p0}'s Merchant with {p1}'s Banker"
    state = play(state, 0, {"action": "lobby_second", "card": seconds[0]})
    assert kinds(state["tableaux"][0]) == [6, "lobbying"]
    assert kinds(state["tableaux"][1]) == [9, "barbarians"]
    assert "{p0}'s Lobbying swaps {p0}'s Merchant with {p1}'s Banker." in texts(state)


def test_kor_op12_the_second_card_belongs_to_a_different_player():
    state = make_state(2, tableaux=[[9, 8], [6]], orders=[["lobbying"], [9]])
    state = _reveal(state, 0, "lobbying")
    state = play(state, 0, {"action": "lobby_first", "card": card_of(state, 0, 9)})
    assert _targets(state, 0, "lobby_second") == [card_of(state, 1, 6)]
    with pytest.raises(IllegalMove, match="another unprotected player"):
        ENGINE.apply(state, 0, {"action": "lobby_second", "card": card_of(state, 0, 8)})


def test_kor_op12_lobbying_can_be_declined_after_the_first_card():
    state = make_state(2, tableaux=[[9], [6]], orders=[["lobbying"], [9]])
    state = _reveal(state, 0, "lobbying")
    state = play(state, 0, {"action": "lobby_first", "card": card_of(state, 0, 9)})
    state = play(state, 0, {"action": "decline"})
    assert kinds(state["tableaux"][0]) == [9, "lobbying"]
    assert kinds(state["tableaux"][1]) == [6]


def test_kor_op12_no_effect_when_fewer_than_two_players_can_take_part():
    state = make_state(3, tableaux=[[], [9], []], orders=[["lobbying"], [9], [9]])
    state = _reveal(state, 0, "lobbying")
    assert state["pending"] is None
    assert texts(state)[-1] == "The Lobbying card has no possible target."


def test_kor_7_10_the_spy_majority_protects_from_lobbying():
    state = make_state(3, tableaux=[[9], [2, 6], [8]], orders=[["lobbying"], [9], [9]])
    state = _reveal(state, 0, "lobbying")
    assert _owners(state, _targets(state, 0, "lobby_first")) == [0, 2]


def test_kor_e6_a_protected_player_playing_lobbying_swaps_two_other_players():
    state = make_state(3, tableaux=[[2, 9], [6], [8]], orders=[["lobbying"], [9], [9]])
    state = _reveal(state, 0, "lobbying")
    assert _owners(state, _targets(state, 0, "lobby_first")) == [1, 2]
    state = play(state, 0, {"action": "lobby_first", "card": card_of(state, 1, 6)})
    assert _owners(state, _targets(state, 0, "lobby_second")) == [2]


def test_kor_t1_the_spy_majority_with_one_guardian_is_not_protected():
    state = make_state(3, tableaux=[[9], [2, 7], [8]], orders=[["lobbying"], [9], [9]])
    state = _reveal(state, 0, "lobbying")
    assert _owners(state, _targets(state, 0, "lobby_first")) == [0, 1, 1, 2]


def test_kor_7_10_the_spy_tie_is_won_by_the_omniscient_for_protection():
    state = make_state(4, tableaux=[[9], [2, 1], [2], [8]], orders=[["lobbying"], [9], [9], [9]])
    state = _reveal(state, 0, "lobbying")
    assert sorted(set(_owners(state, _targets(state, 0, "lobby_first")))) == [0, 2, 3]


def test_kor_op12a_no_spy_protection_with_two_players():
    state = make_state(2, tableaux=[[9], [2]], orders=[["lobbying"], [9]])
    state = _reveal(state, 0, "lobbying")
    assert _owners(state, _targets(state, 0, "lobby_first")) == [0, 1]


def test_a_lobbying_player_picking_two_cards_of_their_own_is_refused():
    state = make_state(3, tableaux=[[9, 8], [6], []], orders=[["lobbying"], [9], [9]])
    state = _reveal(state, 0, "lobbying")
    with pytest.raises(IllegalMove, match="one after the other"):
        ENGINE.apply(state, 0, {"action": "lobby_second", "card": card_of(state, 1, 6)})


def test_kor_op8_an_ability_needs_the_majority_at_the_moment_of_use():
    # Swapping away a Banker with one's own Lobbying loses the Banker majority.
    state = make_state(2, tableaux=[[6], [9]], orders=[["lobbying"], []])
    assert {"action": "bank_take"} in ENGINE.legal_moves(state, 0)
    state = _reveal(state, 0, "lobbying")
    state = play(
        state,
        0,
        {"action": "lobby_first", "card": card_of(state, 0, 6)},
        {"action": "lobby_second", "card": card_of(state, 1, 9)},
    )
    assert kinds(state["tableaux"][1]) == [6]
    # Nothing left to do: the turn passed to seat 1, who now holds the Bankers.
    assert ENGINE.to_act(state) == [1]
    assert ENGINE.legal_moves(state, 1) == [{"action": "bank_take"}, {"action": "end_turn"}]
