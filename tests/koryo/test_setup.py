"""Components, setup, Seasons and turn order: KOR-1, KOR-4, KOR-OP1 to OP3."""

from collections import Counter

import pytest

from games.engine import InvalidOptions
from games.koryo.rules import ENGINE
from games.koryo.rules.cards import CARD_KINDS, season

from .helpers import everything, kinds, make_state


def test_kor_1_1_nine_families_with_as_many_cards_as_their_number():
    counts = Counter(CARD_KINDS)
    assert [counts[family] for family in range(1, 10)] == list(range(1, 10))
    assert sum(counts[family] for family in range(1, 10)) == 45


def test_kor_1_2_six_barbarians_and_four_lobbying():
    counts = Counter(kinds(list(range(55))))
    assert counts["barbarians"] == 6
    assert counts["lobbying"] == 4
    assert len(CARD_KINDS) == 55


# KOR-OP1's table: (round, cards dealt per player, max cards in front at end of round).
SEASONS = [(1, 10, 3), (2, 9, 4), (3, 8, 5), (4, 7, 6), (5, 6, 7), (6, 5, 8), (7, 4, 9), (8, 3, 10)]


@pytest.mark.parametrize(("round_no", "deal", "limit"), SEASONS)
def test_kor_op1_season_r_deals_11_minus_r_and_keeps_r_plus_2(round_no, deal, limit):
    assert season(round_no) == {"deal": deal, "limit": limit}


def test_kor_1_4_and_4_3_the_bank_starts_with_eight_tokens():
    state = ENGINE.setup(3, {}, seed=1)
    assert state["bank"] == 8
    assert state["tokens"] == [0, 0, 0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kor_4_1_all_55_cards_in_play_and_round_1_deals_10_each(players):
    state = ENGINE.setup(players, {}, seed=7)
    assert everything(state) == list(range(55))
    assert [len(hand) for hand in state["hands"]] == [10] * players
    assert state["round"] == 1
    assert state["phase"] == "orders"


def test_kor_op2_the_first_player_is_drawn_from_the_seed():
    firsts = {ENGINE.setup(4, {}, seed=seed)["first_player"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert ENGINE.setup(4, {}, seed=5) == ENGINE.setup(4, {}, seed=5)


def test_kor_op2_the_first_player_acts_first_and_is_announced():
    state = ENGINE.setup(3, {}, seed=11)
    first = state["first_player"]
    assert ENGINE.to_act(state) == [first]
    assert f"{{p{first}}} takes the First Player token." in [ln["text"] for ln in state["log"]]


def test_player_count_and_options_are_checked():
    with pytest.raises(InvalidOptions):
        ENGINE.setup(1, {}, seed=1)
    with pytest.raises(InvalidOptions):
        ENGINE.setup(5, {}, seed=1)
    with pytest.raises(InvalidOptions):
        ENGINE.setup(3, {"variant": "x"}, seed=1)


def test_engine_identity():
    assert (ENGINE.slug, ENGINE.name, ENGINE.min_players, ENGINE.max_players) == (
        "koryo",
        "Koryo",
        2,
        4,
    )
    assert ENGINE.blurb
    assert ENGINE.options == ()


def test_kor_op3_turns_go_clockwise_from_the_first_player():
    state = make_state(3, tableaux=[[], [], []], orders=[[9], [8], [7]], current=2, first_player=2)
    seen = []
    while state["phase"] == "actions":
        seat = ENGINE.to_act(state)[0]
        seen.append(seat)
        state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    assert seen == [2, 0, 1]
