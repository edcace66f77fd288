"""`scramble_secrets`: the same game as one seat sees it, with every secret
that seat cannot see changed.

Used to prove that views, prompts and labels do not depend on hidden
information: whatever `seat` is shown must be identical for the state and
its scramble. Other players' living cards are redealt together with the
deck (and with another player's Exchange draw), keeping every count; the
deck order and the rng change; private log lines to other seats are garbled.
Once the game is over every living card is face up, so hands stay.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from games.coup.rules.cards import CHARACTERS, EXCHANGE, GAME_OVER
from games.engine import State

_CARD_WORDS = re.compile("|".join(card.capitalize() for card in CHARACTERS))


def scramble_secrets(state: State, seat: int | None, rng: Any) -> State:
    """A copy of `state` in which every secret hidden from `seat` (None: a
    spectator) is changed. `rng` is a `random.Random` or a `games.engine.Rng`."""
    s = copy.deepcopy(state)
    n = s["num_players"]
    others = [] if s["phase"] == GAME_OVER else [other for other in range(n) if other != seat]
    someone_elses_draw = s["phase"] == EXCHANGE and s["pending"]["actor"] != seat

    pool = list(s["deck"])
    for other in others:
        pool += s["hands"][other]
    if someone_elses_draw:
        pool += s["exchange_draw"]
    rng.shuffle(pool)

    for other in others:
        size = len(s["hands"][other])
        s["hands"][other], pool = pool[:size], pool[size:]
    if someone_elses_draw:
        size = len(s["exchange_draw"])
        s["exchange_draw"], pool = pool[:size], pool[size:]
    s["deck"] = pool

    # A different generator state: every future draw changes.
    s["rng"] = (s["rng"] + 1 + rng.choice(range(1 << 62))) % (1 << 64)

    for entry in s["log"]:
        if entry["to"] is not None and seat not in entry["to"]:
            entry["text"] = _CARD_WORDS.sub(
                lambda _: rng.choice(CHARACTERS).capitalize(), entry["text"]
            )
    return s
