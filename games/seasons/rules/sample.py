"""Seasons seen from one seat, and rebuilt from that view with its secrets
drawn anew (SEA-2).

`public_state` is the bookkeeping a program needs to rebuild the table that
the board does not draw: the dice as numbers, the whole turn record, and the
queue of work still to do, where the cards another player is looking at are
only counted and a Crystal Orb's card is hidden from all but its owner.
`sample_state` builds a whole state from a view: the cards the seat has not
seen (the level's cards, SEA-3.2, less every card in play and the seat's own
hand, year sets, draft cards and the cards it is looking at) are dealt to
the hidden places in the counts the view shows: other hands, year sets and
draft cards, the cards others are looking at, the discard pile and the draw
pile; a fresh generator rolls the future dice.

Not used: what the seat saw earlier (the draft packets it passed on, the
cards it gave with Naria) and the Apprentice sets' lists; such cards are
drawn like any other unseen card.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from games.engine import Rng, State
from games.seasons.rules.data import ELEMENTS, SEASONS

ARCHMAGE_CARDS, OTHER_CARDS = 50, 30


def public_state(state: State, own: int | None) -> dict[str, Any]:
    return {
        "sets_added": state["sets_added"],
        "ended": state["ended"],
        "dice": [dict(die) for die in state["dice"]],
        "turn": None if state["turn"] is None else dict(state["turn"]),
        "queue": [public_task(task, own) for task in state["queue"]],
    }


def public_task(task: Mapping[str, Any], own: int | None) -> dict[str, Any]:
    shown = copy.deepcopy(dict(task))
    if own is not None and task.get("seat") == own:
        return shown
    if "cards" in shown:
        shown["cards"] = len(shown["cards"])
    if shown["k"] == "orb":
        shown["card"] = None  # the top of the draw pile, seen by the Orb's owner only
    return shown


def sample_state(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    public = view["public_state"]
    views = view["players"]
    top = ARCHMAGE_CARDS if view["level"] == "archmage" else OTHER_CARDS
    over = view["phase"] == "over"

    queue = [copy.deepcopy(task) for task in public["queue"]]
    own_orb = next((t["card"] for t in queue if t["k"] == "orb" and t.get("seat") == seat), None)
    seen: set[int] = set()
    players = []
    for i, player in enumerate(views):
        p = {
            "crystals": player["crystals"],
            "gauge": player["gauge"],
            "energy": [player["energy"][name] for name in ELEMENTS],
            "hand": [],
            "play": [
                {
                    "id": card["id"],
                    "tapped": card["tapped"],
                    "tokens": [card["tokens"].get(name, 0) for name in ELEMENTS],
                }
                for card in player["play"]
            ],
            "years": [],
            "bonuses": player["bonuses"],
            "packet": [],
            "picked": [],
            "pick": None,
            "assign": {},
            "ready": player["ready"],
        }
        seen.update(card["id"] for card in player["play"])
        if i == seat:
            p["hand"] = [card["id"] for card in view["hand"]]
            p["years"] = [[card["id"] for card in cards] for cards in view["years"]]
            p["packet"] = [card["id"] for card in view["packet"]]
            p["picked"] = [card["id"] for card in view["picked"]]
            p["pick"] = None if view["pick"] is None else view["pick"]["id"]
            p["assign"] = dict(view["assign"])
        elif over:
            p["hand"] = [card["id"] for card in player["hand_shown"]]
        players.append(p)
    me = players[seat]
    seen.update(me["hand"], me["packet"], me["picked"])
    for cards in me["years"]:
        seen.update(cards)
    for p in players:
        seen.update(p["hand"])
    for task in queue:
        if task.get("seat") == seat and "cards" in task:
            seen.update(task["cards"])
    if own_orb is not None:
        seen.add(own_orb)

    unseen = [card for card in range(top * 2) if card not in seen]
    rng.shuffle(unseen)

    def deal(count: int) -> list[int]:
        if count > len(unseen):
            raise ValueError("The view counts more hidden cards than there are.")
        cards = unseen[len(unseen) - count :]
        del unseen[len(unseen) - count :]
        return cards

    drafting = view["phase"] == "draft"
    own_packet = len(me["packet"])
    for i, player in enumerate(views):
        if i == seat:
            continue
        p = players[i]
        if not over:
            p["hand"] = deal(player["hand_count"])
        p["years"] = [deal(count) for count in player["year_counts"]]
        if drafting:
            p["packet"] = deal(own_packet)
            if i not in view["to_act"]:
                # Everyone not asked has picked; the pick stays in the packet
                # until all have.
                p["pick"] = p["packet"][-1]
        picked = player["picked_count"] - (p["pick"] is not None)
        p["picked"] = deal(picked)
        if p["ready"]:
            # A finished split (SEA-4.2): three cards a year.
            p["assign"] = {str(card): 1 + k // 3 for k, card in enumerate(p["picked"])}
    for task in queue:
        if task.get("seat") != seat and isinstance(task.get("cards"), int):
            task["cards"] = deal(task["cards"])
    discard = deal(view["discard_size"])
    deck_size = view["deck_size"] - (own_orb is not None)
    deck = deal(deck_size)
    if unseen:
        raise ValueError("The view counts fewer hidden cards than there are.")
    if own_orb is not None:
        deck.append(own_orb)
    for task in queue:
        if task["k"] == "orb" and task["card"] is None:
            task["card"] = deck[-1]

    return {
        "players": len(views),
        "level": view["level"],
        "phase": view["phase"],
        "month": view["month"],
        "year": view["year"],
        "sets_added": public["sets_added"],
        "first": view["first"],
        "round": view["round"],
        "ended": public["ended"],
        "deck": deck,
        "discard": discard,
        "p": players,
        "dice": [dict(die) for die in public["dice"]],
        "dice_season": SEASONS.index(view["dice_season"]),
        "turn": None if public["turn"] is None else dict(public["turn"]),
        "queue": queue,
        "staged": [],
        "rng": rng.next64(),
        "log": [],
    }
