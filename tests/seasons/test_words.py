"""What a player reads reads as English: card names with the right article,
counts agreed with their number, log lines that say a thing once, and no
rule id anywhere a player looks."""

from __future__ import annotations

import random
import re

import pytest

from games.seasons.rules import ENGINE

from .helpers import act, cid, duel, moves, summon

AIR, WATER, FIRE, EARTH = range(4)


def labels(state, seat):
    return [m.label for m in moves(state, seat)]


def test_a_familiar_named_as_a_person_takes_no_article_an_item_does():
    s = ENGINE.setup(2, {"level": "archmage"}, 1)
    s["p"][0]["packet"] = [cid(16), cid(34), cid(19), cid(10)]
    assert labels(s, 0) == [
        "Pick Kairn the Destroyer",
        "Pick the Crystal Orb",
        "Pick Ragfield's Helm",
        "Pick Syllas the Faithful",
    ]


def test_counts_agree_with_their_number():
    s = duel(energy=[[1, 0, 0, 1]], face={"transmute": True})  # winter: air 1, earth 3
    assert "Transmute 1 air into 1 crystal" in labels(s, 0)
    assert "Transmute 1 earth into 3 crystals" in labels(s, 0)
    s = act(s, 0, {"action": "transmute", "element": AIR})
    assert {"text": "{p0} transmutes 1 air into 1 crystal.", "to": None} in s["log"]


def test_a_token_put_on_the_amulet_of_water_is_said_once():
    s = summon(duel(hands=[[4]], energy=[[0, 2, 0, 0]]), 0, 4)
    s = act(s, 0, {"action": "take", "element": FIRE})
    assert s["log"] == [{"text": "{p0} takes 1 fire onto the Amulet of Water.", "to": None}]


def test_a_token_from_a_card_names_the_card():
    s = summon(duel(hands=[[18]], energy=[[0, 1, 0, 1]]), 0, 18)  # Bespelled Grimoire: 2 tokens
    s = act(s, 0, {"action": "take", "element": FIRE})
    assert s["log"] == [{"text": "{p0} takes 1 fire (Bespelled Grimoire).", "to": None}]


RULE_ID = re.compile(r"\b(SEA|COUP|KOR|TRO)-|data #")


def test_the_level_option_speaks_to_players_without_rule_ids():
    (level,) = ENGINE.options
    assert not RULE_ID.search(level.help) and not RULE_ID.search(level.label)
    assert not any(RULE_ID.search(text) for _, text in level.choices)


@pytest.mark.parametrize("level", ["apprentice", "wizard", "archmage"])
def test_no_rule_id_in_anything_a_player_reads_over_a_whole_game(level):
    rng = random.Random(level)
    state = ENGINE.setup(3, {"level": level}, 5)
    seen: set[str] = set()
    while ENGINE.outcome(state) is None:
        seen.add(ENGINE.prompt(state))
        seen.add(ENGINE.summary(state))
        seat = rng.choice(ENGINE.to_act(state))
        options = ENGINE.legal_moves(state, seat)
        seen.update(m.label for m in options)
        seen.update(str(ENGINE.view(state, seat)) for _ in [0] if rng.random() < 0.05)
        state = ENGINE.apply(state, seat, rng.choice(options))
        seen.update(ln["text"] for ln in state["log"])
    seen.add(ENGINE.outcome(state).summary)
    assert not [text for text in seen if RULE_ID.search(text)]


def test_a_payment_says_where_each_token_comes_from():
    s = duel(hands=[[3]], play=[[4]], energy=[[0, 0, 0, 1]])  # Amulet of Earth: 2 earth
    s["p"][0]["play"][0]["tokens"] = [0, 0, 0, 2]
    s = act(s, 0, {"action": "summon", "card": cid(3)})
    assert labels(s, 0) == [
        "Pay 1 earth from your reserve and 1 earth from the Amulet of Water",
        "Pay 2 earth from the Amulet of Water",
    ]


def test_two_copies_in_play_that_differ_say_how():
    s = duel(play=[[37, 37, 4]])  # two Dragon Skulls and an Amulet of Water
    s["p"][0]["play"][2]["tokens"] = [0, 2, 0, 0]
    s = act(s, 0, {"action": "activate", "card": cid(37)})
    assert labels(s, 0) == [
        "Sacrifice the Dragon Skull (activated)",
        "Sacrifice the Dragon Skull",
        "Sacrifice the Amulet of Water (holding 2 water)",
    ]
