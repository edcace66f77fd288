"""The action phase (TRO-10 to TRO-17): groups of dice, bought dice,
influence, the five actions, passing and the end of the round; one decision
built of small moves, with undo before confirming (section 23)."""

from __future__ import annotations

import pytest

from games.engine import IllegalMove
from games.troyes.rules import ENGINE
from games.troyes.rules import cards as C
from games.troyes.rules import table as T

from .helpers import play, ready, texts

R, W, Y = C.RED, C.WHITE, C.YELLOW


def moves_of(state, action, seat=0):
    return [m for m in ENGINE.legal_moves(state, seat) if m["action"] == action]


def add(*ids):
    return [{"action": "add_die", "die": i} for i in ids]


CONFIRM = {"action": "confirm"}


def test_tro_10_1_one_colour_one_to_three_dice():
    state = ready([(0, W, 1), (0, W, 2), (0, W, 3), (0, W, 4), (0, R, 5)])
    state = play(state, 0, {"action": "choose", "kind": "cathedral"})
    assert [m["die"] for m in moves_of(state, "add_die")] == [0, 1, 2, 3]
    state = play(state, 0, *add(0, 1, 2))
    assert moves_of(state, "add_die") == []  # at most 3
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"action": "add_die", "die": 4})


def test_tro_t1_bought_dice_cost_2_per_die_in_the_action():
    state = ready([(0, Y, 6), (1, Y, 5), (1, Y, 4), (C.NEUTRAL, Y, 3)])
    state = play(state, 0, {"action": "choose", "kind": "agriculture"}, *add(0, 1), CONFIRM)
    assert state["deniers"][0] == 20 - 4 + 5  # 11 pips: 5 deniers
    assert state["deniers"][1] == 24
    state = ready([(0, Y, 6), (1, Y, 5), (C.NEUTRAL, Y, 4), (1, R, 1)])
    state = play(state, 0, {"action": "choose", "kind": "agriculture"}, *add(0, 1, 2), CONFIRM)
    # Two bought in a three-dice action: 6 each, the neutral's to the bank.
    assert state["deniers"][0] == 20 - 12 + 7
    assert state["deniers"][1] == 26
    assert "6 deniers to {p1}, 6 deniers to the bank" in texts(state)[0]


def test_tro_op13_the_buyer_must_afford_every_die():
    state = ready([(1, Y, 5), (1, Y, 4)])
    state["deniers"][0] = 5
    state = play(state, 0, {"action": "choose", "kind": "agriculture"}, *add(0))
    assert moves_of(state, "add_die") == []  # two bought dice would cost 8


def test_tro_10_5_influence_reroll_recruit_and_turn_over_own_dice_only():
    state = ready([(0, R, 1), (0, R, 2), (0, R, 3), (1, R, 4)])
    assert [m["die"] for m in moves_of(state, "reroll")] == [0, 1, 2]
    state = play(state, 0, {"action": "reroll", "die": 0})
    assert state["ip"][0] == 9
    owned = state["owned"][0]
    state = play(state, 0, {"action": "recruit"})
    assert state["ip"][0] == 7 and state["supply"][0] == 3 and state["owned"][0] == owned + 1
    # TRO-E3: turning a 1 gives a 6; 4 influence for up to three dice.
    state = ready([(0, R, 1), (0, R, 2), (0, R, 3), (0, R, 4)])
    state = play(state, 0, {"action": "turn", "die": 0}, {"action": "turn", "die": 1})
    state = play(state, 0, {"action": "turn", "die": 2})
    assert [d["value"] for d in state["dice"]] == [6, 5, 4, 4]
    assert state["ip"][0] == 6
    # The fourth die would be a new turn-over at 4 more influence.
    state = play(state, 0, {"action": "turn", "die": 3})
    assert state["ip"][0] == 2


def test_a_free_turn_over_ends_with_any_other_move():
    state = ready([(0, R, 1), (0, R, 2)])
    state = play(state, 0, {"action": "turn", "die": 0}, {"action": "reroll", "die": 0})
    assert state["turning"] is None
    state = play(state, 0, {"action": "turn", "die": 1})
    assert state["ip"][0] == 10 - 4 - 1 - 4


def test_tro_e1_effectiveness_is_pips_over_the_divisor():
    # Watchman: red ÷ 3, 3 deniers a use. 12 pips: 4 uses, 12 deniers.
    state = ready([(0, R, 6), (0, R, 4), (0, R, 2), (1, Y, 1)], red_2="watchman")
    state = play(
        state,
        0,
        {"action": "choose", "kind": "card", "card": "watchman"},
        {"action": "supervisor", "source": "hire"},
        *add(0, 1, 2),
        CONFIRM,
    )
    assert state["deniers"][0] == 20 - 4 + 12
    assert state["supervisors"]["watchman"] == [0]
    assert state["supply"][0] == 1


def test_tro_e2_delayed_cards_give_markers():
    # Blacksmith: yellow ÷ 3, delayed. 13 pips: 4 markers (rounded down).
    state = ready([(0, Y, 6), (0, Y, 4), (0, Y, 3)], yellow_2="blacksmith")
    state = play(
        state,
        0,
        {"action": "choose", "kind": "card", "card": "blacksmith"},
        {"action": "supervisor", "source": "hire"},
        *add(0, 1, 2),
        CONFIRM,
    )
    assert state["markers"]["blacksmith"] == [4, 0]


def test_tro_op16_a_card_must_be_used_at_least_once():
    state = ready([(0, R, 2), (0, R, 5)], red_2="watchman")
    state = play(
        state,
        0,
        {"action": "choose", "kind": "card", "card": "watchman"},
        {"action": "supervisor", "source": "hire"},
        *add(0),
    )
    assert CONFIRM not in ENGINE.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="used at least once"):
        ENGINE.apply(state, 0, CONFIRM)


def test_tro_11_3_to_11_6_supervisors_hired_moved_and_one_per_card():
    state = ready([(0, R, 6), (0, R, 6), (1, R, 6), (0, R, 6)], red_2="watchman")
    state["supervisors"] = {"watchman": [1]}
    state["supply"][0] = 0
    choose = {"action": "choose", "kind": "card", "card": "watchman"}
    state = play(state, 0, choose)
    sources = [m["source"] for m in moves_of(state, "supervisor")]
    # No citizen in supply: hire one of the board's, never from nowhere.
    assert "hire" not in sources and set(sources) <= set(C.COLOURS) and sources
    colour = sources[0]
    standing = T.standing(state, colour, 0)
    state = play(state, 0, {"action": "supervisor", "source": colour}, *add(0), CONFIRM)
    assert T.standing(state, colour, 0) == standing - 1
    assert state["supervisors"]["watchman"] == [1, 0]  # TRO-11.5: next position
    assert state["deniers"][0] == 20 - 4 + 6
    # Already there: no supervisor to choose (TRO-11.4).
    state = play(state, 1, {"action": "pass"}) if state["current"] == 1 else state
    state["current"] = 0
    state = play(state, 0, choose)
    assert moves_of(state, "supervisor") == [] and moves_of(state, "add_die")
    state = play(state, 0, {"action": "cancel"})
    # Moving to another card is free, and those behind move up (TRO-11.6).
    state["supervisors"]["watchman"] = [0, 1]
    state["activity"][R][0] = "diplomat"
    state = play(
        state,
        0,
        {"action": "choose", "kind": "card", "card": "diplomat"},
        {"action": "supervisor", "source": "watchman"},
        *add(1),
        CONFIRM,
    )
    assert state["supervisors"] == {"watchman": [1], "diplomat": [0]}
    assert state["deniers"][0] == 22


@pytest.mark.parametrize("deniers", [2, 3, 4, 5])
def test_tro_11_3_every_way_to_staff_a_card_counts_more_money_removes_no_choice(deniers):
    """The Merchant (hire 3 deniers) with only the neutral district's yellow 6
    to buy (2 deniers, TRO-10.4). Moving the supervisor from the Diplomat is
    free: 2 deniers start the card; hiring one from the supply costs 3 + 2 = 5.
    With 3 or 4 deniers the move is still there (it once was not)."""
    state = ready([(C.NEUTRAL, Y, 6), (1, R, 1)], yellow_1="merchant", red_1="diplomat")
    state["supervisors"] = {"diplomat": [0]}
    state["deniers"][0] = deniers
    choose = {"action": "choose", "kind": "card", "card": "merchant"}
    assert choose in moves_of(state, "choose")
    state = play(state, 0, choose)
    sources = [m["source"] for m in moves_of(state, "supervisor")]
    assert "diplomat" in sources
    state = play(state, 0, {"action": "supervisor", "source": "diplomat"}, *add(0), CONFIRM)
    # 6 pips ÷ 2: 3 uses of 2 deniers, after 2 paid to the bank for the die.
    assert state["deniers"][0] == deniers - 2 + 6
    assert state["supervisors"] == {"diplomat": [], "merchant": [0]}


def test_tro_11_3_a_staffing_that_leads_nowhere_is_not_offered():
    """With 4 deniers, hiring for the Merchant (3) leaves 1, too little for
    the only die (2): only the free move from the Diplomat is listed."""
    state = ready([(C.NEUTRAL, Y, 6), (1, R, 1)], yellow_1="merchant", red_1="diplomat")
    state["supervisors"] = {"diplomat": [0]}
    state["deniers"][0] = 4
    state = play(state, 0, {"action": "choose", "kind": "card", "card": "merchant"})
    assert [m["source"] for m in moves_of(state, "supervisor")] == ["diplomat"]


def test_tro_t2_cathedral_columns_levels_points_and_influence():
    state = ready([(0, W, 2), (0, W, 5), (1, W, 1)])
    state = play(state, 0, {"action": "choose", "kind": "cathedral"}, *add(0, 1), CONFIRM)
    assert state["cathedral"][1] == [0] and state["cathedral"][4] == [0]
    assert state["vp"][0] == 2 and state["ip"][0] == 13


def test_tro_op20_a_full_column_takes_no_more_dice():
    state = ready([(0, W, 3), (0, W, 3), (0, W, 4)])
    state["cathedral"][2] = [1, 1]
    state = play(state, 0, {"action": "choose", "kind": "cathedral"}, *add(0))
    assert [m["die"] for m in moves_of(state, "add_die")] == [2]


def test_tro_13_fighting_an_event_places_markers_and_defeat_rewards():
    # Siege: red ÷ 4, 4 flags, rewards 4/2.
    state = ready([(0, R, 6), (0, R, 6), (0, R, 5), (1, Y, 1)])
    state["events"] = [{"id": "siege", "marks": [1]}]
    state = play(
        state, 0, {"action": "choose", "kind": "event", "event": "siege"}, *add(0, 1, 2), CONFIRM
    )
    # 17 pips: 4 markers, 3 free spaces: the fourth is lost (TRO-OP21a).
    assert state["events"] == []
    assert state["won"][0] == ["siege"]
    assert state["vp"][0] == 4 and state["vp"][1] == 2
    assert state["event_markers"][0] == 3


@pytest.mark.parametrize(
    ("marks", "vp", "winner"),
    [
        ([0, 0, 1, 1], [3, 3], 0),  # tie for first: 4 + 2 shared, first placer wins the card
        ([1, 0, 0, 0], [4, 2], 0),
        ([0, 0, 0, 0], [6, 0], 0),  # all markers: both rewards
    ],
)
def test_tro_13_3_op21_rewards_and_ties(marks, vp, winner):
    from games.troyes.rules import flow as F

    state = ready([(0, R, 1)])
    state["events"] = [{"id": "siege", "marks": marks}]
    F._defeat(state, state["events"][0], [])
    assert state["vp"] == vp
    assert state["won"][winner] == ["siege"]


def test_tro_13_4_looting_stays_when_defeated():
    state = ready([(0, R, 6), (0, R, 6), (0, R, 6), (1, Y, 1)])
    state = play(
        state,
        0,
        {"action": "choose", "kind": "event", "event": "looting"},
        *add(0, 1, 2),
        CONFIRM,
    )
    assert state["events"] == [{"id": "looting", "marks": []}]
    assert state["won"][0] == [] and state["vp"][0] == 4


def test_tro_e4_and_14_3_placing_in_the_palace_expels():
    state = ready([(0, R, 4), (1, R, 4)])
    state["buildings"][R][3] = [1]
    state = play(state, 0, {"action": "choose", "kind": "citizen", "building": R}, *add(0), CONFIRM)
    assert state["buildings"][R][3] == [0]
    assert state["lying"][R] == [1]
    assert state["supply"][0] == 1
    # TRO-14.3 item 3: seat 1 lies on the Palace, its citizens cannot be pushed out again.
    state["buildings"][R][4] = [1]
    state["current"] = 0
    state["dice"] = [{"id": 0, "owner": 0, "colour": R, "value": 5}]
    assert {"action": "choose", "kind": "citizen", "building": R} not in moves_of(state, "choose")
    # Space 6 may still be taken from a seat that lies nowhere.
    state["buildings"][R][5] = [C.NEUTRAL]
    state["dice"][0]["value"] = 6
    assert {"action": "choose", "kind": "citizen", "building": R} in moves_of(state, "choose")


def test_tro_14_3_rows_shift_right_and_push_off_the_end():
    state = ready([(0, W, 1), (1, W, 2)])
    state["buildings"][W][0] = [1, C.NEUTRAL]
    state = play(state, 0, {"action": "choose", "kind": "citizen", "building": W}, *add(0), CONFIRM)
    assert state["buildings"][W][0] == [0, 1]
    assert state["lying"][W] == [C.NEUTRAL]
    state = ready([(0, Y, 5)])
    state["buildings"][Y][1] = [1, None, 1]
    state = play(state, 0, {"action": "choose", "kind": "citizen", "building": Y}, *add(0), CONFIRM)
    assert state["buildings"][Y][1] == [0, 1, 1]  # the gap closes, nobody leaves


def test_tro_14_2_placing_needs_a_citizen_in_supply():
    state = ready([(0, Y, 5)])
    state["supply"][0] = 0
    chooses = moves_of(state, "choose")
    assert not any(m["kind"] == "citizen" for m in chooses)
    state = play(state, 0, {"action": "recruit"})
    assert any(m["kind"] == "citizen" for m in moves_of(state, "choose"))


def test_tro_t5_agriculture():
    state = ready([(0, Y, 6), (0, Y, 3), (0, Y, 2), (1, Y, 1)])
    state = play(state, 0, {"action": "choose", "kind": "agriculture"}, *add(0, 1, 2), CONFIRM)
    assert state["deniers"][0] == 25


def test_tro_16_pass_deniers_and_one_more_each_time_round():
    state = ready([(0, Y, 6), (1, Y, 3), (1, Y, 2), (1, Y, 1)])
    state["round"] = 4  # the last with 2 players: nothing comes after the round
    state = play(state, 0, {"action": "pass"})
    assert state["square_deniers"][0] == 2 and state["current"] == 1
    state = play(state, 1, {"action": "choose", "kind": "agriculture"}, *add(1), CONFIRM)
    assert state["current"] == 1  # seat 0 passed: skipped, +1 denier
    assert state["square_deniers"][0] == 3
    state = play(state, 1, {"action": "pass"})
    # All passed: the round ends and the deniers are collected (TRO-OP23):
    # 20 + 3 for seat 0; 20 + 1 (a yellow 3 farmed) + 2 for seat 1.
    assert state["phase"] == "over" and state["deniers"] == [23, 23]


def test_tro_op23_passing_without_dice_gives_nothing():
    state = ready([(1, Y, 3)])
    state = play(state, 0, {"action": "pass"})
    assert state["square_deniers"][0] == 0


def test_tro_17_end_of_round_lying_citizens_return_and_the_start_passes_left():
    state = ready([(0, R, 4)])
    state["lying"][R] = [1, C.NEUTRAL]
    state["grey_box"] -= 1
    supply = state["supply"][1]
    start = state["start"]
    state = play(state, 0, {"action": "pass"})
    state = play(state, 1, {"action": "pass"})
    assert state["round"] == 4
    assert state["supply"][1] == supply + 1
    assert state["start"] == 1 - start
    assert T.citizens_on_board(state, C.NEUTRAL) + state["grey_box"] == 8
    assert all(lying == [] for lying in state["lying"].values())


def test_tro_17_1_no_dice_left_ends_the_round():
    state = ready([(0, Y, 4)])
    state = play(state, 0, {"action": "choose", "kind": "agriculture"}, *add(0), CONFIRM)
    assert state["round"] == 4


def test_undo_before_confirming_changes_nothing_shared():
    state = ready([(0, Y, 4), (1, Y, 5)])
    before = T.copy_state(state)
    after = play(state, 0, {"action": "choose", "kind": "agriculture"}, *add(0, 1))
    after = play(after, 0, {"action": "remove_die", "die": 1}, {"action": "cancel"})
    for key in ("dice", "deniers", "ip", "vp", "current", "phase"):
        assert after[key] == before[key]
    assert after["build"] is None
    with pytest.raises(IllegalMove, match="Cancel"):
        ENGINE.apply(
            play(state, 0, {"action": "choose", "kind": "agriculture"}), 0, {"action": "pass"}
        )


def test_the_action_timeout_cancels_then_passes_under_one_prompt():
    state = ready([(0, Y, 4)])
    state = play(state, 0, {"action": "choose", "kind": "agriculture"}, *add(0))
    prompt = ENGINE.prompt(state)
    assert ENGINE.timeout_move(state, 0) == {"action": "cancel"}
    state = ENGINE.apply(state, 0, {"action": "cancel"})
    assert ENGINE.prompt(state) == prompt
    assert ENGINE.timeout_move(state, 0) == {"action": "pass"}


def test_wrong_seat_and_unknown_moves_are_refused():
    state = ready([(0, Y, 4)])
    with pytest.raises(IllegalMove, match="not your turn"):
        ENGINE.apply(state, 1, {"action": "pass"})
    with pytest.raises(IllegalMove, match="Unknown"):
        ENGINE.apply(state, 0, {"action": "dance"})
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"action": "reroll", "die": 99})
