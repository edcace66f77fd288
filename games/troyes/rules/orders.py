"""Standing orders: a defence against the black dice fought for a player who
set it in advance, never spending influence (TRO-9.3 to TRO-9.9, TRO-10.5),
and the news that turns it off.

"Do not defend with influence": when the seat must fight, it fights with the
weakest of its own dice that beat the highest black die (TRO-9.3, TRO-9.4,
TRO-OP8), one small move at a time as a player would click them, and when
no choice of its dice beats it, takes the loss (TRO-9.6, TRO-OP10) instead
of rerolling, recruiting or turning dice over for influence (TRO-9.9).

An order is for one defence: the round's, when set while the black dice are
on the board, else the next round's (whose black dice nobody knows yet: that
is what the order is set for). A round after that brings events and black
dice the player did not see coming, so it ends the order instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import Move, Option, State, pick_listed
from games.troyes.rules import choices

ORDERS = (
    Option(
        "defence",
        "Defending against black dice",
        "ask",
        (
            ("ask", "Ask me"),
            ("no_influence", "Do not defend with influence: fight with my dice alone"),
        ),
        help="Fights with your weakest dice that win; when your dice cannot win, takes the "
        "2-point loss rather than spend influence. Covers the next defence only.",
    ),
)

TEXT = (
    "When you must fight a black die, this order fights for you with your own dice only:"
    " the weakest that win, or, when none can, the loss of 2 points, never spending"
    " influence on a reroll, a citizen or a turned die. It covers one defence: the one on"
    " the board now, or the one that opens the next round. When a later round brings new"
    " events it turns itself off and says so, and you can set it again. The log marks each"
    " move it makes \u201cstanding order\u201d."
)


def standing_move(state: State, seat: int, orders: Mapping[str, Any]) -> Move | None:
    if orders.get("defence", "ask") != "no_influence":
        return None
    if state["phase"] != "defence" or state["current"] != seat:
        return None
    # The timeout's defence is this very rule: the cheapest win, else the loss.
    return pick_listed(choices.legal_moves(state, seat), choices.timeout_move(state, seat))


def order_mark(state: State, seat: int, key: str) -> Any:
    """The round whose defence the order fights."""
    later = state["phase"] != "defence"
    return {"round": state["round"] + (1 if later else 0)}


def order_ended(state: State, seat: int, key: str, mark: Any) -> str | None:
    if not isinstance(mark, Mapping) or state["phase"] == "over":
        return None
    if state["round"] > mark.get("round", state["round"]):
        return f"round {state['round']} brought new events and black dice"
    return None
