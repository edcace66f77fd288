"""Standing orders: the choice of the last season die, made for a player
who set it in advance (SEA-5.3, SEA-9.1), and the news that turns it off.

There is one die more than there are players (SEA-5.3, Example SEA-E2), so
the last player to choose takes one of the two dice left and the other is
the die nobody took, whose dots move the season marker (SEA-9.1). That is
the decision the order answers: keep the better die for yourself, or leave
the die that moves the season least. Any earlier pick is always asked.

An order holds for the year it was set in: a new year brings a new set of
cards into each hand (SEA-9.3), which changes what a die is worth, so the
year's change ends the order instead of letting it fire.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import Move, Option, State, pick_listed
from games.seasons.rules import flow
from games.seasons.rules.flow import _die_worth as die_worth
from games.seasons.rules.table import face_of, head

ORDERS = (
    Option(
        "last_die",
        "Choosing the last season die",
        "ask",
        (
            ("ask", "Ask me"),
            ("keep_best", "Take the better of the last two dice; the other is left over"),
            ("keep_slow", "Leave over the die that moves the season least; take the other"),
        ),
        help="Only when you choose last, between the two dice nobody took. "
        "A new year turns the order off.",
    ),
)

TEXT = (
    "When you are the last to choose a season die, two dice are left: you take one and the"
    " other, the die nobody took, moves the season marker by its dots. This order makes"
    " that choice for you, so nobody waits for it. An earlier pick is always yours to make."
    " It holds for the year you set it in: when a new year begins it turns itself off and"
    " says so, and you can set it again. The log marks each choice it makes"
    " \u201cstanding order\u201d."
)


def standing_move(state: State, seat: int, orders: Mapping[str, Any]) -> Move | None:
    order = orders.get("last_die", "ask")
    task = head(state)
    if order == "ask" or task is None or task["k"] != "die" or task["seat"] != seat:
        return None
    legal = flow.legal_moves(state, seat)
    if len(legal) != 2:
        return None  # not the last to choose
    if order == "keep_best":

        def worth(move: Move) -> tuple[int, int]:
            face = face_of(state, move["die"])
            return (die_worth(face), -face.dots)

        return pick_listed(legal, max(legal, key=worth))
    # The die left over should be the slowest: take the one with more dots.
    return pick_listed(legal, max(legal, key=lambda m: face_of(state, m["die"]).dots))


def order_mark(state: State, seat: int, key: str) -> Any:
    return {"year": state["year"]}


def order_ended(state: State, seat: int, key: str, mark: Any) -> str | None:
    if not isinstance(mark, Mapping) or state["phase"] == "over":
        return None
    if state["year"] != mark.get("year", state["year"]):
        return f"year {state['year']} began"
    return None
