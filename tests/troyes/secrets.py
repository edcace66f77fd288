"""Scramble what a seat may not know (TRO-3, TRO-OP19), to prove that nothing
it sees depends on it.

`scramble_secrets(state, seat, rng)` returns a copy of a Troyes state where
every secret hidden from `seat` (None: a spectator) is changed: other players'
characters and victory points, the activity cards still face down, the order
of the event decks and the rng state. Before the end only; also used by the
web and API tests.
"""

from __future__ import annotations

import random

from games.engine import State
from games.troyes.rules import cards as C
from games.troyes.rules import table as T


def scramble_secrets(state: State, seat: int | None, rng: random.Random) -> State:
    new = T.copy_state(state)
    if state["phase"] == "over":
        new["rng"] = rng.getrandbits(64)
        return new
    ids = [c.id for c in C.CHARACTERS]
    for other in range(state["players"]):
        if other == seat:
            continue
        new["characters"][other] = sorted(rng.sample(ids, len(state["characters"][other])))
        new["vp"][other] = rng.randrange(0, 60)
    levels = T.revealed_levels(state)
    for colour in C.COLOURS:
        for level in range(levels + 1, 4):
            choices = [c.id for c in C.cards_of(colour, level)]
            new["activity"][colour][level - 1] = rng.choice(choices)
    for cards in new["decks"].values():
        rng.shuffle(cards)
    new["rng"] = rng.getrandbits(64)
    return new
