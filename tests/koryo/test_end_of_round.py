"""Phase 4, end of round: KOR-8.1 to 8.5, KOR-OP9, KOR-OP16, KOR-T3."""

import pytest

from games.engine import IllegalMove
from games.koryo.rules import ENGINE

from .helpers import actions_of, card_of, kinds, make_state, play, texts


def _after_last_turn(tableaux, players=3, round_no=1, first_player=0):
    """The last player of the actions phase reveals their last card (a
    Merchant); the end of the round follows."""
    last = (first_player - 1) % players
    orders = [[] for _ in range(players)]
    orders[last] = [9]
    state = make_state(
        players,
        tableaux=tableaux,
        orders=orders,
        current=last,
        first_player=first_player,
        round_no=round_no,
    )
    return play(state, last, {"action": "reveal", "card": state["orders"][last][0]})


def test_kor_8_1_players_check_in_turn_order_and_those_within_the_limit_are_skipped():
    state = _after_last_turn([[9, 9, 9], [8, 8, 8, 8], [6, 6, 6, 6]], first_player=1)
    # Seat 0 revealed a 4th card; seat 1 (first) and seat 2 are over too.
    assert state["phase"] == "discard"
    assert ENGINE.to_act(state) == [1]
    assert ENGINE.prompt(state) == "discard down to 3 cards"
    state = play(state, 1, {"action": "discard", "card": card_of(state, 1, 8)})
    assert ENGINE.to_act(state) == [2]
    state = play(state, 2, {"action": "discard", "card": card_of(state, 2, 6)})
    assert ENGINE.to_act(state) == [0]


def test_kor_8_2_only_characters_may_be_discarded():
    state = _after_last_turn([[], [], [9, 9, "barbarians", "lobbying"]], first_player=0)
    # Seat 2 revealed a 5th card: 2 over the limit.
    assert ENGINE.to_act(state) == [2]
    assert ENGINE.legal_moves(state, 2) == [{"action": "discard", "card": card_of(state, 2, 9)}]
    with pytest.raises(IllegalMove, match="character"):
        ENGINE.apply(state, 2, {"action": "discard", "card": card_of(state, 2, "barbarians")})
    state = play(state, 2, {"action": "discard", "card": card_of(state, 2, 9)})
    assert ENGINE.to_act(state) == [2]
    state = play(state, 2, {"action": "discard", "card": card_of(state, 2, 9)})
    assert state["round"] == 2
    assert kinds(state["tableaux"][2]) == [9, "barbarians", "lobbying"]


def test_kor_t3_four_barbarians_are_all_kept_in_round_1():
    tableaux = [[], ["barbarians"] * 4, []]
    state = _after_last_turn(tableaux, first_player=0)
    assert state["round"] == 2 and state["phase"] == "orders"
    assert kinds(state["tableaux"][1]) == ["barbarians"] * 4


def test_kor_op16_events_over_the_limit_cost_every_character():
    tableaux = [[], [], ["barbarians"] * 3 + [8, 8]]
    state = _after_last_turn(tableaux, first_player=0)
    assert ENGINE.to_act(state) == [2]
    state = play(state, 2, {"action": "discard", "card": card_of(state, 2, 8)})
    state = play(state, 2, {"action": "discard", "card": card_of(state, 2, 8)})
    state = play(state, 2, {"action": "discard", "card": card_of(state, 2, 9)})
    assert kinds(state["tableaux"][2]) == ["barbarians"] * 3
    assert state["round"] == 2


def test_kor_op16_the_owner_chooses_which_characters_go():
    state = _after_last_turn([[], [], [5, 7, 8]], first_player=0)
    assert kinds([m["card"] for m in ENGINE.legal_moves(state, 2)]) == [5, 7, 8, 9]


def test_kor_8_3_the_senator_majority_keeps_two_more():
    state = _after_last_turn([[], [], [3, 9, 9, 9]], first_player=0)
    # Seat 2 has 5 cards, the limit 3 + 2.
    assert state["round"] == 2
    assert len(state["tableaux"][2]) == 5


def test_kor_8_3_the_senator_bonus_shows_in_the_view_and_the_prompt():
    state = _after_last_turn([[], [], [3, 9, 9, 9, 9]], first_player=0)
    assert ENGINE.view(state, None)["players"][2]["limit"] == 5
    assert ENGINE.prompt(state) == "discard down to 5 cards"


def test_kor_op9_the_senator_majority_is_checked_at_each_discard():
    # Seat 2 discards its only Senator: from then on its limit is 3, not 5.
    state = _after_last_turn([[], [], [3, 9, 9, 9, 9]], first_player=0)
    state = play(state, 2, {"action": "discard", "card": card_of(state, 2, 3)})
    assert ENGINE.to_act(state) == [2]
    assert ENGINE.prompt(state) == "discard down to 3 cards"


def test_kor_op9_an_earlier_discard_can_give_the_senator_majority_to_a_later_player():
    tableaux = [[3, 9, 9, 9], [3, 8, 8, 8, 8], []]
    state = _after_last_turn(tableaux, first_player=0, players=3)
    # Seat 2 revealed its Merchant; seat 0 is first with 4 cards.
    state = play(state, 0, {"action": "discard", "card": card_of(state, 0, 3)})
    # Seat 1 now holds the Senator majority alone: 5 cards are allowed.
    assert state["round"] == 2
    assert len(state["tableaux"][1]) == 5


def test_kor_op9_without_that_discard_the_later_player_must_discard():
    tableaux = [[3, 9, 9, 9], [3, 8, 8, 8, 8], []]
    state = _after_last_turn(tableaux, first_player=0, players=3)
    state = play(state, 0, {"action": "discard", "card": card_of(state, 0, 9)})
    assert ENGINE.to_act(state) == [1]
    assert ENGINE.prompt(state) == "discard down to 3 cards"


def test_kor_8_4_discarded_cards_go_back_to_the_deck():
    state = _after_last_turn([[9, 9, 9, 8], [], []], first_player=1)
    assert ENGINE.to_act(state) == [0]
    card = card_of(state, 0, 8)
    state = play(state, 0, {"action": "discard", "card": card})
    assert card not in state["tableaux"][0]
    # The next round has been dealt from the deck the card went back to.
    assert card in state["deck"] or any(card in hand for hand in state["hands"])
    assert "{p0} discards a Journalist." in texts(state)


def test_kor_8_5_the_first_player_token_passes_to_the_next_player():
    state = _after_last_turn([[], [], []], first_player=2)
    assert state["round"] == 2
    assert state["first_player"] == 0
    assert ENGINE.to_act(state) == [0]
    assert "{p0} takes the First Player token." in texts(state)
    state = _after_last_turn([[], [], []], first_player=1, round_no=4)
    assert (state["round"], state["first_player"]) == (5, 2)


def test_kor_8_1_discard_is_the_only_move_in_this_phase():
    state = _after_last_turn([[9, 9, 9, 8], [], []], first_player=1)
    assert actions_of(ENGINE.legal_moves(state, 0)) == ["discard", "discard"]
    with pytest.raises(IllegalMove, match="discard down to 3 cards"):
        ENGINE.apply(state, 0, {"action": "end_turn"})
