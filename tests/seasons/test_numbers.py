"""The printed game's numbers, each stated here as the card or the board
gives it (shared/data/seasons_cards.md, seasons_dice.md) and checked through
play: prestige points at the final count, the transmutation chart, the
reserve limits, and the cards that give a fixed amount."""

from __future__ import annotations

import pytest

from games.seasons.rules import ENGINE
from games.seasons.rules.engine import score_sheet

from .helpers import act, cid, crystals, duel, energy, run

AIR, WATER, FIRE, EARTH = range(4)

# Prestige points printed on each card, 1 to 50 (data #1-#50).
PRESTIGE_POINTS = {
    1: 6, 2: 6, 3: 6, 4: 6, 5: 4, 6: 9, 7: 8, 8: 6, 9: 10, 10: 14,
    11: 7, 12: 8, 13: 4, 14: 8, 15: 8, 16: 9, 17: 8, 18: 8, 19: 10, 20: 9,
    21: 6, 22: 30, 23: 0, 24: 0, 25: 0, 26: 0, 27: 6, 28: 8, 29: 0, 30: 6,
    31: 2, 32: 12, 33: 8, 34: 6, 35: 0, 36: 0, 37: 9, 38: 16, 39: 4, 40: 12,
    41: 6, 42: -10, 43: 0, 44: 6, 45: 24, 46: 10, 47: 8, 48: 0, 49: 6, 50: -5,
}  # fmt: skip


@pytest.mark.parametrize(("num", "points"), sorted(PRESTIGE_POINTS.items()))
def test_sea_10_1_each_card_in_play_scores_its_printed_prestige_points(num, points):
    assert score_sheet(duel(play=[[num]]))[0]["card_points"] == points


def test_sea_10_1_the_points_of_the_cards_in_play_add_up():
    # Runic Cube 30, Cursed Treatise -10, Demon of Argos 16.
    assert score_sheet(duel(play=[[22, 42, 38]]))[0]["card_points"] == 36


# SEA-1.3: crystals per token, by season (its first month) and element.
CHART = {
    ("winter", 1): {AIR: 1, WATER: 1, FIRE: 2, EARTH: 3},
    ("spring", 4): {AIR: 2, WATER: 1, FIRE: 3, EARTH: 1},
    ("summer", 7): {AIR: 3, WATER: 2, FIRE: 1, EARTH: 1},
    ("autumn", 10): {AIR: 1, WATER: 3, FIRE: 1, EARTH: 2},
}


@pytest.mark.parametrize(
    ("season", "month", "element", "worth"),
    [
        (season, month, e, worth)
        for (season, month), row in CHART.items()
        for e, worth in row.items()
    ],
)
def test_sea_1_3_the_transmutation_chart_all_16_entries(season, month, element, worth):
    start = [0, 0, 0, 0]
    start[element] = 1
    s = duel(month=month, energy=[start], face={"transmute": True})
    assert ENGINE.view(s, 0)["season"] == season
    s = act(s, 0, {"action": "transmute", "element": element})
    assert crystals(s, 0) == worth and energy(s, 0) == [0, 0, 0, 0]


def _gain_two_water(reserve: list[int], play: list[int]):
    """The turn's die gives 2 water to a reserve that held `reserve`."""
    s = duel(play=[play], energy=[reserve], face={"energy": (WATER, WATER), "star": True})
    s["queue"] = [{"k": "die_gain", "who": 0}, {"k": "main", "seat": 0}]
    return run(s)


def test_sea_11_18_the_bespelled_grimoire_holds_10():
    s = _gain_two_water([0, 0, 0, 8], [18])
    assert sum(energy(s, 0)) == 10 and s["queue"][0] == {"k": "main", "seat": 0}


def test_sea_11_18_an_eleventh_token_beyond_the_grimoire_is_given_back():
    s = _gain_two_water([0, 0, 0, 9], [18])
    assert s["queue"][0] == {"k": "overflow", "seat": 0}
    assert ENGINE.view(s, 0)["players"][0]["limit"] == 10
    s = act(s, 0, {"action": "return", "element": EARTH})
    assert energy(s, 0) == [0, 2, 0, 8] and s["queue"][0] == {"k": "main", "seat": 0}


def test_sea_1_6_without_the_grimoire_the_reserve_holds_7():
    s = _gain_two_water([0, 0, 0, 5], [])
    assert s["queue"][0] == {"k": "main", "seat": 0}
    s = _gain_two_water([0, 0, 0, 6], [])
    assert s["queue"][0] == {"k": "overflow", "seat": 0}


def test_sea_11_15_the_die_of_malice_gives_2_crystals_per_reroll():
    s = duel(play=[[15, 15]])  # the die in hand gives 6 crystals, and is rerolled away
    s["queue"] = [{"k": "turn", "who": 0}, {"k": "end_round"}]
    s["rng"] = 12  # both rerolls land on winter die 4's fourth face: 2 water and a star
    s = run(s)
    s = act(s, 0, {"action": "activate", "card": cid(15)})
    assert crystals(s, 0) == 2 and s["queue"][0]["k"] == "malice"
    s = act(s, 0, {"action": "activate", "card": cid(15, 1)})
    assert s["dice"][0]["face"] == 3 and s["queue"][0]["k"] == "main"
    assert crystals(s, 0) == 4 and energy(s, 0) == [0, 2, 0, 0]


def test_data_27_the_hourglass_gives_1_energy_at_a_change_of_season():
    s = run(act(duel(play=[[27]], month=3, leftover_dots=1), 0, {"action": "end_turn"}))
    assert s["month"] == 4
    assert s["queue"][0] == {"k": "gain", "seat": 0, "n": 1, "why": 27, "onto": None}
    s = act(s, 0, {"action": "take", "element": FIRE})
    assert energy(s, 0) == [0, 0, 1, 0] and s["queue"][0]["k"] != "gain"


def test_data_27_the_hourglass_gives_nothing_within_a_season():
    s = run(act(duel(play=[[27]], month=1, leftover_dots=1), 0, {"action": "end_turn"}))
    assert s["month"] == 2 and s["queue"][0]["k"] != "gain" and energy(s, 0) == [0, 0, 0, 0]


@pytest.mark.parametrize(("tokens", "after"), [(0, 1), (1, 2)])
def test_sea_11_14_the_beggars_horn_gives_1_energy_to_a_reserve_of_1_or_less(tokens, after):
    s = run(act(duel(play=[[14]], energy=[[tokens, 0, 0, 0]]), 0, {"action": "end_turn"}))
    assert s["queue"][0] == {"k": "gain", "seat": 0, "n": 1, "why": 14, "onto": None}
    s = act(s, 0, {"action": "take", "element": AIR})
    assert energy(s, 0) == [after, 0, 0, 0] and s["queue"][0]["k"] != "gain"


def test_sea_11_14_the_beggars_horn_gives_nothing_to_a_reserve_of_2():
    s = run(act(duel(play=[[14]], energy=[[1, 1, 0, 0]]), 0, {"action": "end_turn"}))
    assert s["queue"][0]["k"] != "gain" and energy(s, 0) == [1, 1, 0, 0]
