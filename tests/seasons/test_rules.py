"""The rules of the Prelude and the Duel, rule by rule (SEA-3 to SEA-10) and
the spec's worked examples (SEA-E1 to E8, SEA-T1 to T3)."""

from __future__ import annotations

import pytest

from games.engine import IllegalMove
from games.seasons.rules import ENGINE
from games.seasons.rules.data import AIR, EARTH, FIRE, WATER
from games.seasons.rules.engine import ranks, score_sheet

from .helpers import act, actions, cid, crystals, duel, energy, everything, hand, moves, run


def prelude(players, level, seed=3):
    return ENGINE.setup(players, {"level": level}, seed)


def draft_all(state):
    while state["phase"] == "draft":
        for seat in ENGINE.to_act(state):
            state = act(state, seat, ENGINE.timeout_move(state, seat))
    return state


def sets_all(state):
    while state["phase"] == "sets":
        seat = ENGINE.to_act(state)[0]
        state = act(state, seat, ENGINE.timeout_move(state, seat))
    return state


# -- levels and decks (SEA-3) --------------------------------------------------------


@pytest.mark.parametrize("level, size", [("wizard", 60), ("archmage", 100), ("apprentice", 60)])
def test_sea_op3_the_deck_holds_both_copies_of_the_levels_cards(level, size):
    s = prelude(3, level)
    assert len(everything(s)) == size
    top = 50 if level == "archmage" else 30
    assert max(everything(s)) // 2 + 1 == top


# SEA-3.3: the four ready-made sets of the Apprentice level, as printed.
READY_SETS = (
    (1, 2, 7, 17, 18, 20, 26, 29, 30),
    (3, 5, 9, 14, 15, 21, 23, 25, 28),
    (4, 6, 7, 9, 12, 16, 22, 24, 30),
    (1, 2, 3, 11, 13, 15, 18, 25, 27),
)


def test_sea_e8_the_four_ready_made_sets_fit_in_two_copies():
    counts = {}
    for ready in READY_SETS:
        for num in ready:
            counts[num] = counts.get(num, 0) + 1
    assert max(counts.values()) == 2


def test_sea_3_3_op6_apprentice_deals_distinct_ready_made_sets_and_skips_the_draft():
    s = prelude(4, "apprentice")
    assert s["phase"] == "sets"
    dealt = sorted(tuple(sorted(c // 2 + 1 for c in p["picked"])) for p in s["p"])
    assert dealt == sorted(READY_SETS)


def test_sea_3_2_level_option_is_checked():
    from games.engine import InvalidOptions

    with pytest.raises(InvalidOptions):
        ENGINE.setup(2, {"level": "grandmaster"}, 1)
    assert ENGINE.clean_options({}) == {"level": "apprentice"}


# -- the Prelude (SEA-4) -------------------------------------------------------------


def test_sea_4_1_op4_everyone_picks_at_once_and_packets_pass_left():
    s = prelude(3, "wizard")
    assert ENGINE.to_act(s) == [0, 1, 2]
    packets = [list(p["packet"]) for p in s["p"]]
    s = act(s, 0, {"action": "pick", "card": packets[0][0]})
    assert ENGINE.to_act(s) == [1, 2]  # packets wait for everyone
    s = act(s, 1, moves(s, 1)[0])
    s = act(s, 2, moves(s, 2)[0])
    assert len(s["p"][1]["packet"]) == 8
    assert set(s["p"][1]["packet"]) < set(packets[0])  # seat 0's packet went left to seat 1


def test_sea_op4_nine_picks_the_last_one_automatic():
    s = prelude(2, "archmage")
    picks = 0
    while s["phase"] == "draft":
        for seat in ENGINE.to_act(s):
            s = act(s, seat, moves(s, seat)[0])
            picks += 1
    assert picks == 2 * 8
    assert all(len(p["picked"]) == 9 for p in s["p"])


def test_sea_4_2_op5_three_sets_of_three_year_one_in_hand():
    s = draft_all(prelude(2, "wizard"))
    assert s["phase"] == "sets" and ENGINE.to_act(s) == [0, 1]
    picked = list(s["p"][0]["picked"])
    for i, c in enumerate(picked):
        s = act(s, 0, {"action": "assign", "card": c, "year": 3 - i // 3})
    assert actions(s, 0) == {"confirm", "clear"}
    s = act(s, 0, {"action": "confirm"})
    s = sets_all(s)
    assert s["phase"] == "duel"
    assert sorted(s["p"][0]["hand"]) == sorted(picked[6:])
    assert [sorted(y) for y in s["p"][0]["years"]] == [sorted(picked[3:6]), sorted(picked[:3])]


def test_sea_op5_a_year_takes_at_most_three_cards():
    s = draft_all(prelude(2, "wizard"))
    picked = s["p"][0]["picked"]
    for c in picked[:3]:
        s = act(s, 0, {"action": "assign", "card": c, "year": 1})
    assert not any(m.get("year") == 1 for m in moves(s, 0))
    with pytest.raises(IllegalMove):
        act(s, 0, {"action": "assign", "card": picked[3], "year": 1})


def test_sea_op1_the_duel_starts_empty_in_winter_of_year_1():
    s = sets_all(prelude(3, "apprentice"))
    assert (s["month"], s["year"]) == (1, 1)
    for p in s["p"]:
        assert (p["crystals"], p["gauge"], p["energy"], p["bonuses"]) == (0, 0, [0] * 4, 0)


# -- dice (SEA-5) --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sea_5_3_e2_one_more_die_than_players_one_left_over(players):
    s = sets_all(prelude(players, "apprentice"))
    assert len(s["dice"]) == players + 1
    while s["queue"][0]["k"] == "die":
        seat = ENGINE.to_act(s)[0]
        s = act(s, seat, moves(s, seat)[0])
    assert sum(d["by"] is None for d in s["dice"]) == 1


def test_sea_op7_every_die_is_chosen_in_turn_order_before_the_turns():
    s = sets_all(prelude(3, "apprentice"))
    first = s["first"]
    order = []
    while s["queue"][0]["k"] == "die":
        order.append(ENGINE.to_act(s)[0])
        s = act(s, order[-1], moves(s, order[-1])[0])
    assert order == [first, (first + 1) % 3, (first + 2) % 3]
    assert s["queue"][0]["k"] == "main" and ENGINE.to_act(s) == [first]


def test_timeout_takes_the_die_worth_least():
    """The timeout's choice of die: 2 per energy or symbol, 1 per crystal. Of
    winter's 6 crystals (worth 6), 2 water and a star (6) and a lone card
    symbol (2), it takes the card."""
    s = duel(3)
    s["dice"] = [
        {"die": 3, "face": 4, "by": None},  # 6 crystals
        {"die": 1, "face": 0, "by": None},  # 2 water, star
        {"die": 1, "face": 3, "by": None},  # card
    ]
    s["queue"] = [{"k": "die", "seat": 0}]
    assert ENGINE.timeout_move(s, 0) == {"action": "take_die", "die": 2}


# -- the die (SEA-6) -----------------------------------------------------------------


def test_sea_6_4_op9_energy_and_crystals_of_the_die_come_at_once():
    s = duel(face={"energy": (WATER, WATER), "crystals": 3})
    s["queue"] = [{"k": "die_gain", "who": 0}, {"k": "main", "seat": 0}]
    s = run(s)
    assert energy(s, 0) == [0, 2, 0, 0] and crystals(s, 0) == 3


def test_sea_t1_seven_tokens_and_two_more_give_two_back_before_anything_else():
    s = duel(energy=[[0, 0, 0, 7]], face={"energy": (WATER, WATER), "star": True})
    s["queue"] = [{"k": "die_gain", "who": 0}, {"k": "main", "seat": 0}]
    s = run(s)
    assert s["queue"][0] == {"k": "overflow", "seat": 0}
    assert actions(s, 0) == {"return"}
    assert ENGINE.timeout_move(s, 0) == {"action": "return", "element": WATER}  # 1 in winter
    s = act(s, 0, {"action": "return", "element": EARTH})
    s = act(s, 0, {"action": "return", "element": WATER})
    assert sum(energy(s, 0)) == 7 and s["queue"][0]["k"] == "main"


def test_sea_6_5_star_raises_the_gauge_once():
    s = act(duel(face={"star": True}, gauge=[0]), 0, {"action": "star"})
    assert s["p"][0]["gauge"] == 1 and "star" not in actions(s, 0)


def test_sea_op2_gauge_stops_at_15():
    s = duel(face={"star": True}, gauge=[15])
    assert "star" not in actions(s, 0)


def test_sea_6_6_card_symbol_draws_one_to_keep_or_discard():
    s = act(duel(face={"card": True}, deck_top=[22]), 0, {"action": "draw"})
    assert actions(s, 0) == {"keep", "discard"}
    assert hand(act(s, 0, {"action": "keep", "card": cid(22)}), 0) == [22]
    assert act(s, 0, {"action": "discard"})["discard"] == [cid(22)]


@pytest.mark.parametrize(
    "month, element, crystals_per_token",
    [(1, EARTH, 3), (1, AIR, 1), (4, FIRE, 3), (7, AIR, 3), (10, WATER, 3), (12, EARTH, 2)],
)
def test_sea_1_3_6_7_transmutation_follows_the_seasons_chart(month, element, crystals_per_token):
    start = [0, 0, 0, 0]
    start[element] = 1
    s = duel(month=month, energy=[start], face={"transmute": True})
    s = act(s, 0, {"action": "transmute", "element": element})
    assert crystals(s, 0) == crystals_per_token


def test_sea_op12_no_transmuting_without_the_symbol():
    s = duel(energy=[[1, 1, 1, 1]])
    assert "transmute" not in actions(s, 0)


def test_sea_op3_an_empty_pile_is_refilled_from_the_discards():
    s = duel(face={"card": True})
    s["discard"], s["deck"] = s["deck"], []
    s = act(s, 0, {"action": "draw"})
    assert len(s["deck"]) == 99 and s["discard"] == [] and s["queue"][0]["k"] == "keep"


# -- cards (SEA-7) -------------------------------------------------------------------


def test_sea_7_1_e1_a_second_card_needs_a_gauge_of_2():
    s = duel(hands=[[3]], play=[[1]], energy=[[0, 0, 0, 2]], gauge=[1])
    assert "summon" not in actions(s, 0)
    s = duel(hands=[[3]], play=[[1]], energy=[[0, 0, 0, 2]], gauge=[2])
    assert "summon" in actions(s, 0)


def test_sea_7_1_cost_must_be_paid():
    s = duel(hands=[[3]], energy=[[0, 0, 0, 1]])
    assert "summon" not in actions(s, 0)
    with pytest.raises(IllegalMove):
        act(s, 0, {"action": "summon", "card": cid(3)})


def test_sea_7_2_a_second_copy_can_be_summoned_and_both_count():
    s = duel(hands=[[3, 3]], energy=[[0, 0, 0, 4]])
    s = act(s, 0, {"action": "summon", "card": cid(3)})
    s = act(s, 0, {"action": "summon", "card": cid(3, 1)})
    assert crystals(s, 0) == 18


def test_sea_7_5_an_activation_once_a_round_ready_again_next_round():
    s = duel(play=[[43]])
    s = act(s, 0, {"action": "activate", "card": cid(43)})
    assert "activate" not in actions(s, 0)
    s = run(act(s, 0, {"action": "end_turn"}))
    assert not s["p"][0]["play"][0]["tapped"]


# -- bonuses (SEA-8) -----------------------------------------------------------------


def test_sea_e3_bonus_2_earth_in_winter_gives_4():
    s = act(duel(energy=[[0, 0, 0, 1]]), 0, {"action": "bonus", "bonus": 2})
    s = act(s, 0, {"action": "transmute", "element": EARTH})
    assert crystals(s, 0) == 4


def test_sea_8_2_bonus_1_exchanges_two_tokens():
    s = act(duel(energy=[[2, 0, 0, 0]]), 0, {"action": "bonus", "bonus": 1})
    s = act(s, 0, {"action": "give_back", "element": AIR})
    s = act(s, 0, {"action": "give_back", "element": AIR})
    s = act(s, 0, {"action": "take", "element": FIRE})
    s = act(s, 0, {"action": "take", "element": EARTH})
    assert energy(s, 0) == [0, 0, 1, 1]


def test_sea_8_2_bonus_3_gauge_and_op14_bonus_4_needs_the_card_die():
    s = act(duel(gauge=[0]), 0, {"action": "bonus", "bonus": 3})
    assert s["p"][0]["gauge"] == 1
    assert {"action": "bonus", "bonus": 4} not in moves(s, 0)
    s = act(duel(face={"card": True}, deck_top=[1, 2]), 0, {"action": "bonus", "bonus": 4})
    assert [m["card"] for m in moves(s, 0)] == [cid(1), cid(2)]
    s = act(s, 0, {"action": "keep", "card": cid(2)})
    assert hand(s, 0) == [2] and "draw" not in actions(s, 0)


def test_sea_8_2_a_bonus_exchange_may_be_cancelled_and_undoes_what_it_changed():
    s = act(duel(energy=[[2, 0, 0, 0]]), 0, {"action": "bonus", "bonus": 1})
    assert {"action": "cancel"} in moves(s, 0)
    assert ENGINE.listed(s, 0, {"action": "cancel"}).label == "Cancel this bonus"
    s = act(s, 0, {"action": "give_back", "element": AIR})
    s = act(s, 0, {"action": "give_back", "element": AIR})
    s = act(s, 0, {"action": "take", "element": EARTH})
    assert ENGINE.timeout_move(s, 0) == {"action": "cancel"}
    s = act(s, 0, {"action": "cancel"})
    assert energy(s, 0) == [2, 0, 0, 0] and s["p"][0]["bonuses"] == 0
    assert s["queue"][0]["k"] == "main" and {"action": "bonus", "bonus": 1} in moves(s, 0)


@pytest.mark.parametrize("bonus", [2, 3])
def test_sea_8_2_a_transmute_or_gauge_bonus_may_be_cancelled_before_the_next_move(bonus):
    s = duel(gauge=[4], energy=[[0, 0, 0, 1]], face={"star": True, "transmute": False})
    s = act(s, 0, {"action": "bonus", "bonus": bonus})
    s = act(s, 0, {"action": "cancel"})
    assert s["p"][0]["bonuses"] == 0 and s["p"][0]["gauge"] == 4
    assert not s["turn"]["bonus2"] and "transmute" not in actions(s, 0)
    s = act(act(s, 0, {"action": "bonus", "bonus": bonus}), 0, {"action": "star"})
    assert "cancel" not in actions(s, 0) and s["p"][0]["bonuses"] == 1


def test_sea_8_2_the_draw_bonus_cannot_be_cancelled_once_the_cards_are_seen():
    s = act(duel(face={"card": True}, deck_top=[1, 2]), 0, {"action": "bonus", "bonus": 4})
    assert "cancel" not in actions(s, 0)


def test_sea_8_1_at_most_three_bonuses():
    s = duel()
    for _ in range(3):
        s = act(s, 0, {"action": "bonus", "bonus": 3})
    assert "bonus" not in actions(s, 0)


def test_sea_e6_bonus_penalties_5_12_20():
    s = duel()
    for used, penalty in [(1, -5), (2, -12), (3, -20)]:
        s["p"][0]["bonuses"] = used
        assert score_sheet(s)[0]["bonuses"] == penalty


# -- end of round (SEA-9) ------------------------------------------------------------


def test_sea_9_1_the_leftover_die_moves_the_marker_and_op8_first_player_passes():
    s = run(act(duel(first=0, leftover_dots=3, month=1), 0, {"action": "end_turn"}))
    assert s["month"] == 4 and s["first"] == 1 and s["round"] == 2


def test_sea_9_3_new_year_brings_the_next_set_into_hand():
    s = duel(month=11, leftover_dots=2, years=[[[1], [2]], [[3], [4]]])
    s = run(act(s, 0, {"action": "end_turn"}))
    assert (s["year"], s["month"]) == (2, 1) and hand(s, 0) == [1] and hand(s, 1) == [3]


def test_sea_t3_space_11_of_year_3_and_two_dots_end_the_game():
    s = run(act(duel(month=11, year=3, leftover_dots=2), 0, {"action": "end_turn"}))
    assert s["phase"] == "over" and ENGINE.outcome(s) is not None
    assert ENGINE.to_act(s) == []


# -- scoring (SEA-10) ----------------------------------------------------------------


def test_sea_t2_score_100_plus_30_minus_10_minus_12():
    s = duel(play=[[22]], hands=[[1, 2]], crystals=[100])
    s["p"][0]["bonuses"] = 2
    assert score_sheet(s)[0]["total"] == 108


def test_sea_10_3_op34_ties_go_to_more_cards_in_play_then_are_shared():
    rows = [
        {"total": 50, "in_play": 3},
        {"total": 50, "in_play": 4},
        {"total": 40, "in_play": 9},
        {"total": 50, "in_play": 3},
    ]
    assert ranks(rows) == [2, 1, 4, 2]


def test_sea_op35_crystals_never_go_below_zero():
    s = duel(3, play=[[16]], energy=[[1, 0, 0, 0]], crystals=[0, 1, 0])
    s = act(s, 0, {"action": "activate", "card": cid(16), "element": AIR})
    assert crystals(s, 1) == 0 and crystals(s, 2) == 0


# -- refusals ------------------------------------------------------------------------


def test_an_illegal_move_or_a_wrong_seat_is_refused_with_a_message():
    s = duel()
    with pytest.raises(IllegalMove, match="not your turn"):
        act(s, 1, {"action": "end_turn"})
    with pytest.raises(IllegalMove, match="use the die and play cards"):
        act(s, 0, {"action": "star"})
    with pytest.raises(IllegalMove):
        act(s, 0, {"action": "end_turn", "extra": 1})
    with pytest.raises(IllegalMove):
        act(s, 0, "end_turn")  # type: ignore[arg-type]


# -- timeouts (the moves played for a player whose time ran out) -----------------------


def test_timeouts_first_card_of_the_packet_then_sets_in_pick_order():
    s = prelude(2, "wizard")
    seat = 0
    assert ENGINE.timeout_move(s, seat) == {"action": "pick", "card": s["p"][seat]["packet"][0]}
    s = draft_all(s)
    picked = list(s["p"][0]["picked"])
    for _ in range(9):
        s = act(s, 0, ENGINE.timeout_move(s, 0))
    assert ENGINE.timeout_move(s, 0) == {"action": "confirm"}
    assert [s["p"][0]["assign"][str(c)] for c in picked] == [1, 1, 1, 2, 2, 2, 3, 3, 3]


def test_timeouts_end_the_turn_keep_the_die_and_discard_a_drawn_card():
    s = duel(face={"card": True}, play=[[15]], deck_top=[22])
    assert ENGINE.timeout_move(s, 0) == {"action": "end_turn"}
    drawn = act(s, 0, {"action": "draw"})
    assert ENGINE.timeout_move(drawn, 0) == {"action": "discard"}
    s["queue"] = [{"k": "malice", "seat": 0}, {"k": "main", "seat": 0}]
    assert ENGINE.timeout_move(s, 0) == {"action": "proceed"}
