"""Troyes seen from one seat, and rebuilt from that view with its secrets
drawn anew (section 3, "What a player sees").

`public_state` is the bookkeeping a program needs to rebuild the table and
the board does not show: the snake order still to place, the supervisors and
markers as the state keeps them, a paid turn-over still running, the pass
bonus and the markers ever placed on events. `sample_state` builds a whole
state from a view, drawing what the seat cannot see:

- other players' characters, among those the seat does not hold (TRO-1.7,
  TRO-OP1a), as many as each holds;
- activity cards still face down, one of each colour and level at random
  (TRO-OP2a, TRO-OP3), as at setup;
- the event decks: the events of each colour not yet seen, in a random
  order (the red deck holds only as many as the view counts, TRO-OP6);
- other players' victory points (TRO-OP19: totals are hidden, but most gains
  are public): the seat's own total, less what it earned in public ways,
  plus what the other earned in public ways (Cathedral markers, TRO-12.3;
  the events it took, TRO-13.3), give or take two;
- a fresh generator for future dice.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from games.engine import Rng, State
from games.troyes.rules import cards as C

BUILD_KEYS = ("kind", "target", "dice", "marker", "sup")
# A die of the state; the view adds the names of its pieces.
DIE_KEYS = ("id", "owner", "colour", "value")


def public_state(state: State) -> dict[str, Any]:
    return {
        "placement": list(state["placement"]),
        "supervisors": copy.deepcopy(state["supervisors"]),
        "markers": copy.deepcopy(state["markers"]),
        "turning": copy.deepcopy(state["turning"]),
        "pass_bonus": list(state["pass_bonus"]),
        "event_markers": list(state["event_markers"]),
    }


def public_vp(view: Mapping[str, Any], seat: int) -> int:
    """Victory points a player is seen to earn: one per Cathedral marker and
    the first's reward of each event they took."""
    player = view["players"][seat]
    won = sum(C.EVENT_CARDS[event["id"]].rewards[0] for event in player["won"])
    return player["cathedral_markers"] + won


def sample_state(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    public = view["public_state"]
    players = view["players"]
    n = view["players_count"]
    over = view["phase"] == "over"

    own_characters = [c["id"] for c in players[seat]["characters"]]
    pool = [c.id for c in C.CHARACTERS if c.id not in own_characters]
    rng.shuffle(pool)
    characters, vp = [], []
    for i, player in enumerate(players):
        if over or i == seat:
            characters.append(sorted(c["id"] for c in player["characters"]))
            vp.append(player["vp"])
            continue
        count = player["character_count"]
        characters.append(sorted(pool[:count]))
        del pool[:count]
        guess = players[seat]["vp"] - public_vp(view, seat) + public_vp(view, i)
        vp.append(max(0, guess + rng.below(5) - 2))

    activity: dict[str, list[str]] = {colour: [] for colour in C.COLOURS}
    for card in view["activity"]:
        colour, level = card["colour"], card["level"]
        if card["revealed"]:
            activity[colour].append(card["id"])
        else:
            activity[colour].append(rng.choice(C.cards_of(colour, level)).id)

    seen_events = {event["id"] for event in view["events"]}
    for player in players:
        seen_events.update(event["id"] for event in player["won"])
    decks = {}
    for colour, count in view["decks"].items():
        left = [event for event in C.deck(colour) if event not in seen_events]
        rng.shuffle(left)
        decks[colour] = left[:count]

    build = view["build"]
    return {
        "players": n,
        "rounds": view["rounds"],
        "round": view["round"],
        "phase": view["phase"],
        "start": view["start"],
        "current": view["current"],
        "placement": list(public["placement"]),
        "ip": [p["ip"] for p in players],
        "deniers": [p["deniers"] for p in players],
        "vp": vp,
        "characters": characters,
        "owned": [p["owned"] for p in players],
        "supply": [p["supply"] for p in players],
        "passed": [p["passed"] for p in players],
        "pass_bonus": list(public["pass_bonus"]),
        "square_deniers": [p["square_deniers"] for p in players],
        "won": [[event["id"] for event in p["won"]] for p in players],
        "event_markers": list(public["event_markers"]),
        "buildings": {
            b["colour"]: [list(row["spaces"]) for row in b["rows"]] for b in view["buildings"]
        },
        "lying": {b["colour"]: list(b["lying"]) for b in view["buildings"]},
        "grey_box": view["grey_box"],
        "activity": activity,
        "supervisors": copy.deepcopy(public["supervisors"]),
        "markers": copy.deepcopy(public["markers"]),
        "cathedral": [list(column) for column in view["cathedral"]],
        "events": [{"id": e["id"], "marks": list(e["marks"])} for e in view["events"]],
        "decks": decks,
        "dice": [{key: d[key] for key in DIE_KEYS} for d in view["dice"]],
        "black": list(view["black"]),
        "fight": {"black": list(view["fight"]["black"]), "own": list(view["fight"]["own"])},
        "build": None if build is None else {key: copy.deepcopy(build[key]) for key in BUILD_KEYS},
        "uses": None if view["uses"] is None else dict(view["uses"]),
        "turning": copy.deepcopy(public["turning"]),
        "final": copy.deepcopy(view["final"]),
        "rng": rng.next64(),
        "log": [],
    }
