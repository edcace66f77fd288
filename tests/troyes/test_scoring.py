"""The final score (TRO-18, TRO-OP26, TRO-OP27) and the end of the game."""

from __future__ import annotations

from games.troyes.rules import ENGINE
from games.troyes.rules import cards as C
from games.troyes.rules import flow as F
from games.troyes.rules import table as T

from .helpers import ready


def scored():
    state = ready([(0, C.YELLOW, 1)])
    state["vp"] = [7, 3]
    state["characters"] = [["urbain", "hugues"], ["thibaut", "henri"]]
    state["ip"] = [9, 0]
    state["deniers"] = [0, 8]
    # Seat 0 on levels 1 and 2, seat 1 on level 1 only.
    state["cathedral"] = [[0, 0], [1], [], [], [], []]
    state["supervisors"] = {"merchant": [1, 0, 2][:2], "goldsmith": [0]}
    state["won"] = [[], ["war"]]
    state["events"] = [{"id": "looting", "marks": [0]}]
    return state


def test_tro_18_1_op26_every_item_of_the_score_sheet():
    sheet = T.score_sheet(scored())
    zero, one = sheet
    # Supervisors: goldsmith first space 3, merchant second space 0 (seat 0);
    # merchant first space 1 (seat 1).
    assert zero["supervisors"] == 3 and one["supervisors"] == 1
    assert zero["events_present"] == 1 and one["events_present"] == 0
    assert zero["events_won"] == 0 and one["events_won"] == 1
    assert zero["cathedral"] == -2 and one["cathedral"] == -4
    chars = {c["id"]: c["points"] for c in zero["characters"]}
    # Every character in play scores for every player (TRO-1.7).
    assert set(chars) == {"urbain", "hugues", "thibaut", "henri"}
    assert chars == {"urbain": 2, "hugues": 3, "thibaut": 0, "henri": 1}
    assert zero["total"] == 7 + 3 + 1 - 2 + 6
    ones = {c["id"]: c["points"] for c in one["characters"]}
    assert ones == {"urbain": 1, "hugues": 0, "thibaut": 2, "henri": 2}
    assert one["total"] == 3 + 1 + 1 - 4 + 5


def test_tro_op27_ties_share_the_rank():
    assert T.ranks([10, 12, 12, 3]) == [3, 1, 1, 4]


def test_the_last_round_ends_the_game_and_reveals_everything():
    state = scored()
    state["round"] = state["rounds"]
    log = []
    F.end_round(state, log)
    assert state["phase"] == "over" and state["current"] is None
    outcome = ENGINE.outcome(state)
    assert outcome.scores == [row["total"] for row in state["final"]]
    assert outcome.ranks == [1, 2]
    lines = [ln["text"] for ln in log]
    assert "{p0} reveals Urbain IV and Hugues de Payns." in lines
    assert outcome.scores == [15, 6]  # as in the score sheet test above
    assert lines[-1] == "{p0} wins with 15 victory points."
    assert ENGINE.to_act(state) == [] and ENGINE.legal_moves(state, 0) == []


def test_tro_5_3_rounds_follow_each_other_until_the_last():
    state = ready([(0, C.YELLOW, 1)])
    state["round"] = 2
    log = []
    F.end_round(state, log)
    assert state["round"] == 3 and state["phase"] in ("defence", "actions")
    assert any("New activity cards" in ln["text"] for ln in log)
    state["round"] = 3
    log = []
    state["dice"] = []
    F.end_round(state, log)
    assert state["round"] == 4
    assert not any("New activity cards" in ln["text"] for ln in log)  # TRO-5.2
