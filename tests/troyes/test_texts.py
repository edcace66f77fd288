"""Troyes' labels, prompts and log lines read as English: counts agree with
their nouns, cards take their article ("the Merchant", but "Hunting"), a
bought die reads with its price, and a starting place says what it is."""

from __future__ import annotations

import pytest

from games.troyes.rules import ENGINE
from games.troyes.rules import cards as C
from games.troyes.rules import flow as F

from .helpers import play, ready, texts

R, W, Y = C.RED, C.WHITE, C.YELLOW
CONFIRM = {"action": "confirm"}


def labels(state, seat=0):
    return [m.label for m in ENGINE.legal_moves(state, seat)]


def test_characters_dealt_read_in_the_singular_and_the_plural():
    two = ENGINE.setup(2, {}, 3)
    three = ENGINE.setup(3, {}, 3)
    mine = [ln["text"] for ln in two["log"] if ln["to"] == [0]]
    assert mine[0].startswith("Your characters: ") and " and " in mine[0]
    mine = [ln["text"] for ln in three["log"] if ln["to"] == [0]]
    assert mine[0].startswith("Your character: ") and " and " not in mine[0]


def test_starting_places_say_which_dice_the_row_is_for():
    state = ENGINE.setup(3, {}, 1)
    shown = labels(state, state["current"])
    assert "Palace: the space for a 4" in shown
    assert "Monastery: the row for a 1 or 2, space 1 of 2" in shown
    assert "City Hall: the row for a 4, 5 or 6, space 3 of 3" in shown
    seat = state["current"]
    state = ENGINE.apply(state, seat, {"action": "place", "building": W, "row": 1, "space": 0})
    assert texts(state) == [
        f"{{p{seat}}} places a citizen in the Monastery, on the row for a 3 or 4."
    ]


def test_a_bought_die_reads_with_its_price():
    state = ready([(0, Y, 2), (1, Y, 5), (1, Y, 4)])
    state = play(state, 0, {"action": "choose", "kind": "agriculture"})
    assert "Add a yellow 5 from {p1} for 2 deniers" in labels(state)
    assert "Add a yellow 2" in labels(state)
    state = play(state, 0, {"action": "add_die", "die": 1})
    # A second bought die: 4 deniers each, so 8 in all, 6 more than now.
    assert (
        "Add a yellow 4 from {p1} for 6 deniers more "
        "(4 deniers a bought die in an action of 2 dice)" in labels(state)
    )
    assert "Take back the yellow 5" in labels(state)


@pytest.mark.parametrize(
    ("card", "label"),
    [("merchant", "Activate the Merchant"), ("hunting", "Activate Hunting")],
)
def test_cards_take_their_article(card, label):
    colour, level = C.CARDS[card].colour, C.CARDS[card].level
    state = ready([(0, colour, 6), (1, R, 1)], **{f"{colour}_{level}": card})
    assert label in labels(state)


def test_events_take_their_article_and_counts_agree():
    state = ready([(0, W, 6), (0, R, 6), (1, Y, 1)])
    state["events"] = [{"id": "heresy", "marks": []}, {"id": "siege", "marks": []}]
    assert {"Fight Heresy", "Fight the Siege"} <= set(labels(state))
    state = play(
        state,
        0,
        {"action": "choose", "kind": "event", "event": "siege"},
        {"action": "add_die", "die": 1},
        CONFIRM,
    )
    assert texts(state)[0] == "{p0} fights the Siege with a red 6: 1 marker."
    state = ready([(0, Y, 1)])
    state["deniers"] = [10, 0]
    state["events"] = [{"id": "raid", "marks": []}]
    log = []
    F._resolve_events(state, log)
    lines = [ln["text"] for ln in log]
    assert lines[1:] == [
        "Border raid: {p0} pays 1 denier.",
        "Border raid: {p1} pays 0 of 1 denier and loses 2 victory points.",
    ]
    assert lines[0].startswith("Border raid rolls 1 black die: ")


def test_a_trade_card_used_twice_and_a_marker_with_its_article():
    state = ready([(0, Y, 6), (1, R, 1)], yellow_1="artisan")
    state["supervisors"] = {"artisan": [0]}
    state = play(
        state,
        0,
        {"action": "choose", "kind": "card", "card": "artisan"},
        {"action": "add_die", "die": 0},
        CONFIRM,
    )
    assert texts(state) == ["{p0} activates the Artisan with a yellow 6: up to 2 uses."]
    assert labels(state) == ["Use the Artisan once", "Use the Artisan twice"]
    state = play(state, 0, {"action": "uses", "count": 2})
    assert texts(state)[0] == "{p0} uses the Artisan twice: pays 2 influence and gains 12 deniers."
    state = ready([(0, Y, 1), (1, R, 1)])
    state["markers"]["apprenticeship"] = [1, 0]
    state = play(state, 0, {"action": "choose", "kind": "agriculture"})
    assert "Use an Apprenticeship marker" in labels(state)
    state = play(
        state,
        0,
        {"action": "marker", "card": "apprenticeship"},
        {"action": "add_die", "die": 0},
        CONFIRM,
    )
    assert (
        texts(state)[0] == "{p0} farms with a yellow 1, with an Apprenticeship marker: 2 deniers."
    )


def test_one_denier_farmed_and_a_fight_won():
    state = ready([(0, Y, 3), (1, R, 1)])
    state = play(
        state,
        0,
        {"action": "choose", "kind": "agriculture"},
        {"action": "add_die", "die": 0},
        CONFIRM,
    )
    assert texts(state)[0] == "{p0} farms with a yellow 3: 1 denier."
