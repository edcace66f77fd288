"""Every activity card's effect (TRO-11, research §2; ours too), the delayed
markers (TRO-11.11, TRO-OP16) and the characters' formulas (TRO-1.7)."""

from __future__ import annotations

import pytest

from games.engine import IllegalMove
from games.troyes.rules import ENGINE
from games.troyes.rules import cards as C
from games.troyes.rules import flow as F
from games.troyes.rules import table as T

from .helpers import play, ready

R, W, Y = C.RED, C.WHITE, C.YELLOW
CONFIRM = {"action": "confirm"}


def activate(card_id: str, values: list[int], setup=None, marker=None, colour=None):
    """Seat 0 supervises the card and activates it with own dice of its colour."""
    card = C.CARDS[card_id]
    dice = [(0, colour or card.colour, v) for v in values] + [(1, Y, 1)]
    state = ready(dice, **{f"{card.colour}_{card.level}": card_id})
    state["supervisors"] = {card_id: [0]}
    if setup:
        setup(state)
    moves = [{"action": "choose", "kind": "card", "card": card_id}]
    if marker:
        moves.append({"action": "marker", "card": marker})
    moves += [{"action": "add_die", "die": i} for i in range(len(values))]
    moves.append(CONFIRM)
    return state, play(T.copy_state(state), 0, *moves)


@pytest.mark.parametrize(
    ("card_id", "values", "gains"),
    [
        ("merchant", [6], {"deniers": 6}),
        ("goldsmith", [5], {"vp": 1, "deniers": 2}),
        ("sculptor", [4], {"vp": 1}),
        ("almoner", [3], {"ip": 1}),
        ("pilgrimage", [4], {"vp": 1}),
        ("diplomat", [3], {"ip": 1}),
        ("archer", [4], {"deniers": 4}),
        ("hunting", [4], {"ip": 1, "deniers": 1}),
        ("watchman", [6], {"deniers": 6}),
        ("jousting", [6], {"vp": 4}),
    ],
)
def test_plain_gain_cards(card_id, values, gains):
    before, after = activate(card_id, values)
    for key in ("deniers", "ip", "vp"):
        assert after[key][0] - before[key][0] == gains.get(key, 0), key


def test_squire_takes_a_citizen_from_the_pool():
    before, after = activate("squire", [4])
    assert after["supply"][0] == before["supply"][0] + 1
    assert after["owned"][0] == before["owned"][0] + 1


def test_jousting_takes_one_red_die_only():
    state = ready([(0, R, 6), (0, R, 5)], red_3="jousting")
    state["supervisors"] = {"jousting": [0]}
    state = play(state, 0, {"action": "choose", "kind": "card", "card": "jousting"})
    state = play(state, 0, {"action": "add_die", "die": 0})
    assert not any(m["action"] == "add_die" for m in ENGINE.legal_moves(state, 0))


@pytest.mark.parametrize(("palace", "monastery", "deniers"), [(1, 5, 10), (4, 1, 8), (0, 0, 0)])
def test_miller_pays_for_palace_or_monastery_citizens_whichever_is_more(palace, monastery, deniers):
    """2 deniers a citizen, in whichever of the two has more of seat 0's; a
    yellow 4 over 4 is one use."""

    def setup(state):
        state["buildings"][R] = [[0]] * palace + [[1]] * (6 - palace)
        state["buildings"][W] = [
            [0 if 2 * r + i < monastery else 1 for i in range(2)] for r in range(3)
        ]

    before, after = activate("miller", [4], setup)
    assert after["deniers"][0] - before["deniers"][0] == deniers


@pytest.mark.parametrize(("monks", "vp"), [(1, 1), (2, 2)])
def test_procession_gives_more_with_two_monastery_citizens(monks, vp):
    def setup(state):
        state["buildings"][W] = [[0] * monks + [1] * (2 - monks), [1, 1], [1, 1]]

    before, after = activate("procession", [4], setup)
    assert after["vp"][0] - before["vp"][0] == vp


def test_glassmaker_counts_cathedral_levels_with_a_marker():
    def setup(state):
        state["cathedral"] = [[0], [1, 0], [], [], [], []]

    before, after = activate("glassmaker", [5], setup)
    assert after["vp"][0] - before["vp"][0] == 2


def test_captain_counts_events_with_markers_and_events_won():
    def setup(state):
        state["events"] = [{"id": "looting", "marks": [0]}, {"id": "war", "marks": [1]}]
        state["won"][0] = ["siege"]

    before, after = activate("captain", [5], setup)
    assert after["vp"][0] - before["vp"][0] == 2


@pytest.mark.parametrize(
    ("card_id", "values", "uses", "paid", "gained"),
    [
        ("artisan", [6], 2, {"ip": 2}, {"deniers": 12}),
        ("innkeeper", [4], 2, {"deniers": 2}, {"ip": 2}),
        ("journeyman", [6], 2, {"deniers": 6}, {"vp": 4}),
        ("sergeant", [6], 2, {"deniers": 4}, {"vp": 2}),
        ("troubadour", [6], 2, {"ip": 4}, {"vp": 4}),
    ],
)
def test_trade_cards_choose_their_uses(card_id, values, uses, paid, gained):
    before, after = activate(card_id, values)
    assert after["phase"] == "uses" and after["uses"]["max"] == uses
    assert [m["count"] for m in ENGINE.legal_moves(after, 0)] == list(range(1, uses + 1))
    done = play(after, 0, {"action": "uses", "count": uses})
    for key in ("deniers", "ip", "vp"):
        change = gained.get(key, 0) - paid.get(key, 0)
        assert done[key][0] - before[key][0] == change, key
    assert done["phase"] == "actions"


def test_a_trade_card_needs_the_means_for_one_use():
    def setup(state):
        state["ip"][0] = 1

    with pytest.raises(IllegalMove, match="even one use"):
        activate("troubadour", [6], setup)


# -- delayed markers ------------------------------------------------------------------


def with_marker(state, card_id, count=1):
    state["markers"][card_id] = [count, 0]
    return state


def farm(dice, marker, extra=None):
    state = with_marker(ready([*dice, (1, R, 1)]), marker)
    moves = [{"action": "choose", "kind": "agriculture"}, {"action": "marker", "card": marker}]
    moves += [{"action": "add_die", "die": i} for i in range(len(dice))]
    return state, play(T.copy_state(state), 0, *moves, *(extra or []), CONFIRM)


@pytest.mark.parametrize(
    ("marker", "dice", "deniers"),
    [
        ("priest", [(0, Y, 2), (0, Y, 2)], 5),  # +3 each: 10 pips
        ("apprenticeship", [(0, Y, 1), (0, Y, 1)], 5),  # all fives
        ("copyist", [(0, Y, 1), (0, Y, 1)], 2),  # +1 each
        ("monk", [(0, W, 4)], 6),  # one white 4 as three yellow 4s
    ],
)
def test_markers_that_change_the_pips(marker, dice, deniers):
    before, after = farm(dice, marker)
    assert after["deniers"][0] - before["deniers"][0] == deniers
    assert after["markers"][marker] == [0, 0]


def test_blacksmith_adds_5_to_a_red_group_not_to_placing():
    state = with_marker(ready([(0, R, 3), (1, Y, 1)]), "blacksmith")
    state["events"] = [{"id": "siege", "marks": []}]
    fight = {"action": "choose", "kind": "event", "event": "siege"}
    done = play(
        T.copy_state(state),
        0,
        fight,
        {"action": "marker", "card": "blacksmith"},
        {"action": "add_die", "die": 0},
        CONFIRM,
    )
    assert done["events"][0]["marks"] == [0, 0]  # (3 + 5) / 4
    place = play(state, 0, {"action": "choose", "kind": "citizen", "building": R})
    assert not any(m["action"] == "marker" for m in ENGINE.legal_moves(place, 0))


def test_priest_not_for_placing_in_the_city_hall():
    state = with_marker(ready([(0, Y, 3), (1, Y, 1)]), "priest")
    place = play(state, 0, {"action": "choose", "kind": "citizen", "building": Y})
    assert not any(m["action"] == "marker" for m in ENGINE.legal_moves(place, 0))


def test_militia_lets_yellow_dice_act_as_red():
    state = with_marker(ready([(0, Y, 6), (0, R, 6), (1, Y, 1)], red_2="watchman"), "militia")
    state["supervisors"] = {"watchman": [0]}
    state = play(
        state,
        0,
        {"action": "choose", "kind": "card", "card": "watchman"},
        {"action": "marker", "card": "militia"},
    )
    adds = [m["die"] for m in ENGINE.legal_moves(state, 0) if m["action"] == "add_die"]
    assert adds == [0, 2]  # yellow dice only in that action
    done = play(state, 0, {"action": "add_die", "die": 0}, CONFIRM)
    assert done["deniers"][0] == 26


def test_tithing_takes_one_yellow_die_from_each_other_district_free():
    state = with_marker(
        ready([(0, Y, 2), (1, Y, 6), (1, Y, 5), (C.NEUTRAL, Y, 6), (1, R, 1)]), "tithing"
    )
    state = play(
        state,
        0,
        {"action": "choose", "kind": "agriculture"},
        {"action": "marker", "card": "tithing"},
        {"action": "add_die", "die": 1},
    )
    adds = [m["die"] for m in ENGINE.legal_moves(state, 0) if m["action"] == "add_die"]
    assert 2 not in adds and 3 in adds  # one die from each district
    done = play(state, 0, {"action": "add_die", "die": 3}, {"action": "add_die", "die": 0}, CONFIRM)
    assert done["deniers"] == [20 + 7, 20]  # 14 pips, nothing paid


def test_monk_one_white_die_from_another_district_costs_2():
    state = with_marker(ready([(1, W, 6), (1, R, 1)]), "monk")
    done = play(
        state,
        0,
        {"action": "choose", "kind": "agriculture"},
        {"action": "marker", "card": "monk"},
        {"action": "add_die", "die": 0},
        CONFIRM,
    )
    assert done["deniers"] == [20 - 2 + 9, 22]


def test_tro_op16_one_marker_per_action_and_none_against_black_dice():
    state = with_marker(with_marker(ready([(0, Y, 2), (1, R, 1)]), "priest"), "copyist")
    state = play(
        state,
        0,
        {"action": "choose", "kind": "agriculture"},
        {"action": "marker", "card": "priest"},
    )
    assert not any(m["action"] == "marker" for m in ENGINE.legal_moves(state, 0))
    defence = T.copy_state(state)
    defence.update(phase="defence", build=None, black=[2], fight={"black": [0], "own": []})
    assert not any(m["action"] == "marker" for m in ENGINE.legal_moves(defence, 0))


# -- characters (TRO-1.7; formulas ours) -----------------------------------------------


def test_every_character_scores_for_every_player():
    state = ready([(0, Y, 1)])
    state["ip"] = [10, 4]
    state["deniers"] = [9, 20]
    state["cathedral"] = [[0, 1], [0], [], [], [], []]
    state["supervisors"] = {"merchant": [0, 1], "watchman": [1]}
    state["won"] = [["siege"], []]
    state["events"] = [{"id": "looting", "marks": [0, 1]}]
    points = {ch.id: [T.character_points(state, ch, s) for s in (0, 1)] for ch in C.CHARACTERS}
    assert points["hugues"] == [3, 1]
    assert points["thibaut"] == [2, 5]
    assert points["urbain"] == [2, 1]
    assert points["florentin"] == [2, 4]
    # Standing citizens: seat 0 has 3, seat 1 has 5 (a lying one does not count).
    state["buildings"] = {
        R: [[0], [1], [1], [-1], [-1], [-1]],
        W: [[0, 1], [1, 1], [-1, -1]],
        Y: [[0, -1, -1], [-1, -1, -1]],
    }
    state["lying"][W] = [0]
    points["chretien"] = [
        T.character_points(state, C.CHARACTER_CARDS["chretien"], s) for s in (0, 1)
    ]
    assert points["chretien"] == [3, 5]
    assert points["henri"] == [3, 1]


def test_card_data_provenance_is_complete():
    assert len(C.ACTIVITY_CARDS) == 27
    for colour in C.COLOURS:
        for level in (1, 2, 3):
            assert len(C.cards_of(colour, level)) == 3
    assert all(c.name_source in (C.PUBLISHED, C.OURS) for c in C.ACTIVITY_CARDS)
    assert all(c.effect_source in (C.PUBLISHED, C.OURS) for c in C.ACTIVITY_CARDS)
    # Level III cards are all point cards (CVC19).
    for card in C.ACTIVITY_CARDS:
        if card.level == 3:
            assert "victory point" in card.text
    # Hire cost against first-space points within 3 for 5 and 1 for 3 (TIER).
    for card in C.ACTIVITY_CARDS:
        assert 1 / 3 - 1e-9 <= card.slots[0] / card.hire <= 0.6 + 1e-9
    assert sum(1 for e in C.EVENTS if e.deck == R and not e.permanent) == 8
    assert sum(1 for e in C.EVENTS if e.deck == W) == 4
    assert sum(1 for e in C.EVENTS if e.deck == Y) == 4
    assert len(C.CHARACTERS) == 6


# -- every card's numbers (ours where cards.py says so; TRO-10.6, TRO-11, TRO-13) ----------

# id, colour, level, hire (deniers), divisor, first and second space VP, dice.
ACTIVITY_NUMBERS = [
    ("artisan", Y, 1, 3, 3, (1, 0), (1, 3)),
    ("merchant", Y, 1, 3, 2, (1, 0), (1, 3)),
    ("miller", Y, 1, 3, 4, (1, 0), (1, 3)),
    ("innkeeper", Y, 2, 4, 2, (2, 1), (1, 3)),
    ("blacksmith", Y, 2, 4, 3, (2, 1), (1, 3)),
    ("militia", Y, 2, 4, 3, (2, 1), (1, 3)),
    ("journeyman", Y, 3, 5, 3, (3, 1), (1, 3)),
    ("goldsmith", Y, 3, 5, 5, (3, 1), (1, 3)),
    ("sculptor", Y, 3, 5, 4, (3, 1), (1, 3)),
    ("tithing", W, 1, 3, 3, (1, 0), (1, 3)),
    ("monk", W, 1, 3, 3, (1, 0), (1, 3)),
    ("priest", W, 1, 3, 3, (1, 0), (1, 3)),
    ("apprenticeship", W, 2, 4, 3, (2, 1), (1, 3)),
    ("almoner", W, 2, 4, 3, (2, 1), (1, 3)),
    ("copyist", W, 2, 4, 3, (2, 1), (1, 3)),
    ("pilgrimage", W, 3, 5, 4, (3, 1), (1, 3)),
    ("procession", W, 3, 5, 4, (3, 1), (1, 3)),
    ("glassmaker", W, 3, 5, 5, (3, 1), (1, 3)),
    ("diplomat", R, 1, 3, 3, (1, 0), (1, 3)),
    ("archer", R, 1, 3, 2, (1, 0), (1, 3)),
    ("squire", R, 1, 3, 4, (1, 0), (1, 3)),
    ("hunting", R, 2, 4, 4, (2, 1), (1, 3)),
    ("sergeant", R, 2, 4, 3, (2, 1), (1, 3)),
    ("watchman", R, 2, 4, 3, (2, 1), (1, 3)),
    ("jousting", R, 3, 5, 3, (3, 1), (1, 1)),
    ("captain", R, 3, 5, 5, (3, 1), (1, 3)),
    ("troubadour", R, 3, 5, 3, (3, 1), (1, 3)),
]


def test_every_activity_cards_numbers():
    assert [
        (c.id, c.colour, c.level, c.hire, c.divisor, c.slots, c.dice) for c in C.ACTIVITY_CARDS
    ] == ACTIVITY_NUMBERS


# id, deck, black dice a round, colour that fights it, divisor, flag spaces, rewards.
EVENT_NUMBERS = [
    ("looting", R, 1, R, 3, 4, (3, 1)),
    ("succession", R, 2, R, 3, 4, (4, 2)),
    ("raid", R, 1, R, 3, 3, (3, 1)),
    ("siege", R, 2, R, 4, 4, (4, 2)),
    ("brigands", R, 1, R, 3, 3, (3, 1)),
    ("war", R, 2, R, 4, 4, (4, 2)),
    ("revolt", R, 1, R, 3, 3, (3, 1)),
    ("invasion", R, 3, R, 4, 5, (5, 2)),
    ("pillage", R, 1, R, 3, 3, (3, 1)),
    ("heresy", W, 0, W, 3, 3, (3, 1)),
    ("excommunication", W, 0, W, 3, 3, (3, 1)),
    ("tithe", W, 0, W, 3, 3, (3, 1)),
    ("cloister", W, 0, W, 3, 3, (3, 1)),
    ("drought", Y, 0, Y, 3, 3, (3, 1)),
    ("famine", Y, 0, Y, 3, 3, (3, 1)),
    ("tax", Y, 0, Y, 3, 3, (3, 1)),
    ("newcomers", Y, 0, Y, 3, 3, (3, 1)),
]


def test_every_events_numbers():
    assert [
        (e.id, e.deck, e.black, e.fight, e.divisor, e.flags, e.rewards) for e in C.EVENTS
    ] == EVENT_NUMBERS


@pytest.mark.parametrize(
    ("event", "what", "amount"),
    [
        ("raid", "deniers", 1),
        ("brigands", "deniers", 2),
        ("tithe", "deniers", 2),
        ("drought", "deniers", 2),
        ("tax", "deniers", 3),
        ("pillage", "ip", 1),
        ("heresy", "ip", 1),
    ],
)
def test_what_each_event_takes(event, what, amount):
    state = ready([(0, Y, 1)])
    state[what] = [10, 10]
    state["events"] = [{"id": event, "marks": []}]
    F._resolve_events(state, [])
    assert state[what] == [10 - amount, 10 - amount]
