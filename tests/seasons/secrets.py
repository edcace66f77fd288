"""Scramble what a seat may not know (SEA-2), to prove nothing it sees
depends on it.

`scramble_secrets(state, seat, rng)` returns a copy of a Seasons state in
which every card hidden from `seat` (None: a spectator) is exchanged for
another hidden card, by one random one-to-one mapping applied everywhere it
appears: other players' hands, year sets, draft packets, picks and
assignments, the cards others are looking at, the draw and discard piles
(then reshuffled), and the rng. Counts are kept. Once the game is over the
hands are shown (SEA-10's penalty for the cards left in hand), so they stay.
Also used by the web and API tests.
"""

from __future__ import annotations

import random

from games.engine import State
from games.seasons.rules.table import copy_state


def scramble_secrets(state: State, seat: int | None, rng: random.Random) -> State:
    s = copy_state(state)
    others = [p for i, p in enumerate(s["p"]) if i != seat]
    head = s["queue"][0] if s["queue"] else None
    seen_top = head is not None and head["k"] == "orb" and head.get("seat") == seat
    hidden: set[int] = set(s["deck"][:-1] if seen_top else s["deck"]) | set(s["discard"])
    over = s["phase"] == "over"
    for p in others:
        hidden.update(p["packet"], p["picked"])
        if not over:
            hidden.update(p["hand"])
        for year in p["years"]:
            hidden.update(year)
        if p["pick"] is not None:
            hidden.add(p["pick"])
    for task in s["queue"]:
        if task.get("seat") != seat and "cards" in task:
            hidden.update(task["cards"])
    # Cards of the viewer's own that sit in a hidden place (a Naria gift it
    # gave, now in another hand) stay: the viewer knows them.
    ordered = sorted(hidden)
    shuffled = ordered[:]
    rng.shuffle(shuffled)
    swap = dict(zip(ordered, shuffled, strict=True))

    def mapped(cards):
        return [swap.get(c, c) for c in cards]

    for p in others:
        p["hand"], p["packet"], p["picked"] = (
            mapped(p["hand"]),
            mapped(p["packet"]),
            mapped(p["picked"]),
        )
        p["years"] = [mapped(y) for y in p["years"]]
        if p["pick"] is not None:
            p["pick"] = swap.get(p["pick"], p["pick"])
        p["assign"] = {str(swap.get(int(k), int(k))): v for k, v in p["assign"].items()}
    for task in s["queue"]:
        if task.get("seat") != seat and "cards" in task:
            task["cards"] = mapped(task["cards"])
    top = s["deck"][-1:] if seen_top else []
    deck = mapped(s["deck"][:-1] if seen_top else s["deck"])
    rng.shuffle(deck)
    s["deck"] = deck + top
    s["discard"] = mapped(s["discard"])
    rng.shuffle(s["discard"])
    s["rng"] = rng.getrandbits(63)
    return s
