"""One test (or more) per power card, from its rule (SEA-11.x) or its data
line (data #n): what the card does, both copies where they stack."""

from __future__ import annotations

import pytest

from games.seasons.rules import ENGINE
from games.seasons.rules.data import AIR, EARTH, FIRE, WATER
from games.seasons.rules.hooks import CARDS, FAMILIAR, ITEM

from .helpers import (
    act,
    actions,
    cid,
    crystals,
    duel,
    energy,
    hand,
    in_play,
    moves,
    run,
    summon,
)

TAKE = {"action": "take", "element": EARTH}


def take_all(state, seat, element=EARTH):
    while state["queue"][0]["k"] == "gain" and state["queue"][0]["seat"] == seat:
        state = act(state, seat, {"action": "take", "element": element})
    return state


def activate(state, seat, num, copy=0, **params):
    return act(state, seat, {"action": "activate", "card": cid(num, copy), **params})


def end_turn(state, seat=0):
    return act(state, seat, {"action": "end_turn"})


def test_catalogue_has_fifty_cards_with_data_costs_and_points():
    assert sorted(CARDS) == list(range(1, 51))
    assert CARDS[22].points == 30 and CARDS[7].cost is None  # SEA-11.22, SEA-11.7
    assert CARDS[5].cost == (0, 0, 0, 0, 6) and CARDS[5].points == 4  # first edition
    assert CARDS[42].points == -10 and CARDS[50].points == -5
    assert {CARDS[n].kind for n in (10, 11, 12, 16, 17, 21, 33, 38, 39, 40, 41, 49, 50)} == {
        FAMILIAR
    }
    assert CARDS[6].kind == ITEM


@pytest.mark.parametrize(
    "num, costs",
    [(11, (3, 6, 9)), (33, (2, 5, 8)), (41, (0, 3, 6))],
)
def test_sea_1_10_crystal_costs_by_player_count(num, costs):
    assert tuple(CARDS[num].cost_for(n)[4] for n in (2, 3, 4)) == costs


def test_sea_1_10_titus_and_sid_costs_by_player_count():
    assert [CARDS[39].cost_for(n)[FIRE] for n in (2, 3, 4)] == [1, 2, 3]
    assert [CARDS[49].cost_for(n)[EARTH] for n in (2, 3, 4)] == [1, 2, 3]


def test_card_1_amulet_of_air_raises_the_gauge_by_2():
    s = summon(duel(hands=[[1, 1]], energy=[[4, 0, 0, 0]], gauge=[2]), 0, 1)
    assert s["p"][0]["gauge"] == 4 and energy(s, 0) == [2, 0, 0, 0]
    s = summon(s, 0, 1, 1)
    assert s["p"][0]["gauge"] == 6


def test_card_2_amulet_of_fire_draws_4_keeps_1_privately():
    s = summon(duel(hands=[[2]], energy=[[0, 0, 2, 0]], deck_top=[22, 3, 4, 5]), 0, 2)
    assert [m["card"] for m in moves(s, 0)] == [cid(22), cid(3), cid(4), cid(5)]
    assert ENGINE.view(s, 1)["choice"] is None and ENGINE.view(s, 0)["choice"]["cards"]
    s = act(s, 0, {"action": "keep", "card": cid(22)})
    assert hand(s, 0) == [22] and len(s["discard"]) == 3
    public = [ln["text"] for ln in s["log"] if ln["to"] is None]
    assert not any("Runic" in t for t in public)


def test_card_3_amulet_of_earth_gives_9_crystals():
    s = summon(duel(hands=[[3]], energy=[[0, 0, 0, 2]]), 0, 3)
    assert crystals(s, 0) == 9


def test_card_4_amulet_of_water_tokens_lie_on_it_and_pay_costs():
    s = summon(duel(hands=[[4, 29]], energy=[[0, 2, 0, 0]]), 0, 4)
    for _ in range(4):
        s = act(s, 0, {"action": "take", "element": WATER})
    assert energy(s, 0) == [0, 0, 0, 0]  # SEA-OP23: from the supply, not the reserve
    assert s["p"][0]["play"][0]["tokens"] == [0, 4, 0, 0]
    s = summon(s, 0, 29)  # Olaf's Statue: 3 water, paid from the amulet
    assert crystals(s, 0) == 20 and s["p"][0]["play"][0]["tokens"] == [0, 1, 0, 0]


def test_card_4_amulet_tokens_do_not_count_towards_the_limit():
    s = summon(duel(hands=[[4]], energy=[[0, 2, 0, 7]]), 0, 4)
    s = take_all(s, 0)
    assert s["queue"][0]["k"] == "main"  # no overflow: 7 in the reserve


def test_card_5_balance_of_ishtar_4_alike_for_12_without_transmute_symbol():
    s = duel(play=[[5]], energy=[[0, 0, 4, 1]])
    assert not s["turn"]["transmute"]
    s = activate(s, 0, 5, element=FIRE)
    assert crystals(s, 0) == 12 and energy(s, 0) == [0, 0, 0, 1]


def test_sea_e4_balance_of_ishtar_with_purse_of_io_gives_16():
    s = activate(duel(play=[[5, 8]], energy=[[4, 0, 0, 0]]), 0, 5, element=AIR)
    assert crystals(s, 0) == 16


def test_card_6_staff_of_spring_3_per_summon_from_hand_each_copy():
    s = duel(play=[[6, 6]], hands=[[3]], energy=[[0, 0, 0, 2]])
    s = summon(s, 0, 3)
    assert crystals(s, 0) == 9 + 6


def test_card_6_staff_does_not_count_its_own_summon():
    s = summon(duel(hands=[[6]], energy=[[0, 0, 0, 3]]), 0, 6)
    assert crystals(s, 0) == 0


def test_card_7_temporal_boots_is_free_and_moves_the_marker_either_way():
    s = summon(duel(hands=[[7]], month=5), 0, 7)
    assert sorted(m["by"] for m in moves(s, 0)) == [-3, -2, -1, 1, 2, 3]
    s = act(s, 0, {"action": "move_marker", "by": -2})
    assert s["month"] == 3  # back into winter


def test_card_7_boots_change_of_season_runs_figrim_at_once():
    s = duel(hands=[[7]], play=[[11]], crystals=[0, 5], month=3)
    s = act(summon(s, 0, 7), 0, {"action": "move_marker", "by": 1})
    assert s["month"] == 4 and crystals(s, 0) == 1 and crystals(s, 1) == 4


def test_card_7_boots_back_into_the_previous_year_keeps_the_hand():
    s = duel(hands=[[7, 3]], month=1, year=2)
    s = act(summon(s, 0, 7), 0, {"action": "move_marker", "by": -1})
    assert (s["year"], s["month"]) == (1, 12) and hand(s, 0) == [3]  # SEA-OP17


def test_card_7_boots_cannot_move_before_the_first_month():
    s = summon(duel(hands=[[7]], month=2), 0, 7)
    assert sorted(m["by"] for m in moves(s, 0)) == [-1, 1, 2, 3]


def test_sea_op26_boots_ending_year_3_finish_the_round_then_score():
    s = duel(hands=[[7]], month=12, year=3, leftover_dots=3)
    s = act(summon(s, 0, 7), 0, {"action": "move_marker", "by": 1})
    assert s["ended"] and ENGINE.outcome(s) is None
    s = end_turn(s)
    assert s["phase"] == "over" and s["month"] == 1  # not moved again


def test_card_8_purse_of_io_adds_1_per_token_transmuted():
    s = duel(play=[[8, 8]], energy=[[0, 0, 0, 1]], face={"transmute": True})
    s = act(s, 0, {"action": "transmute", "element": EARTH})
    assert crystals(s, 0) == 3 + 2  # earth in winter is 3; two purses


def test_card_9_divine_chalice_summons_one_for_free_not_from_hand():
    s = duel(hands=[[9]], play=[[6]], energy=[[1, 1, 1, 1]], deck_top=[3, 22, 4, 5])
    s = summon(s, 0, 9)
    assert crystals(s, 0) == 3  # the Staff pays for the Chalice only
    s = act(s, 0, {"action": "summon_free", "card": cid(3)})
    assert in_play(s, 0) == [6, 9, 3] and crystals(s, 0) == 3 + 9  # SEA-OP31: on-summon applies
    assert len(s["discard"]) == 3


def test_card_9_chalice_with_no_room_left_shows_the_4_cards_and_discards_them_unasked():
    """SEA-11.9: no room in the gauge, no free summon; no question whose answer
    would be thrown away, and the summon's button says so beforehand."""
    s = duel(hands=[[9]], energy=[[1, 1, 1, 1]], gauge=[1], deck_top=[3, 22, 4, 5])
    assert ENGINE.listed(s, 0, {"action": "summon", "card": cid(9)}).label == (
        "Summon the Divine Chalice (1 air, 1 water, 1 fire, 1 earth; "
        "no room left for its free card)"
    )
    s = act(s, 0, {"action": "summon", "card": cid(9)})
    assert in_play(s, 0) == [9] and len(s["discard"]) == 4 and s["queue"][0]["k"] == "main"
    assert {
        "text": "You see Amulet of Earth, Runic Cube of Eolis, Amulet of Water, Balance of Ishtar.",
        "to": [0],
    } in s["log"]


def test_card_10_syllas_each_opponent_chooses_a_card_to_sacrifice():
    s = duel(3, hands=[[10]], play=[[], [3, 6], [29]], energy=[[0, 0, 3, 0]])
    s = summon(s, 0, 10)
    assert ENGINE.to_act(s) == [1]
    assert "Syllas" in ENGINE.prompt(s)
    s = act(s, 1, {"action": "sacrifice", "card": cid(6)})
    assert ENGINE.to_act(s) == [2]
    s = act(s, 2, {"action": "sacrifice", "card": cid(29)})
    assert in_play(s, 1) == [3] and in_play(s, 2) == [] and ENGINE.to_act(s) == [0]


def test_card_10_syllas_skips_an_opponent_with_nothing_in_play():
    s = summon(duel(hands=[[10]], energy=[[0, 0, 3, 0]]), 0, 10)
    assert ENGINE.to_act(s) == [0] and s["queue"][0]["k"] == "main"


def test_card_11_figrim_takes_1_from_each_opponent_per_copy_when_the_season_changes():
    s = duel(3, play=[[11, 11]], crystals=[0, 5, 1], month=3, leftover_dots=1)
    s = run(end_turn(s))
    assert s["month"] == 4
    assert crystals(s, 0) == 3 and crystals(s, 1) == 3 and crystals(s, 2) == 0


def test_card_12_naria_keeps_one_and_gives_one_to_each_opponent_secretly():
    s = duel(3, hands=[[12]], crystals=[3, 0, 0], deck_top=[1, 2, 3])
    s = summon(s, 0, 12)
    s = act(s, 0, {"action": "keep", "card": cid(2)})
    s = act(s, 0, {"action": "give", "card": cid(1), "to": 1})
    assert hand(s, 0) == [2] and hand(s, 1) == [1] and hand(s, 2) == [3]
    private = [ln for ln in s["log"] if ln["to"] is not None]
    assert {tuple(ln["to"]) for ln in private} == {(0, 1), (0, 2)}
    assert not any("Amulet" in ln["text"] for ln in s["log"] if ln["to"] is None)


def test_card_13_wondrous_chest_4_tokens_at_end_of_round_gives_3():
    s = run(end_turn(duel(play=[[13]], energy=[[2, 2, 0, 0]])))
    assert crystals(s, 0) == 3
    s = run(end_turn(duel(play=[[13]], energy=[[2, 1, 0, 0]])))
    assert crystals(s, 0) == 0


def test_card_14_beggars_horn_gives_a_token_of_choice_at_end_of_round():
    s = run(end_turn(duel(play=[[14]], energy=[[1, 0, 0, 0]])))
    assert s["queue"][0]["k"] == "gain" and ENGINE.to_act(s) == [0]
    s = act(s, 0, {"action": "take", "element": FIRE})
    assert energy(s, 0) == [1, 0, 1, 0]


def test_card_15_die_of_malice_rerolls_before_the_die_is_used():
    s = duel(play=[[15, 15]])
    s["queue"] = [{"k": "turn", "who": 0}, {"k": "end_round"}]
    s = run(s)
    assert s["queue"][0]["k"] == "malice"
    s = act(s, 0, moves(s, 0)[0])
    s = act(s, 0, moves(s, 0)[0])  # SEA-E5: both copies (2 crystals each: test_numbers)
    assert s["queue"][0]["k"] == "main"
    assert all(c["tapped"] for c in s["p"][0]["play"])


def test_card_15_die_of_malice_is_not_offered_in_the_main_turn():
    s = duel(play=[[15]])
    assert "activate" not in actions(s, 0)


def test_card_16_kairn_costs_a_token_and_each_opponent_loses_4():
    s = activate(
        duel(3, play=[[16]], energy=[[0, 1, 0, 0]], crystals=[0, 10, 2]), 0, 16, element=WATER
    )
    assert crystals(s, 1) == 6 and crystals(s, 2) == 0 and energy(s, 0) == [0, 0, 0, 0]


def test_card_17_amsug_every_player_takes_back_an_item_of_their_choice():
    s = duel(3, hands=[[17]], play=[[3], [29, 10], [11]], energy=[[1, 1, 0, 0]])
    s = summon(s, 0, 17)
    assert ENGINE.to_act(s) == [0]
    s = act(s, 0, {"action": "take_back", "card": cid(3)})
    assert ENGINE.to_act(s) == [1]
    assert [m["card"] for m in moves(s, 1)] == [cid(29)]  # familiars stay
    s = act(s, 1, {"action": "take_back", "card": cid(29)})
    assert hand(s, 0) == [3] and hand(s, 1) == [29] and in_play(s, 2) == [11]


def test_card_18_grimoire_two_tokens_and_a_limit_of_10():
    s = summon(duel(hands=[[18]], energy=[[0, 1, 0, 8]]), 0, 18)
    s = take_all(s, 0, AIR)
    assert energy(s, 0) == [2, 0, 0, 7] and s["queue"][0]["k"] == "main"


def test_sea_e7_two_grimoires_still_hold_10():
    s = duel(play=[[18, 18]], energy=[[0, 0, 0, 10]], face={"energy": (WATER, WATER), "star": True})
    s["queue"] = [{"k": "die_gain", "who": 0}, {"k": "main", "seat": 0}]
    s = run(s)
    assert s["queue"][0] == {"k": "overflow", "seat": 0}


def test_card_18_grimoire_leaving_play_brings_the_limit_back_to_7():
    s = duel(2, hands=[[10]], play=[[], [18]], energy=[[0, 0, 3, 0], [0, 0, 0, 9]])
    s = act(summon(s, 0, 10), 1, {"action": "sacrifice", "card": cid(18)})
    assert s["queue"][0] == {"k": "overflow", "seat": 1}
    assert ENGINE.to_act(s) == [1]


def test_card_19_ragfields_helm_only_with_strictly_most_cards():
    from games.seasons.rules.engine import score_sheet

    s = duel(play=[[19, 3], [1]])
    assert score_sheet(s)[0]["end_cards"] == 20
    s = duel(play=[[19, 3], [1, 2]])
    assert score_sheet(s)[0]["end_cards"] == 0  # SEA-OP22


def test_card_20_hand_of_fortune_spares_one_energy_but_never_the_last():
    s = duel(play=[[20]], hands=[[6, 29, 23]], energy=[[0, 0, 1, 2]])
    s = act(s, 0, {"action": "summon", "card": cid(6)})  # one way to pay: no question
    assert energy(s, 0) == [0, 0, 1, 0] and in_play(s, 0) == [20, 6]
    s3 = duel(play=[[20]], hands=[[9]], energy=[[1, 1, 1, 1]])
    s3 = act(s3, 0, {"action": "summon", "card": cid(9)})
    assert sorted(m["skip"][0] for m in moves(s3, 0)) == [AIR, WATER, FIRE, EARTH]
    s2 = duel(play=[[20, 20]], hands=[[23]], energy=[[0, 0, 1, 0]])
    assert {"action": "summon", "card": cid(23)} in moves(s2, 0)  # 2 fire -> at least 1


def test_card_21_lewis_copies_the_chosen_opponents_reserve():
    s = duel(3, hands=[[21]], energy=[[1, 0, 1, 0], [0, 3, 0, 0], [2, 0, 0, 0]])
    s = act(summon(s, 0, 21), 0, {"action": "copy", "target": 1})
    assert energy(s, 0) == [0, 3, 0, 0]


def test_card_21_lewis_copies_into_the_limit():
    s = summon(duel(hands=[[21]], energy=[[1, 0, 1, 5], [0, 6, 0, 0]]), 0, 21)
    assert s["queue"][0] == {"k": "overflow", "seat": 0}  # SEA-OP30


def test_card_22_runic_cube_is_worth_30():
    from games.seasons.rules.engine import score_sheet

    assert score_sheet(duel(play=[[22]]))[0]["card_points"] == 30


def test_card_23_potion_of_power_sacrificed_draws_and_gauge_plus_2():
    s = activate(duel(play=[[23]], gauge=[3], deck_top=[1]), 0, 23)
    assert in_play(s, 0) == [] and hand(s, 0) == [1] and s["p"][0]["gauge"] == 5


def test_card_24_potion_of_dreams_loses_the_reserve_and_summons_from_hand_free():
    s = duel(play=[[24, 6]], hands=[[22]], energy=[[1, 1, 1, 1]])
    s = act(activate(s, 0, 24), 0, {"action": "summon_free", "card": cid(22)})
    assert in_play(s, 0) == [6, 22] and energy(s, 0) == [0, 0, 0, 0] and crystals(s, 0) == 0


def test_card_25_potion_of_knowledge_gives_5_tokens():
    s = take_all(activate(duel(play=[[25]]), 0, 25), 0, FIRE)
    assert energy(s, 0) == [0, 0, 5, 0]


def test_card_26_potion_of_life_4_crystals_per_token_plus_purse():
    s = activate(duel(play=[[26, 8]], energy=[[1, 1, 1, 0]]), 0, 26)
    assert crystals(s, 0) == 12 + 3


def test_card_27_hourglass_gives_a_token_at_each_change_of_season():
    s = run(end_turn(duel(play=[[27]], month=3, leftover_dots=1)))
    assert s["queue"][0]["k"] == "gain" and s["queue"][0]["why"] == 27


def test_card_28_scepter_3_per_other_magic_item():
    s = summon(duel(hands=[[28]], play=[[3, 29, 11]], energy=[[1, 1, 1, 1]]), 0, 28)
    assert crystals(s, 0) == 6


def test_card_29_olafs_statue_20_crystals():
    assert crystals(summon(duel(hands=[[29]], energy=[[0, 3, 0, 0]]), 0, 29), 0) == 20


def test_card_30_yjangs_vase_a_token_per_summon_from_hand():
    s = summon(duel(hands=[[3]], play=[[30, 30]], energy=[[0, 0, 0, 2]]), 0, 3)
    assert s["queue"][0]["k"] == "gain" and s["queue"][0]["n"] == 2


def test_card_31_elemental_amulet_each_element_given_has_its_effect():
    s = summon(duel(hands=[[31]], energy=[[1, 0, 1, 1]], gauge=[3], deck_top=[22]), 0, 31)
    for e in (AIR, FIRE):
        s = act(s, 0, {"action": "use", "element": e})
    assert actions(s, 0) == {"use", "done"}
    s = act(s, 0, {"action": "use", "element": EARTH})  # nothing left to give: it ends
    assert crystals(s, 0) == 5 and s["p"][0]["gauge"] == 4 and hand(s, 0) == [22]
    assert energy(s, 0) == [0, 0, 0, 0]


def test_card_31_elemental_amulet_with_hand_of_fortune_spares_one():
    s = summon(duel(hands=[[31]], play=[[20]], energy=[[1, 0, 0, 0]]), 0, 31)
    s = act(s, 0, {"action": "use", "element": AIR})
    assert {"action": "use", "element": EARTH} in moves(s, 0)
    s = act(s, 0, {"action": "use", "element": EARTH})
    assert crystals(s, 0) == 5 and s["queue"][0]["k"] == "main"


def test_card_31_elemental_amulet_needs_an_energy_to_be_summoned_from_hand():
    """data #31 and BGA: summoned from hand, at least one energy must be given."""
    s = duel(hands=[[31]], energy=[[0, 0, 0, 0]])
    assert {"action": "summon", "card": cid(31)} not in moves(s, 0)
    s = duel(hands=[[31]], play=[[20]], energy=[[0, 0, 0, 0]])  # Hand of Fortune spares none
    assert {"action": "summon", "card": cid(31)} not in moves(s, 0)
    s = duel(hands=[[31]], play=[[4]])  # a token on the Amulet of Water is energy to give
    s["p"][0]["play"][0]["tokens"] = [0, 1, 0, 0]
    assert {"action": "summon", "card": cid(31)} in moves(s, 0)


def test_card_31_elemental_amulet_from_hand_must_use_at_least_one_energy():
    s = summon(duel(hands=[[31]], energy=[[0, 0, 1, 0]]), 0, 31)
    assert moves(s, 0) == [{"action": "use", "element": FIRE}]
    assert ENGINE.timeout_move(s, 0) == {"action": "use", "element": FIRE}
    s = act(s, 0, {"action": "use", "element": FIRE})
    assert energy(s, 0) == [0, 0, 0, 0] and s["queue"][0]["k"] == "main"
    assert len(s["p"][0]["hand"]) == 1  # fire: a card drawn


def _amulet_brought_in_free():
    """The Elemental Amulet brought into play by the Divine Chalice."""
    s = duel(hands=[[9]], energy=[[1, 1, 1, 1]], gauge=[4], deck_top=[31, 22, 3, 5, 29])
    return act(summon(s, 0, 9), 0, {"action": "summon_free", "card": cid(31)})


def test_card_31_elemental_amulet_brought_in_free_offers_each_effect_without_energy():
    """data #31, as BGA plays it: brought in free, the player chooses the
    effects one at a time, paying nothing; at least one must be taken."""
    s = _amulet_brought_in_free()
    assert energy(s, 0) == [0, 0, 0, 0]  # all given for the Chalice
    assert moves(s, 0) == [{"action": "use", "element": e} for e in (AIR, WATER, FIRE, EARTH)]
    s = act(s, 0, {"action": "use", "element": EARTH})
    assert actions(s, 0) == {"use", "done"}
    assert {"action": "use", "element": EARTH} not in moves(s, 0)


def test_card_31_elemental_amulet_brought_in_free_may_stop_after_any_effect():
    """data #31, as BGA plays it: stopping spares the card draw (a card left
    in hand costs points at the end, SEA-10)."""
    s = _amulet_brought_in_free()
    s = act(s, 0, {"action": "use", "element": EARTH})
    s = act(s, 0, {"action": "use", "element": AIR})
    s = act(s, 0, {"action": "done"})
    assert crystals(s, 0) == 5 and s["p"][0]["gauge"] == 5 and hand(s, 0) == []
    assert s["queue"][0]["k"] == "main"


def test_card_31_elemental_amulet_brought_in_free_all_four_effects_when_all_are_taken():
    s = _amulet_brought_in_free()
    for e in (AIR, FIRE, EARTH, WATER):  # the last one taken ends the choice
        s = act(s, 0, {"action": "use", "element": e})
    assert crystals(s, 0) == 5 and s["p"][0]["gauge"] == 5 and hand(s, 0) == [29]
    assert s["queue"][0] == {"k": "gain", "seat": 0, "n": 2, "why": 31, "onto": None}
    s = take_all(s, 0, WATER)
    assert energy(s, 0) == [0, 2, 0, 0] and s["queue"][0]["k"] == "main"


def test_card_31_elemental_amulet_brought_in_free_times_out_on_the_crystals_alone():
    s = _amulet_brought_in_free()
    assert ENGINE.timeout_move(s, 0) == {"action": "use", "element": EARTH}
    s = act(s, 0, ENGINE.timeout_move(s, 0))
    assert ENGINE.timeout_move(s, 0) == {"action": "done"}


def test_card_31_elemental_amulet_brought_in_free_says_each_effect_on_its_own_piece():
    s = _amulet_brought_in_free()
    records = {r["element"]: r for r in ENGINE.legal_moves(s, 0)}
    assert records[FIRE].label == "Take the fire effect: draw a card"
    assert records[FIRE].target == "effect:fire"
    assert records[WATER].label == "Take the water effect: 2 energy tokens"
    choice = ENGINE.view(s, 0)["choice"]
    assert choice["gift"] is True
    assert [e["piece"] for e in choice["effects"]] == [
        "effect:air",
        "effect:water",
        "effect:fire",
        "effect:earth",
    ]
    paid = summon(duel(hands=[[31]], energy=[[1, 0, 0, 0]]), 0, 31)
    (record,) = ENGINE.legal_moves(paid, 0)
    assert (record.label, record.target) == ("Give 1 air", "reserve:air")
    assert "effects" not in ENGINE.view(paid, 0)["choice"]


def test_card_32_tree_of_light_two_ways_once_a_round():
    s = activate(duel(play=[[32]], crystals=[3]), 0, 32, mode="energy")
    assert crystals(s, 0) == 0 and s["queue"][0]["k"] == "gain"
    s = activate(duel(play=[[32]], energy=[[1, 0, 0, 1]]), 0, 32, mode="transmute", element=AIR)
    assert {"action": "transmute", "element": EARTH} in moves(s, 0)
    assert "activate" not in actions(s, 0)


def test_card_32_tree_of_light_is_not_paid_for_a_transmutation_already_allowed():
    s = act(duel(play=[[32]], energy=[[1, 0, 0, 1]]), 0, {"action": "bonus", "bonus": 2})
    assert not any(m.get("mode") == "transmute" for m in moves(s, 0))


def test_card_33_arcano_leech_opponent_pays_1_before_summoning():
    s = duel(hands=[[3]], play=[[], [33]], energy=[[0, 0, 0, 2]], crystals=[1, 0])
    s = summon(s, 0, 3)
    assert crystals(s, 1) == 1 and crystals(s, 0) == 9
    s = duel(hands=[[3]], play=[[], [33]], energy=[[0, 0, 0, 2]], crystals=[0, 0])
    assert "summon" not in actions(s, 0)


def test_card_34_crystal_orb_summons_the_top_card_for_4_tokens():
    s = activate(duel(play=[[34]], energy=[[2, 1, 1, 0]], deck_top=[29]), 0, 34, mode="look")
    assert ENGINE.view(s, 0)["choice"]["cards"][0]["number"] == 29
    assert ENGINE.view(s, 1)["choice"] is None
    s = act(s, 0, {"action": "orb_summon"})
    assert in_play(s, 0) == [34, 29] and crystals(s, 0) == 20 and energy(s, 0) == [0, 0, 0, 0]


def test_card_34_crystal_orb_the_player_chooses_the_4_energies_to_give():
    """data #34: "discard 4 energy tokens" are the player's choice (BGA asks
    for them); here the dearest in winter, earth and fire, go first."""
    s = activate(duel(play=[[34]], energy=[[2, 1, 1, 1]], deck_top=[29]), 0, 34, mode="look")
    s = act(s, 0, {"action": "orb_summon"})
    assert in_play(s, 0) == [34] and energy(s, 0) == [2, 1, 1, 1]
    assert moves(s, 0) == [
        *({"action": "use", "element": e} for e in (AIR, WATER, FIRE, EARTH)),
        {"action": "orb_back"},
    ]
    for e in (EARTH, FIRE):
        s = act(s, 0, {"action": "use", "element": e})
    assert ENGINE.prompt(s) == (
        "choose the 4 energy tokens to give to the Crystal Orb (2 chosen: 1 fire, 1 earth)"
    )
    assert in_play(s, 0) == [34] and moves(s, 0) == [
        {"action": "use", "element": AIR},
        {"action": "use", "element": WATER},
        {"action": "orb_back"},
    ]
    s = act(s, 0, {"action": "use", "element": WATER})  # the fourth can only be air
    assert in_play(s, 0) == [34, 29] and energy(s, 0) == [1, 0, 0, 0] and crystals(s, 0) == 20


def test_card_34_crystal_orb_may_still_leave_the_card_while_choosing_the_energy():
    s = activate(duel(play=[[34]], energy=[[2, 1, 1, 1]], deck_top=[29]), 0, 34, mode="look")
    s = act(act(s, 0, {"action": "orb_summon"}), 0, {"action": "use", "element": EARTH})
    assert ENGINE.timeout_move(s, 0) == {"action": "orb_back"}
    s = act(s, 0, {"action": "orb_back"})
    assert energy(s, 0) == [2, 1, 1, 1] and s["deck"][-1] == cid(29) and in_play(s, 0) == [34]


def test_card_34_crystal_orb_buries_the_top_card_for_3_crystals():
    s = activate(duel(play=[[34]], crystals=[3], deck_top=[22]), 0, 34, mode="bury")
    assert s["discard"] == [cid(22)] and crystals(s, 0) == 0


def test_card_35_glutton_cauldron_full_at_7_gives_them_back_and_15():
    s = duel(play=[[35]], energy=[[0, 0, 0, 1]])
    s["p"][0]["play"][0]["tokens"] = [0, 6, 0, 0]
    s = activate(s, 0, 35, element=EARTH)
    assert in_play(s, 0) == [] and energy(s, 0) == [0, 6, 0, 1] and crystals(s, 0) == 15


def test_card_36_vampiric_crown_energy_equal_to_the_cards_points():
    s = summon(duel(hands=[[36, 6]], energy=[[1, 1, 0, 0]]), 0, 36)
    s = act(s, 0, {"action": "discard", "card": cid(6)})
    assert s["queue"][0]["n"] == 7  # 9 points, cut to the reserve limit


def test_card_37_dragon_skull_three_sacrifices_for_15():
    s = activate(duel(play=[[37, 1, 2, 3]]), 0, 37)
    for num in (1, 2, 3):
        s = act(s, 0, {"action": "sacrifice", "card": cid(num)})
    assert in_play(s, 0) == [37] and crystals(s, 0) == 15


def test_card_37_dragon_skull_is_activated_with_3_cards_in_play_itself_among_them():
    """data #37: "sacrifice 3 power cards"; BGA asks for 3 cards in play, the
    Skull counted, and any of them may be sacrificed, the Skull too."""
    s = duel(play=[[37, 1, 2]])
    assert {"action": "activate", "card": cid(37)} in moves(s, 0)
    s = activate(s, 0, 37)
    assert {m["card"] for m in moves(s, 0)} == {cid(37), cid(1), cid(2)}
    s = act(s, 0, {"action": "sacrifice", "card": cid(37)})
    assert s["queue"][0]["k"] == "skull" and crystals(s, 0) == 0
    s = act(s, 0, {"action": "sacrifice", "card": cid(1)})
    s = act(s, 0, {"action": "sacrifice", "card": cid(2)})
    assert in_play(s, 0) == [] and crystals(s, 0) == 15
    assert sorted(s["discard"]) == [cid(1), cid(2), cid(37)]
    assert "activate" not in actions(duel(play=[[37, 1]]), 0)


def test_card_37_with_two_skulls_the_activated_one_and_the_ready_one_are_both_offered():
    s = activate(duel(play=[[37, 37, 1]]), 0, 37)
    assert [m["card"] for m in moves(s, 0)] == [cid(37), cid(37, 1), cid(1)]


def test_card_38_demon_of_argos_opponents_lose_1_gauge_and_draw_into_hand_without_a_choice():
    """data #38: each opponent's gauge drops by 1 and each draws one card into
    their hand; the card is kept, so that it may cost them 5 at the end."""
    s = duel(3, hands=[[38]], energy=[[1, 1, 1, 1]], gauge=[5, 3, 0], deck_top=[1, 2])
    s = summon(s, 0, 38)
    assert [s["p"][i]["gauge"] for i in (1, 2)] == [2, 0]
    assert hand(s, 1) == [1] and hand(s, 2) == [2]
    assert ENGINE.to_act(s) == [0] and s["queue"][0]["k"] == "main"
    assert s["discard"] == []
    private = [(ln["to"], ln["text"]) for ln in s["log"] if ln["to"] is not None]
    assert ([1], "You draw Amulet of Air.") in private
    assert ([2], "You draw Amulet of Fire.") in private
    assert not any("Amulet" in ln["text"] for ln in s["log"] if ln["to"] is None)


def test_card_39_titus_collects_and_is_sacrificed_when_someone_is_broke():
    s = run(end_turn(duel(3, play=[[39]], crystals=[0, 2, 0])))
    assert crystals(s, 0) == 1 and in_play(s, 0) == []
    s = run(end_turn(duel(3, play=[[39]], crystals=[0, 2, 1])))
    assert crystals(s, 0) == 2 and in_play(s, 0) == [39]


def test_card_40_air_elemental_turns_opponents_energy_to_air():
    s = summon(duel(hands=[[40]], energy=[[3, 0, 0, 0], [0, 2, 1, 1]]), 0, 40)
    assert energy(s, 1) == [4, 0, 0, 0]


def test_card_41_thieving_fairies_take_1_per_activation_and_gain_1_more():
    s = activate(duel(play=[[43], [41]], crystals=[1, 0]), 0, 43)
    assert crystals(s, 1) == 2 and crystals(s, 0) == 0


def test_card_42_cursed_treatise_gains_and_loses_the_reserve_when_sacrificed():
    s = take_all(summon(duel(hands=[[42]], energy=[[0, 1, 0, 0]], gauge=[2]), 0, 42), 0)
    assert crystals(s, 0) == 10 and s["p"][0]["gauge"] == 3 and energy(s, 0) == [0, 0, 0, 2]
    s2 = duel(2, hands=[[10]], play=[[], [42]], energy=[[0, 0, 3, 0], [2, 2, 0, 0]])
    s2 = act(summon(s2, 0, 10), 1, {"action": "sacrifice", "card": cid(42)})
    assert energy(s2, 1) == [0, 0, 0, 0]


def test_card_43_idol_one_crystal_per_familiar():
    s = activate(duel(play=[[43, 10, 11, 3]]), 0, 43)
    assert crystals(s, 0) == 2


def test_card_44_necrotic_kriss_a_familiar_for_4_tokens():
    s = duel(play=[[44, 10]], hands=[[11]])
    options = [m for m in moves(s, 0) if m["action"] == "activate"]
    assert {(m["from"], m["familiar"]) for m in options} == {("hand", cid(11)), ("play", cid(10))}
    s = act(s, 0, {"action": "activate", "card": cid(44), "from": "play", "familiar": cid(10)})
    assert in_play(s, 0) == [44] and s["queue"][0]["n"] == 4


def test_cards_45_46_lantern_and_sealed_chest_at_the_end():
    from games.seasons.rules.engine import score_sheet

    rows = score_sheet(duel(play=[[45, 46], [46, 10]], energy=[[1, 1, 1, 0]]))
    assert rows[0]["end_cards"] == 9 + 20 and rows[1]["end_cards"] == 0


def test_card_47_mirror_changes_x_tokens_for_x_crystals():
    s = activate(
        duel(play=[[47]], energy=[[3, 0, 0, 0]], crystals=[2]), 0, 47, **{"from": AIR, "to": EARTH}
    )
    assert [m["n"] for m in moves(s, 0)] == [1, 2]
    s = act(s, 0, {"action": "count", "n": 2})
    assert energy(s, 0) == [1, 0, 0, 2] and crystals(s, 0) == 0


def test_card_48_pendant_a_token_per_other_magic_item():
    s = summon(duel(hands=[[48]], play=[[3, 29, 10]], energy=[[1, 1, 1, 0]]), 0, 48)
    assert s["queue"][0]["n"] == 2


def test_card_49_sid_nightshade_only_with_strictly_most_crystals():
    s = summon(duel(3, hands=[[49]], energy=[[0, 0, 0, 2]], crystals=[9, 3, 8]), 0, 49)
    assert crystals(s, 0) == 17 and crystals(s, 1) == 0 and crystals(s, 2) == 3
    s = summon(duel(hands=[[49]], energy=[[0, 0, 0, 2]], crystals=[3, 3]), 0, 49)
    assert crystals(s, 0) == 3


def test_card_50_damned_soul_gains_loses_3_a_round_and_passes_left():
    s = summon(duel(hands=[[50]], energy=[[0, 1, 0, 0]]), 0, 50)
    assert crystals(s, 0) == 10 and energy(s, 0) == [0, 1, 0, 0]
    s = activate(s, 0, 50)
    assert in_play(s, 0) == [] and in_play(s, 1) == [50]
    assert s["p"][1]["play"][0]["tapped"] is False
    s = run(end_turn(s))
    assert crystals(s, 1) == 0 and crystals(s, 0) == 10
    s2 = run(end_turn(duel(play=[[50]], crystals=[5])))
    assert crystals(s2, 0) == 2


def test_card_24_potion_of_dreams_is_offered_only_when_its_free_summon_can_happen():
    """data #24, SEA-7.1: no card in hand, or no room in the gauge once the
    Potion has left, and it is not offered (BGA refuses it then too)."""
    dreams = {"action": "activate", "card": cid(24)}
    assert dreams not in moves(duel(play=[[24, 1]], hands=[[]], gauge=[3]), 0)
    # The Demon of Argos lowered the gauge: 2 cards left after the Potion, gauge 2.
    assert dreams not in moves(duel(play=[[24, 1, 2]], hands=[[22]], gauge=[2]), 0)
    assert dreams in moves(duel(play=[[24, 1, 2]], hands=[[22]], gauge=[3]), 0)
