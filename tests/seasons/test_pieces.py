"""Where each Seasons move sits on the board (its record's `About`): the piece a
move acts on, named from the acting seat's own side, its group in the list
of moves, and whether it is the seat's only move, to be played for it."""

from __future__ import annotations

import random

import pytest

from games.engine import About
from games.seasons.rules import ENGINE
from games.seasons.rules.pieces import ORDER

from .helpers import act, cid, duel, moves


def infos(state, seat):
    return {m.label: m for m in moves(state, seat)}


def targets(state, seat):
    return {label: info.target for label, info in infos(state, seat).items()}


def test_sea_4_1_each_pick_is_the_card_in_the_packet():
    state = ENGINE.setup(2, {"level": "wizard"}, 5)
    packet = state["p"][0]["packet"]
    found = {ENGINE.listed(state, 0, m).target for m in moves(state, 0)}
    assert found <= {f"packet:{c}" for c in packet}
    assert len(found) == len({c // 2 for c in packet})  # copies are one pick
    assert {i.group for i in infos(state, 0).values()} == {"Draft"}
    assert not any(i.forced for i in infos(state, 0).values())


def test_sea_4_1_a_packet_of_two_copies_is_a_forced_pick():
    state = ENGINE.setup(2, {"level": "wizard"}, 5)
    state["p"][0]["packet"] = [cid(4), cid(4, 1)]
    (info,) = infos(state, 0).values()
    assert info.about == About(
        label=info.label, target=f"packet:{cid(4)}", group="Draft", forced=True, private=True
    )


def test_sea_4_2_a_picked_card_has_one_place_per_year_with_room():
    state = ENGINE.setup(2, {"level": "wizard"}, 5)
    picked = [cid(n) for n in (1, 2, 3, 4, 5, 6, 7, 8, 9)]
    for p in state["p"]:
        p.update(packet=[], picked=list(picked))
    state["phase"], state["queue"] = "sets", [{"k": "sets"}]
    for card, year in zip(picked[:6], (1, 1, 1, 2, 2, 2), strict=True):
        state = act(state, 0, {"action": "assign", "card": card, "year": year})
    found = infos(state, 0)
    assert found["Temporal Boots to year 3"].target == f"set:{cid(7)}:3"
    assert "Temporal Boots to year 1" not in found  # year 1 is full
    assert found["Start the sets again"].target == "sets:clear"
    # One year left, but the seat may still start again: nothing is forced.
    assert not any(i.forced for i in found.values())
    for card in picked[6:]:
        state = act(state, 0, {"action": "assign", "card": card, "year": 3})
    assert targets(state, 0) == {
        "Confirm my three sets": "sets:confirm",
        "Start the sets again": "sets:clear",
    }


def test_sea_op7_each_free_die_is_its_own_piece():
    state = duel()
    state["dice"].append({"die": 4, "face": 0, "by": None})
    state["queue"].insert(0, {"k": "die", "seat": 1})
    found = infos(state, 1)
    assert [i.target for i in found.values()] == ["die:1", "die:2"]
    assert {i.group for i in found.values()} == {"Season dice"}


def test_sea_6_a_turn_acts_on_the_die_reserve_hand_cards_in_play_and_bonuses():
    state = duel(
        hands=[[4, 19]],  # Amulet of Water (2 water) affordable, Ragfield's Helm (3 air) not
        play=[[16]],  # Kairn the Destroyer: activated with 1 energy
        energy=[[1, 2, 0, 0]],
        face={"star": True, "transmute": True},
        gauge=[5],
    )
    by_action = {}
    for m in moves(state, 0):
        by_action.setdefault(m["action"], []).append(ENGINE.listed(state, 0, m))
    assert [i.target for i in by_action["star"]] == ["mydie:star"]
    assert [i.target for i in by_action["transmute"]] == ["reserve:air", "reserve:water"]
    assert [i.target for i in by_action["summon"]] == [f"hand:{cid(4)}"]
    assert {i.target for i in by_action["activate"]} == {f"play:{cid(16)}"}
    assert [i.target for i in by_action["end_turn"]] == ["turn:end"]
    assert {i.target for i in by_action["bonus"]} == {"bonus:1", "bonus:2", "bonus:3"}
    assert by_action["star"][0].group == "Your die"
    assert by_action["summon"][0].group == "Summon"
    assert by_action["bonus"][0].group.startswith("Bonuses")
    # Ending the turn is always there too: no move of this turn is forced.
    assert not any(i.forced for infos in by_action.values() for i in infos)


def test_sea_6_1_a_turn_with_nothing_to_do_but_end_it_is_forced():
    state = duel(gauge=[0], face={"crystals": 6})
    state["p"][0]["bonuses"] = 3
    (only,) = moves(state, 0)
    assert only == {"action": "end_turn"}
    assert ENGINE.listed(state, 0, only).forced


def test_sea_6_3_giving_back_over_the_limit_with_one_element_left_is_forced():
    state = duel(energy=[[0, 8, 0, 0]])
    state["queue"].insert(0, {"k": "overflow", "seat": 0})
    (only,) = moves(state, 0)
    assert ENGINE.listed(state, 0, only).target == "reserve:water"
    assert ENGINE.listed(state, 0, only).forced
    state["p"][0]["energy"] = [1, 7, 0, 0]
    assert not any(ENGINE.listed(state, 0, m).forced for m in moves(state, 0))


PIECE_KINDS = [
    "packet",
    "set",
    "sets",
    "die",
    "mydie",
    "hand",
    "play",
    "choice",
    "reserve",
    "supply",
    "bonus",
    "marker",
    "count",
    "player",
    "pile",
    "turn",
]


def _own_cards(view) -> set[int]:
    """Every card the seat's own view shows it."""
    cards = set()
    for key in ("hand", "packet", "picked"):
        cards |= {c["id"] for c in view[key] or []}
    for ys in view["years"] or []:
        cards |= {c["id"] for c in ys}
    if view["pick"]:
        cards.add(view["pick"]["id"])
    cards |= {c["id"] for c in (view["choice"] or {}).get("cards", [])}
    return cards


@pytest.mark.parametrize("seed", [3, 8])
def test_sea_2_every_move_of_a_game_names_a_piece_its_seat_sees(seed):
    """Through a whole seeded game: every legal move has a piece and a group
    of the list; a card a target names is one the acting seat's own view
    shows (its hand, packet, choice or its cards in play), never another
    seat's secret; a forced move is its seat's only move."""
    rng = random.Random(seed)
    state = ENGINE.setup(2, {"level": "wizard"}, seed)
    forced_seen = 0
    for _ in range(5000):
        seats = ENGINE.to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        legal = moves(state, seat)
        view = ENGINE.view(state, seat)
        mine = _own_cards(view) | {c["id"] for c in view["players"][seat]["play"]}
        for m in legal:
            info = ENGINE.listed(state, seat, m)
            kind, _, rest = info.target.partition(":")
            assert kind in PIECE_KINDS, (m, info)
            assert info.group in ORDER
            if kind in ("packet", "set", "hand", "play", "choice") and rest[:1].isdigit():
                assert int(rest.split(":")[0]) in mine, (m, info)
            # A card of the packet, the year sets, the hand or a choice is the
            # seat's secret: such a move is private; one on the table is not.
            secret = kind in ("packet", "set", "hand") or (kind == "choice" and rest.isdigit())
            assert info.private == secret, (m, info)
            if info.forced:
                forced_seen += 1
                assert legal == [m]
        state = ENGINE.apply(state, seat, rng.choice(legal))
    assert state["phase"] == "over"
    assert forced_seen > 0
