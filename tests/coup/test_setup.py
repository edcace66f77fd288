"""Setup, options and the deal: COUP-1, COUP-3, COUP-OP1 to OP3, OP6, OP19, OP19a."""

from __future__ import annotations

from collections import Counter

import pytest

from games.coup.rules import ENGINE
from games.coup.rules.cards import CHARACTERS, LOYALIST, REFORMIST
from games.engine import InvalidOptions
from tests.coup.helpers import FULL_DECK, act, card_total, public_text


def test_engine_identity():
    assert (ENGINE.slug, ENGINE.name) == ("coup", "Coup")
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 6)
    assert ENGINE.blurb


def test_coup_1_1_fifteen_cards_three_of_each_character():
    state = ENGINE.setup(4, {}, 1)
    assert card_total(state) == FULL_DECK
    assert sum(FULL_DECK.values()) == 15
    assert set(FULL_DECK) == set(CHARACTERS) and set(FULL_DECK.values()) == {3}


def test_coup_1_2_and_op6_coins_are_counted_from_fifty():
    state = ENGINE.setup(5, {}, 1)
    assert state["treasury"] == 50 - 5 * 2
    after = act(state, state["turn"], "income")
    assert after["treasury"] == state["treasury"] - 1


def test_coup_1_3_and_op19a_almshouse_starts_empty_with_factions_only():
    assert ENGINE.setup(4, {"factions": True}, 1)["almshouse"] == 0
    assert ENGINE.setup(4, {}, 1)["almshouse"] is None
    assert ENGINE.view(ENGINE.setup(4, {}, 1), 0)["almshouse"] is None


@pytest.mark.parametrize("players", range(2, 7))
def test_coup_3_1_two_cards_each_and_the_rest_is_the_deck(players):
    state = ENGINE.setup(players, {}, 3)
    assert all(len(hand) == 2 for hand in state["hands"])
    assert len(state["deck"]) == 15 - 2 * players
    # Each player is told only their own cards.
    dealt = [ln for ln in state["log"] if ln["to"] is not None]
    assert sorted(ln["to"] for ln in dealt) == [[seat] for seat in range(players)]


def test_coup_3_1_deal_depends_on_the_seed_only():
    assert ENGINE.setup(4, {}, 11) == ENGINE.setup(4, {}, 11)
    deals = {tuple(map(tuple, ENGINE.setup(4, {}, seed)["hands"])) for seed in range(20)}
    assert len(deals) > 15


@pytest.mark.parametrize("players", range(3, 7))
def test_coup_3_2_players_start_with_two_coins(players):
    assert ENGINE.setup(players, {}, 1)["coins"] == [2] * players


def test_coup_3_2_op2_example_e7_two_player_game_gives_both_one_coin():
    """Example COUP-E7: the source reading is the default."""
    state = ENGINE.setup(2, {}, 1)
    assert state["coins"] == [1, 1]
    assert state["treasury"] == 48


def test_coup_op2_published_two_player_rule_as_an_option():
    for seed in range(6):
        state = ENGINE.setup(2, {"two_player_coins": "first_one"}, seed)
        first = state["turn"]
        assert state["coins"][first] == 1 and state["coins"][1 - first] == 2
        assert state["treasury"] == 47
    # Irrelevant with more players.
    assert ENGINE.setup(3, {"two_player_coins": "first_one"}, 1)["coins"] == [2, 2, 2]


def test_coup_op1_two_to_six_players():
    for players in range(2, 7):
        state = ENGINE.setup(players, {}, 1)
        assert state["num_players"] == players
        assert ENGINE.to_act(state) == [state["turn"]] and 0 <= state["turn"] < players
    for players in (1, 7):
        with pytest.raises(InvalidOptions):
            ENGINE.setup(players, {}, 1)
    assert ENGINE.player_range({}) == (2, 6)


def test_factions_need_three_players():
    assert ENGINE.player_range({"factions": True}) == (3, 6)
    with pytest.raises(InvalidOptions):
        ENGINE.setup(2, {"factions": True}, 1)


def test_options_are_checked():
    with pytest.raises(InvalidOptions):
        ENGINE.setup(3, {"rounds_to_win": 6}, 1)
    with pytest.raises(InvalidOptions):
        ENGINE.setup(3, {"rounds_to_win": True}, 1)
    with pytest.raises(InvalidOptions):
        ENGINE.setup(3, {"factions": "yes"}, 1)
    with pytest.raises(InvalidOptions):
        ENGINE.setup(3, {"inquisitor": True}, 1)
    assert ENGINE.clean_options({}) == {
        "factions": False,
        "rounds_to_win": 1,
        "two_player_coins": "both_one",
    }


def test_coup_op3_first_player_is_random_and_announced():
    firsts = Counter(ENGINE.setup(4, {}, seed)["turn"] for seed in range(200))
    assert set(firsts) == {0, 1, 2, 3}
    state = ENGINE.setup(4, {}, 5)
    assert public_text(state)[0] == f"Round 1 begins; {{p{state['turn']}}} plays first."


def test_coup_op3_play_passes_clockwise():
    state = ENGINE.setup(4, {}, 5)
    first = state["turn"]
    seen = []
    for _ in range(5):
        seen.append(state["turn"])
        state = act(state, state["turn"], "income")
    assert seen == [(first + k) % 4 for k in range(5)]


@pytest.mark.parametrize("players", range(3, 7))
def test_coup_op19_factions_alternate_from_the_first_player(players):
    state = ENGINE.setup(players, {"factions": True}, 9)
    first = state["turn"]
    expected = [LOYALIST if k % 2 == 0 else REFORMIST for k in range(players)]
    assert [state["factions"][(first + k) % players] for k in range(players)] == expected
    assert {"Loyalists: ", "Reformists: "} <= {text[:12] for text in public_text(state)} | {
        text[:11] for text in public_text(state)
    }


def test_coup_op26_no_inquisitor():
    assert "inquisitor" not in CHARACTERS
    assert set(ENGINE.setup(6, {"factions": True}, 1)["deck"]) <= set(CHARACTERS)


def test_same_seed_and_moves_give_the_same_states():
    def play(seed):
        state = ENGINE.setup(3, {"factions": True, "rounds_to_win": 2}, seed)
        states = [state]
        for _ in range(40):
            if ENGINE.outcome(state):
                break
            seat = ENGINE.to_act(state)[0]
            moves = ENGINE.legal_moves(state, seat)
            state = ENGINE.apply(state, seat, moves[len(states) % len(moves)])
            states.append(state)
        return states

    assert play(4) == play(4)
