"""End of the game and scoring: KOR-9.1 to 9.5, KOR-OP17, Examples KOR-E1, KOR-E5."""

from games.koryo.rules import ENGINE
from games.koryo.rules.table import score_sheet

from .helpers import make_state, play, texts


def _points(state, seat, family):
    return score_sheet(state)[seat]["families"][family - 1]["points"]


def test_kor_e1_two_three_and_four_merchants_only_the_four_score_9():
    state = make_state(3, tableaux=[[9, 9], [9, 9, 9], [9, 9, 9, 9]])
    assert [_points(state, seat, 9) for seat in range(3)] == [0, 0, 9]


def test_kor_9_1_a_tie_for_the_most_scores_nobody():
    state = make_state(3, tableaux=[[6, 6], [6, 6], [6]])
    assert [_points(state, seat, 6) for seat in range(3)] == [0, 0, 0]


def test_kor_9_2_the_omniscient_does_not_break_ties_at_scoring():
    state = make_state(2, tableaux=[[7, 7, 1], [7, 7]])
    assert [_points(state, seat, 7) for seat in range(2)] == [0, 0]
    assert _points(state, 0, 1) == 1  # KOR-2.4


def test_kor_e5_three_barbarians_and_one_lobbying_cost_4():
    state = make_state(2, tableaux=[["barbarians"] * 3 + ["lobbying"], []])
    assert score_sheet(state)[0]["events"] == -4
    assert score_sheet(state)[0]["total"] == -4


def test_kor_9_4_each_token_is_one_point():
    state = make_state(2, tableaux=[[], []], tokens=[3, 1])
    assert [row["total"] for row in score_sheet(state)] == [3, 1]


def test_kor_9_1_every_family_scores_its_number():
    state = make_state(2, tableaux=[[1, 2, 3, 4, 5, 6, 7, 8, 9], []])
    assert score_sheet(state)[0]["total"] == 45


def _final(tableaux, tokens=None, players=2):
    """Round 8 ends when the last player reveals their last card."""
    last = players - 1
    orders = [[] for _ in range(players)]
    orders[last] = [9]
    state = make_state(
        players,
        tableaux=tableaux,
        orders=orders,
        current=last,
        round_no=8,
        tokens=tokens,
    )
    return play(state, last, {"action": "reveal", "card": state["orders"][last][0]})


def test_kor_9_5_the_game_ends_after_round_8_and_the_most_points_wins():
    state = _final([[6, 6, 7], [8, 8]], tokens=[1, 0])
    outcome = ENGINE.outcome(state)
    assert state["phase"] == "over"
    assert ENGINE.to_act(state) == []
    # Seat 0: Bankers 6 + Guardian 7 + 1 token; seat 1: Journalists 8 + Merchant 9.
    assert outcome.scores == [14, 17]
    assert outcome.ranks == [2, 1]
    assert outcome.summary == "{p1} wins with 17 points."
    assert outcome.details["score_sheet"][1]["families"][7] == {
        "family": 8,
        "name": "Journalist",
        "cards": 2,
        "points": 8,
    }
    assert texts(state)[-1] == "{p1} wins with 17 points."
    assert ENGINE.summary(state) == "{p1} wins with 17 points."
    assert ENGINE.view(state, 0)["final_scores"] == outcome.details["score_sheet"]


def test_kor_op17_tied_players_share_the_victory():
    # Seat 2 reveals a Merchant: seat 0 keeps the Merchant majority (9);
    # seat 1 has the Journalist (8) and a token.
    state = _final([[9, 9], [8], []], tokens=[0, 1, 0], players=3)
    outcome = ENGINE.outcome(state)
    assert outcome.scores == [9, 9, 0]
    assert outcome.ranks == [1, 1, 3]
    assert outcome.winners == [0, 1]
    assert outcome.summary == "{p0} and {p1} share the victory with 9 points."


def test_no_outcome_before_the_end():
    state = ENGINE.setup(2, {}, seed=1)
    assert ENGINE.outcome(state) is None
    assert ENGINE.view(state, 0)["final_scores"] is None
    state = _final([[], []])
    assert ENGINE.outcome(state) is not None
