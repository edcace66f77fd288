"""Build Seasons states piece by piece, so a test sets up exactly the table it
needs, and play moves on them.

Cards are given by number (1-50); the first free copy is used, so a number
given twice places both copies. Every card not placed is in the draw pile.
"""

from __future__ import annotations

from typing import Any

from games.engine import Move, State
from games.seasons.rules import ENGINE
from games.seasons.rules.data import FACES
from games.seasons.rules.flow import advance

ALL = list(range(100))


def cid(num: int, copy: int = 0) -> int:
    return (num - 1) * 2 + copy


def face_with(season: int, **want: Any) -> tuple[int, int]:
    """The first (die, face) of a season whose face has these properties."""
    for d, die in enumerate(FACES[season]):
        for f, face in enumerate(die):
            if all(getattr(face, k) == v for k, v in want.items()):
                return d, f
    raise LookupError(want)


def duel(
    players: int = 2,
    *,
    seat: int = 0,
    first: int = 0,
    hands: list[list[int]] | None = None,
    play: list[list[int]] | None = None,
    energy: list[list[int]] | None = None,
    crystals: list[int] | None = None,
    gauge: list[int] | None = None,
    years: list[list[list[int]]] | None = None,
    month: int = 1,
    year: int = 1,
    face: dict[str, Any] | None = None,
    leftover_dots: int = 1,
    deck_top: list[int] | None = None,
) -> State:
    """A state in the Duel, at the main part of `seat`'s turn, the die
    chosen (a face of the current season with `face`'s properties); after
    this turn the round ends (no other turns are queued)."""
    state = ENGINE.setup(players, {"level": "archmage"}, 7)
    free = {num: [cid(num), cid(num, 1)] for num in range(1, 51)}

    def take(num: int) -> int:
        return free[num].pop(0)

    season = (month - 1) // 3
    d, f = face_with(season, **(face or {"crystals": 6}))
    other = next(i for i in range(5) if i != d)
    od, of = other, next(i for i, x in enumerate(FACES[season][other]) if x.dots == leftover_dots)
    state.update(
        phase="duel",
        month=month,
        year=year,
        sets_added=year,
        first=first,
        round=1,
        dice=[{"die": d, "face": f, "by": seat}, {"die": od, "face": of, "by": None}],
        dice_season=season,
        turn={
            "seat": seat,
            "die": 0,
            "star": False,
            "card": False,
            "transmute": FACES[season][d][f].transmute,
            "bonus2": False,
        },
        queue=[{"k": "main", "seat": seat}, {"k": "end_round"}],
        staged=[],
        log=[],
    )
    for s, p in enumerate(state["p"]):
        p.update(packet=[], picked=[], assign={}, ready=True, pick=None)
        p["hand"] = (
            [take(n) for n in (hands or [[]] * players)[s]] if hands and s < len(hands) else []
        )
        p["play"] = [
            {"id": take(n), "tapped": False, "tokens": [0, 0, 0, 0]}
            for n in (play[s] if play and s < len(play) else [])
        ]
        p["energy"] = list(energy[s]) if energy and s < len(energy) else [0, 0, 0, 0]
        p["crystals"] = crystals[s] if crystals and s < len(crystals) else 0
        p["gauge"] = gauge[s] if gauge and s < len(gauge) else 10
        p["years"] = [[take(n) for n in ys] for ys in years[s]] if years else [[], []]
    tops = [take(n) for n in (deck_top or [])]  # deck_top[0] is drawn first
    rest = [c for nums in free.values() for c in nums]
    state["deck"] = rest + tops[::-1]
    state["discard"] = []
    return state


def act(state: State, seat: int, move: Move) -> State:
    return ENGINE.apply(state, seat, move)


def acts(state: State, *steps: tuple[int, Move]) -> State:
    for seat, move in steps:
        state = act(state, seat, move)
    return state


def moves(state: State, seat: int) -> list[Move]:
    return ENGINE.legal_moves(state, seat)


def actions(state: State, seat: int) -> set[str]:
    return {m["action"] for m in moves(state, seat)}


def summon(state: State, seat: int, num: int, copy: int = 0) -> State:
    state = act(state, seat, {"action": "summon", "card": cid(num, copy)})
    if ENGINE.to_act(state) == [seat] and state["queue"][0]["k"] == "pay":
        state = act(state, seat, moves(state, seat)[0])
    return state


def run(state: State) -> State:
    """Run queued automatic steps (after changing a state by hand)."""
    advance(state, state["log"])
    return state


def everything(state: State) -> list[int]:
    """Every card id wherever it is, sorted: the deck is conserved (SEA §15)."""
    cards = list(state["deck"]) + list(state["discard"])
    for p in state["p"]:
        cards += p["hand"] + p["packet"] + p["picked"] + [c["id"] for c in p["play"]]
        for y in p["years"]:
            cards += y
    for task in state["queue"] + state["staged"]:
        cards += task.get("cards", [])
    return sorted(cards)


def energy(state: State, seat: int) -> list[int]:
    return state["p"][seat]["energy"]


def crystals(state: State, seat: int) -> int:
    return state["p"][seat]["crystals"]


def in_play(state: State, seat: int) -> list[int]:
    return [c["id"] // 2 + 1 for c in state["p"][seat]["play"]]


def hand(state: State, seat: int) -> list[int]:
    return [c // 2 + 1 for c in state["p"][seat]["hand"]]
