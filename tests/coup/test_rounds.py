"""Losing influence, elimination, victory and rounds: COUP-8, COUP-9,
COUP-OP17, OP17a, OP18."""

from __future__ import annotations

import pytest

from games.coup.rules import ENGINE
from games.engine import IllegalMove
from tests.coup.helpers import act, check_invariants, make_state, public_text

D, A, C, M, T = "duke", "assassin", "captain", "ambassador", "contessa"


def final_blow(rounds_to_win=1, wins=None, factions=None):
    """Seat 0 is about to coup seat 2, the last other player standing."""
    hands = [[D, C], [], [T], [M, A]]
    dead = [[], [A, T], [D], []]
    if factions is None:
        hands, dead = hands[:3], dead[:3]
        coins = [7, 0, 3]
    else:
        hands[3], dead[3] = [], [M, A]
        coins = [7, 0, 3, 0]
    state = make_state(
        hands,
        dead=dead,
        coins=coins,
        factions=factions,
        options={"rounds_to_win": rounds_to_win},
    )
    if wins:
        state["wins"] = list(wins)
    return state


def test_coup_8_1_the_loser_chooses_which_card_dies():
    state = make_state([[D, C], [A, T], [M, D]], coins=[7, 2, 2])
    state = act(state, 0, "coup", target=1)
    assert ENGINE.legal_moves(state, 1) == [
        {"action": "lose", "card": A},
        {"action": "lose", "card": T},
    ]
    state = act(state, 1, "lose", card=T)
    assert state["hands"][1] == [A] and state["dead"][1] == [T]


def test_coup_8_1_a_last_card_is_lost_without_asking():
    state = make_state([[D, C], [A], [M, D]], dead=[[], [T], []], coins=[7, 2, 2])
    state = act(state, 0, "coup", target=1)
    assert state["hands"][1] == [] and state["phase"] == "turn"


def test_coup_8_1_two_identical_cards_still_ask_so_nobody_learns_they_match():
    state = make_state([[D, C], [A, A], [M, D]], coins=[7, 2, 2])
    state = act(state, 0, "coup", target=1)
    assert state["phase"] == "lose_influence"
    assert ENGINE.legal_moves(state, 1) == [{"action": "lose", "card": A}]


def test_coup_8_2_dead_cards_are_public_and_cannot_be_used():
    state = make_state([[D], [A, T], [M, D]], dead=[[C], [], []], coins=[2, 2, 2])
    assert ENGINE.view(state, None)["players"][0]["dead"] == [C]
    state = act(act(state, 0, "steal", target=1), 1, "challenge")
    # The dead Captain cannot prove the claim: the lone Duke is shown.
    assert state["last_reveal"] == {"seat": 0, "cards": [D], "truthful": False}


def test_coup_8_3_a_player_with_both_cards_dead_is_eliminated():
    state = make_state([[D, C], [A], [M, D]], dead=[[], [T], []], coins=[7, 3, 2])
    state = act(state, 0, "coup", target=1)
    view = ENGINE.view(state, None)
    assert view["players"][1]["alive"] is False and view["players"][1]["influence"] == 0
    assert view["players"][1]["coins"] == 0
    assert view["elimination_order"] == [1]
    assert state["turn"] == 2, "the eliminated player is skipped"
    with pytest.raises(IllegalMove, match="out of this round"):
        act(state, 1, "income")


def test_coup_8_4_the_last_player_wins_and_there_is_no_second_place():
    state = act(final_blow(), 0, "coup", target=2)
    assert state["phase"] == "game_over" and state["winner"] == 0
    outcome = ENGINE.outcome(state)
    assert outcome.ranks == [1, 2, 2] and outcome.winners == [0]
    assert outcome.summary == "{p0} wins."
    assert ENGINE.to_act(state) == [] and ENGINE.legal_moves(state, 0) == []
    assert public_text(state)[-1] == "{p0} wins the game."


def test_coup_op17a_elimination_order_is_kept_as_a_detail_only():
    state = act(final_blow(), 0, "coup", target=2)
    outcome = ENGINE.outcome(state)
    assert outcome.details["elimination_order"] == [1, 2]
    assert outcome.details["round_winners"] == [0]
    assert outcome.ranks[1] == outcome.ranks[2] == 2


def test_outcome_is_none_while_running():
    assert ENGINE.outcome(final_blow()) is None


def test_coup_9_1_rounds_continue_until_the_target_is_reached():
    state = act(final_blow(rounds_to_win=3), 0, "coup", target=2)
    assert ENGINE.outcome(state) is None
    assert state["round"] == 2 and state["wins"] == [1, 0, 0]
    assert "{p0} wins round 1." in public_text(state)
    check_invariants(state)


def test_coup_9_2_op18_each_round_is_a_fresh_game_started_by_the_winner():
    state = final_blow(rounds_to_win=2)
    state["turn"] = state["first"] = 0
    state = act(state, 0, "coup", target=2)
    assert state["turn"] == 0 and state["first"] == 0
    assert all(len(hand) == 2 for hand in state["hands"]), "everyone plays again"
    assert state["dead"] == [[], [], []]
    assert state["coins"] == [2, 2, 2] and state["treasury"] == 44
    assert len(state["deck"]) == 9 and state["last_reveal"] is None
    assert public_text(state)[-1] == "Round 2 begins; {p0} plays first."
    assert ENGINE.summary(state) == "Round 2 · 3 players left"


def test_coup_op18_factions_are_reassigned_and_the_almshouse_emptied():
    state = final_blow(rounds_to_win=2, factions="LRLR")
    state["almshouse"] = 3
    state["treasury"] -= 3
    state["coins"][2] = 0
    state["treasury"] += 3
    state = act(state, 0, "coup", target=2)
    assert state["round"] == 2 and state["almshouse"] == 0
    assert state["factions"] == ["loyalist", "reformist", "loyalist", "reformist"]
    check_invariants(state)


def test_coup_op18_the_winner_of_the_round_starts_even_when_not_first():
    state = final_blow(rounds_to_win=2)
    # Seat 2 wins: seat 0 bluffs a Tax, seat 2 challenges and 0 has one card.
    state["hands"][0], state["dead"][0] = [C], [D]
    state = act(act(state, 0, "tax"), 2, "challenge")
    assert state["round"] == 2 and state["turn"] == 2 and state["wins"] == [0, 0, 1]
    assert state["factions"] is None


def test_coup_9_1_the_game_ends_at_the_target_with_round_scores():
    state = act(final_blow(rounds_to_win=3, wins=[2, 1, 1]), 0, "coup", target=2)
    outcome = ENGINE.outcome(state)
    assert state["phase"] == "game_over" and outcome.scores == [3, 1, 1]
    assert outcome.summary == "{p0} wins 3 rounds ({p1} 1, {p2} 1)."
    assert ENGINE.summary(state) == outcome.summary
    assert outcome.ranks == [1, 2, 2]


def test_two_player_round_summary():
    state = make_state([[D, C], [T]], dead=[[], [A]], coins=[7, 0], options={"rounds_to_win": 2})
    state["wins"] = [1, 1]
    state = act(state, 0, "coup", target=1)
    assert ENGINE.outcome(state).summary == "{p0} wins 2 rounds to 1."
