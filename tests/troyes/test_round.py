"""The start of a round (TRO-5 to TRO-9): activity cards revealed, income
and wages, dice per citizen, events left to right with their black dice; and
the defence against the black dice (TRO-9.3 to TRO-9.9, TRO-OP8 to TRO-OP10)."""

from __future__ import annotations

import pytest

from games.engine import IllegalMove
from games.troyes.rules import ENGINE
from games.troyes.rules import cards as C
from games.troyes.rules import flow as F
from games.troyes.rules import table as T

from .helpers import placed, play, set_dice, texts


def _round_start(players=2, seed=1):
    """A placed state rewound to just before a round starts (round 0)."""
    state = ENGINE.setup(players, {}, seed)
    while state["phase"] == "placement":
        seat = state["current"]
        moves = ENGINE.legal_moves(state, seat)
        if len(state["placement"]) == 1:
            # The last citizen: stop before the round starts.
            return state, seat, moves
        state = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat))
    raise AssertionError


def test_tro_6_op3_level_r_cards_revealed_in_rounds_1_to_3():
    state = placed(2, 1)
    view = ENGINE.view(state, 0)
    assert [c["level"] for c in view["activity"] if c["revealed"]] == [1, 1, 1]
    for round_no, levels in ((2, 2), (3, 3), (4, 3)):
        state = T.copy_state(state)
        state["round"] = round_no
        shown = [c for c in ENGINE.view(state, 0)["activity"] if c["revealed"]]
        assert len(shown) == 3 * levels


# Seat 0: 2 in the Palace, 1 in the Monastery, 3 in the City Hall; seat 1: 3 in
# the Monastery, 3 in the City Hall; neutral: 4 in the Palace, 2 in the Monastery.
CITY = {
    C.RED: [[0], [0], [-1], [-1], [-1], [-1]],
    C.WHITE: [[0, 1], [1, 1], [-1, -1]],
    C.YELLOW: [[0, 0, 0], [1, 1, 1]],
}


def _quiet_round(state):
    """No event in play nor to come: the round's start is income, wages and dice."""
    state = T.copy_state(state)
    state["buildings"] = T.copy_state(CITY)
    state["events"], state["decks"][C.RED] = [], []
    return state


def test_tro_7_1_income_and_wages():
    """+10 deniers, then 1 per Monastery citizen and 2 per Palace citizen."""
    state = _quiet_round(placed(2, 1))
    state["deniers"] = [5, 5]
    log = []
    F.start_round(state, log)
    assert state["deniers"] == [5 + 10 - 5, 5 + 10 - 3]
    lines = [ln["text"] for ln in log]
    assert "{p0} takes 10 deniers and pays 5 deniers in wages." in lines
    assert "{p1} takes 10 deniers and pays 3 deniers in wages." in lines


def test_tro_7_2_op4_unpaid_wages_pay_all_and_lose_2_vp_once():
    state = _quiet_round(placed(2, 1))
    # Six Palace citizens cost 12 > 0 + 10.
    state["buildings"][C.RED] = [[0] for _ in range(6)]
    state["buildings"][C.WHITE] = [[1, 1], [1, 1], [-1, -1]]
    state["deniers"][0] = 0
    state["vp"][0] = 5
    log = []
    F.start_round(state, log)
    assert state["vp"][0] == 3 and state["deniers"][0] == 0
    assert "{p0} cannot pay 12 deniers of wages and loses 2 victory points." in [
        ln["text"] for ln in log
    ]
    assert not any("{p0} takes 10 deniers" in ln["text"] for ln in log)


def test_tro_8_1_one_die_per_standing_citizen_neutral_too():
    state = _quiet_round(placed(2, 1))
    T.roll_dice(state)
    counts = {}
    for d in state["dice"]:
        counts[d["owner"], d["colour"]] = counts.get((d["owner"], d["colour"]), 0) + 1
    assert counts == {
        (0, C.RED): 2,
        (0, C.WHITE): 1,
        (0, C.YELLOW): 3,
        (1, C.WHITE): 3,
        (1, C.YELLOW): 3,
        (C.NEUTRAL, C.RED): 4,
        (C.NEUTRAL, C.WHITE): 2,
    }
    assert all(1 <= d["value"] <= 6 for d in state["dice"])


def test_tro_op8a_lying_citizens_give_no_dice():
    state = _quiet_round(placed(2, 1))
    state["lying"][C.RED].append(0)
    T.roll_dice(state)
    red = [d for d in state["dice"] if d["owner"] == 0 and d["colour"] == C.RED]
    assert len(red) == 2


def test_tro_9_1_op6_red_event_and_the_deck_it_calls_looting_always_there():
    state = placed(2, 1)
    ids = [e["id"] for e in state["events"]]
    assert ids[0] == "looting"
    red = C.EVENT_CARDS[ids[1]]
    assert red.deck == C.RED
    assert C.EVENT_CARDS[ids[2]].deck == red.calls
    assert len(state["decks"][C.RED]) == state["rounds"] - 1


def test_tro_9_2_op7_black_dice_of_every_military_event_in_one_pool():
    state = T.copy_state(placed(2, 1))
    state["events"] = [{"id": "looting", "marks": []}, {"id": "invasion", "marks": []}]
    state["decks"][C.RED] = []
    log = []
    F._resolve_events(state, log)
    assert len(state["black"]) == 4
    assert state["black"] == sorted(state["black"], reverse=True)


@pytest.mark.parametrize(
    ("event", "key", "have", "after", "vp_after"),
    [
        ("drought", "deniers", 5, 3, 10),
        ("drought", "deniers", 1, 0, 8),  # TRO-OP5: pays what it can, -2 VP
        ("heresy", "ip", 0, 0, 8),
        ("tax", "deniers", 3, 0, 10),
    ],
)
def test_tro_9_2_op5_events_that_take_from_players(event, key, have, after, vp_after):
    state = T.copy_state(placed(2, 1))
    state["events"] = [{"id": event, "marks": []}]
    state[key][0] = have
    state["vp"][0] = 10
    F._resolve_events(state, [])
    assert state[key][0] == after
    assert state["vp"][0] == vp_after


@pytest.mark.parametrize(("event", "colour"), [("famine", C.YELLOW), ("excommunication", C.WHITE)])
def test_events_that_take_each_players_highest_die(event, colour):
    state = set_dice(placed(2, 1), [(0, colour, 2), (0, colour, 6), (1, colour, 3), (1, C.RED, 6)])
    state["events"] = [{"id": event, "marks": []}]
    F._resolve_events(state, [])
    assert sorted((d["owner"], d["value"]) for d in state["dice"]) == [(0, 2), (1, 6)]


@pytest.mark.parametrize(("event", "colour"), [("cloister", C.WHITE), ("newcomers", C.YELLOW)])
def test_events_that_bring_a_neutral_citizen(event, colour):
    state = T.copy_state(placed(2, 1))
    state["buildings"][colour][0][0] = None
    greys = T.citizens_on_board(state, C.NEUTRAL)
    state["events"] = [{"id": event, "marks": []}]
    F._resolve_events(state, [])
    assert state["buildings"][colour][0][0] == C.NEUTRAL
    assert T.citizens_on_board(state, C.NEUTRAL) == greys + 1
    # No free space: nothing happens.
    F._resolve_events(state, [])
    assert T.citizens_on_board(state, C.NEUTRAL) == greys + 1


# -- defence -----------------------------------------------------------------------


def _defence(dice, black, seat=0, players=2):
    state = set_dice(placed(players, 1), dice)
    state["phase"] = "defence"
    state["black"] = sorted(black, reverse=True)
    state["current"] = seat
    state["start"] = seat
    state["fight"] = {"black": [0], "own": []}
    return state


def test_tro_t3_red_dice_count_double_and_op8_equal_beats():
    state = _defence([(0, C.RED, 4), (1, C.WHITE, 1)], [7])
    state = play(state, 0, {"action": "select_own", "die": 0}, {"action": "fight"})
    assert state["ip"][0] == 5  # TRO-9.8
    state = _defence([(0, C.RED, 3), (1, C.WHITE, 1)], [6])
    state = play(state, 0, {"action": "select_own", "die": 0})
    assert {"action": "fight"} in ENGINE.legal_moves(state, 0)
    state = _defence([(0, C.YELLOW, 5), (1, C.WHITE, 1)], [6])
    state["vp"][0] = 4
    state["ip"][0] = 0
    # A yellow 5 cannot beat a 6, and no influence is left to change it:
    # TRO-OP10, failed without a question.
    log = []
    F._settle_defence(state, log)
    assert state["vp"][0] == 2 and state["black"] == [] and state["phase"] == "actions"
    assert log[0]["text"] == "{p0} cannot beat the black 6 and loses 2 victory points."


def test_tro_9_4_op9_the_highest_black_die_always_fought_others_summed():
    state = _defence([(0, C.RED, 6), (0, C.RED, 5), (1, C.WHITE, 1)], [5, 4, 2])
    moves = ENGINE.legal_moves(state, 0)
    assert {"action": "select_black", "index": 0} not in moves
    state = play(state, 0, {"action": "select_own", "die": 0})  # counts 12
    assert {"action": "select_black", "index": 1} in ENGINE.legal_moves(state, 0)  # 5 + 4
    state = play(state, 0, {"action": "select_black", "index": 1})
    # 5 + 4 + 2 = 11 <= 12 still.
    state = play(state, 0, {"action": "select_black", "index": 2}, {"action": "fight"})
    assert state["black"] == [] and state["ip"][0] == 7
    assert [d["id"] for d in state["dice"] if d["owner"] == 0] == [1]  # TRO-9.6


def test_tro_9_6_9_7_failure_costs_2_vp_and_keeps_the_dice_next_player_fights_next():
    state = _defence([(0, C.YELLOW, 1), (1, C.RED, 6)], [6, 3])
    state["vp"][0] = 4
    state["ip"][0] = 0  # with influence, a reroll or a turn-over could beat the 6
    F._settle_defence(state, [])
    assert state["vp"][0] == 2
    assert len([d for d in state["dice"] if d["owner"] == 0]) == 1
    assert state["current"] == 1 and state["black"] == [3]
    state = play(state, 1, {"action": "select_own", "die": 1}, {"action": "fight"})
    assert state["phase"] == "actions" and state["current"] == 0


def test_tro_op10_defenders_go_round_again():
    state = _defence([(0, C.RED, 6), (0, C.RED, 6), (1, C.RED, 6)], [4, 3, 2])
    state = play(state, 0, {"action": "select_own", "die": 0}, {"action": "fight"})
    state = play(state, 1, {"action": "select_own", "die": 2}, {"action": "fight"})
    assert state["current"] == 0 and state["black"] == [2]


def test_tro_9_4_dice_chosen_by_a_defender_who_gives_up_are_not_the_next_defenders():
    """The dice chosen for a fight belong to that defender's one decision:
    giving up drops them, and the next defender starts with none chosen."""
    state = _defence([(0, C.WHITE, 6), (0, C.WHITE, 1), (1, C.WHITE, 1)], [6, 1])
    state = play(state, 0, {"action": "select_own", "die": 1}, {"action": "turn", "die": 0})
    assert state["fight"]["own"] == [1]
    state = play(state, 0, {"action": "concede"})
    assert state["current"] == 1 and state["fight"] == {"black": [0], "own": []}
    assert ENGINE.view(state, 1)["fight"]["own"] == []


def test_tro_t4_influence_capped_at_20():
    state = _defence([(0, C.RED, 6), (1, C.WHITE, 1)], [3, 2])
    state["ip"][0] = 19
    state = play(
        state,
        0,
        {"action": "select_own", "die": 0},
        {"action": "select_black", "index": 1},
        {"action": "fight"},
    )
    assert state["ip"][0] == 20


def test_tro_9_9_influence_before_a_fight_and_concede_when_it_goes_wrong():
    state = _defence([(0, C.WHITE, 6), (0, C.WHITE, 1), (1, C.WHITE, 1)], [6])
    state = play(state, 0, {"action": "turn", "die": 0})  # the 6 becomes a 1
    # The 1 could still be turned free into a 6: the defender chooses.
    assert state["ip"][0] == 0 and state["turning"] == {"left": 2, "dice": [0]}
    assert {"action": "concede"} in ENGINE.legal_moves(state, 0)
    state = play(state, 0, {"action": "concede"})
    assert state["black"] == []


def test_tro_9_9_op10_a_die_that_influence_could_save_is_not_failed_without_asking():
    """A white 1 against a black 6 with 4 influence: turned over, the 1 is a
    6 (TRO-E3), which beats the 6 (TRO-OP8). The defender is asked first."""
    state = _defence([(0, C.WHITE, 1), (1, C.WHITE, 1)], [6])
    state["ip"][0], state["vp"][0] = 4, 5
    F._settle_defence(state, [])
    assert (state["phase"], state["current"], state["black"], state["vp"][0]) == (
        "defence",
        0,
        [6],
        5,
    )
    assert {"action": "turn", "die": 0} in ENGINE.legal_moves(state, 0)
    state = play(
        state,
        0,
        {"action": "turn", "die": 0},
        {"action": "select_own", "die": 0},
        {"action": "fight"},
    )
    # 4 influence spent, 1 gained for the black die beaten (TRO-9.8); no loss.
    assert state["ip"][0] == 1 and state["vp"][0] == 5 and state["black"] == []


def test_tro_9_9_one_influence_is_a_reroll_that_may_still_show_a_6():
    state = _defence([(0, C.YELLOW, 5), (1, C.WHITE, 1)], [6])
    state["ip"][0] = 1
    F._settle_defence(state, [])
    assert state["phase"] == "defence" and state["black"] == [6]
    assert {"action": "reroll", "die": 0} in ENGINE.legal_moves(state, 0)
    assert {"action": "concede"} in ENGINE.legal_moves(state, 0)


@pytest.mark.parametrize(
    ("dice", "ip", "free_turns"),
    [
        ([(0, C.YELLOW, 5)], 0, 0),  # no influence: the 5 stays a 5
        ([(0, C.WHITE, 2)], 0, 2),  # a turn-over still free makes the 2 a 5 only
        ([], 20, 0),  # no die of one's own: influence changes nothing
    ],
)
def test_tro_op10_failed_without_asking_only_when_nothing_could_beat(dice, ip, free_turns):
    state = _defence([*dice, (1, C.WHITE, 1)], [6])
    state["ip"][0], state["vp"][0] = ip, 5
    state["turning"] = {"left": free_turns, "dice": []} if free_turns else None
    log = []
    F._settle_defence(state, log)
    assert state["vp"][0] == 3 and state["black"] == []
    assert log[0]["text"] == "{p0} cannot beat the black 6 and loses 2 victory points."


def test_tro_9_9_a_free_turn_over_still_to_come_counts():
    """Turning over is paid once for up to three dice (TRO-10.5): with no
    influence left but a free turn to come, a white 1 could still be a 6."""
    state = _defence([(0, C.WHITE, 1), (1, C.WHITE, 1)], [6])
    state["ip"][0] = 0
    state["turning"] = {"left": 1, "dice": []}
    F._settle_defence(state, [])
    assert state["phase"] == "defence" and state["black"] == [6]


def test_tro_9_9_spending_influence_in_vain_fails_the_die_at_once():
    """A yellow 2 against a 6 with 4 influence: turned over it shows 5, no
    influence is left and no other die could be turned: failed, -2 VP."""
    state = _defence([(0, C.YELLOW, 2), (1, C.WHITE, 1)], [6])
    state["ip"][0], state["vp"][0] = 4, 5
    F._settle_defence(state, [])
    assert state["phase"] == "defence"
    state = play(state, 0, {"action": "turn", "die": 0})
    assert state["vp"][0] == 3 and state["black"] == [] and state["ip"][0] == 0
    assert texts(state)[-1] == "{p0} cannot beat the black 6 and loses 2 victory points."
    assert state["turning"] is None  # the free turns do not pass to anyone


def test_defence_timeout_fights_with_the_fewest_dice():
    state = _defence([(0, C.WHITE, 2), (0, C.RED, 3), (0, C.WHITE, 6), (1, C.RED, 1)], [6])
    state = play(state, 0, {"action": "select_own", "die": 0})
    moves = []
    while state["phase"] == "defence":
        move = ENGINE.timeout_move(state, 0)
        moves.append(move)
        state = ENGINE.apply(state, 0, move)
    assert moves[0] == {"action": "select_own", "die": 0}  # the 2 is taken back
    assert moves[-1] == {"action": "fight"}
    # The red 3 (counting 6) fought; the white 2 and 6 are left.
    assert [d["id"] for d in state["dice"] if d["owner"] == 0] == [0, 2]


def test_defence_refuses_a_fight_that_does_not_beat():
    state = _defence([(0, C.WHITE, 2), (0, C.WHITE, 6), (1, C.RED, 1)], [6])
    state = play(state, 0, {"action": "select_own", "die": 0})
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"action": "fight"})


def test_tro_op10_no_buying_dice_against_black_dice():
    state = _defence([(0, C.RED, 2), (1, C.RED, 6), (C.NEUTRAL, C.RED, 6)], [3])
    chosen = [m["die"] for m in ENGINE.legal_moves(state, 0) if m["action"] == "select_own"]
    assert chosen == [0]
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"action": "select_own", "die": 1})
