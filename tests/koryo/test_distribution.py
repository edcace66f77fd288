"""Phase 1, distribution: KOR-5.0 to 5.2, KOR-OP7, KOR-OP7a, KOR-T4."""

from games.engine import Rng
from games.koryo.rules import ENGINE

from .helpers import card_of, everything, kinds, make_state


def _last_discard(tableaux, round_no=1, players=2, first_player=0, discard=9):
    """A state where the last player's single discard ends the round."""
    last = (first_player - 1) % players
    state = make_state(
        players,
        tableaux=tableaux,
        phase="discard",
        current=last,
        first_player=first_player,
        round_no=round_no,
    )
    card = card_of(state, last, discard)
    return state, ENGINE.apply(state, last, {"action": "discard", "card": card})


def test_kor_t4_round_1_has_no_journalist_majority_so_everybody_gets_10():
    for seed in range(5):
        state = ENGINE.setup(4, {}, seed=seed)
        assert state["dealt"] == [10, 10, 10, 10]


def test_kor_5_1_each_player_receives_the_season_count():
    _, state = _last_discard([[9, 9, 9], [5, 5, 5, 9]], round_no=3)
    assert state["round"] == 4
    assert state["dealt"] == [7, 7]
    assert [len(hand) for hand in state["hands"]] == [7, 7]


def test_kor_5_2_the_journalist_majority_receives_one_more_card():
    _, state = _last_discard([[8], [8, 8, 9, 9]])
    assert state["round"] == 2
    assert state["dealt"] == [9, 10]
    assert "{p1} receives 1 extra card (Journalist majority)." in [
        ln["text"] for ln in state["log"]
    ]


def test_kor_5_2_a_journalist_tie_is_won_by_the_omniscient_during_play():
    _, state = _last_discard([[8, 1], [8, 9, 9, 9]], round_no=2)
    assert state["dealt"] == [9, 8]


def test_kor_5_2_a_journalist_tie_without_omniscient_gives_no_bonus():
    _, state = _last_discard([[8], [8, 9, 9, 9]])
    assert state["dealt"] == [9, 9]


def test_kor_op7_op7a_the_deck_is_shuffled_then_dealt_in_turn_order():
    before, after = _last_discard([[9], [9, 9, 9, 9]], first_player=1)
    # The round ends after seat 0's discard, the token passes to seat 0 (KOR-8.5).
    assert after["first_player"] == 0
    returned = card_of(before, 0, 9)
    pool = set(before["deck"]) | {returned}
    # Round 2 deals 9 cards each (KOR-OP1), from the deck with the discard in it.
    hands = [set(hand) for hand in after["hands"]]
    assert [len(hand) for hand in hands] == [9, 9]
    assert hands[0] | hands[1] <= pool and not hands[0] & hands[1]
    assert set(after["deck"]) == pool - hands[0] - hands[1]
    # KOR-OP7a: the returned card is mixed in at random, not left on top or bottom.
    where = set()
    for rng in range(24):
        state = make_state(
            2, tableaux=[[9], [9, 9, 9, 9]], phase="discard", current=0, first_player=1
        )
        state["rng"] = Rng.from_seed(rng).state
        card = card_of(state, 0, 9)
        dealt = ENGINE.apply(state, 0, {"action": "discard", "card": card})
        where.add(next((seat for seat in (0, 1) if card in dealt["hands"][seat]), "deck"))
    assert where == {0, 1, "deck"}


def test_kor_op7a_different_seeds_deal_different_hands():
    hands = {tuple(ENGINE.setup(2, {}, seed=seed)["hands"][0]) for seed in range(10)}
    assert len(hands) == 10


def test_kor_op7_if_the_deck_ran_short_what_is_left_is_dealt_in_turn_order():
    groups = [list(range(0, 13)), list(range(13, 26)), list(range(26, 39)), list(range(39, 49))]
    tableaux = [kinds(group) for group in groups]
    before, after = _last_discard(tableaux, round_no=7, players=4, first_player=0)
    assert len(before["deck"]) == 6
    # Seat 1 is now first; seat 2 holds every Journalist.
    assert after["first_player"] == 1
    assert after["dealt"] == [0, 3, 4, 0]
    assert everything(after) == list(range(55))
    # Players without a card are skipped in the orders phase.
    assert ENGINE.to_act(after) == [1]
    state = after
    for seat in (1, 2):
        state = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat))
        state = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat))
    assert state["phase"] == "actions"
    assert ENGINE.to_act(state) == [1]


def test_kor_5_0_a_new_round_starts_with_orders_from_the_new_first_player():
    _, state = _last_discard([[9, 9, 9], [5, 5, 5, 9]], first_player=1)
    assert state["phase"] == "orders"
    assert ENGINE.to_act(state) == [state["first_player"]] == [0]
    assert ENGINE.legal_moves(state, 0)[0]["action"] == "order_kind"
