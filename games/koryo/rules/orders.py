"""Standing orders: the reveals of the Actions phase, made for a player who
set them in advance (KOR-7.1, KOR-7.2), and the news that turns them off.

"Reveal all when asked": the seat's face-down orders are turned up on its
Actions turn, characters first (a stack at once, KOR-7.2), then events,
whose targets are still asked (KOR-7.4, KOR-OP10). The abilities of the
majorities are never used for the player (KOR-7.3, KOR-OP8): the turn
ends by itself when nothing else is left, else the player is asked.

An order is for the cards of one round: set before the seat's cards of a
round are all face up, that round's; set later, the next one's. A round
after that deals new cards, so it ends the order instead of letting it fire
on orders the player has not placed yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import Move, Option, State, pick_listed
from games.koryo.rules import choices
from games.koryo.rules.cards import CARD_KINDS, EVENTS, public_kind

ORDERS = (
    Option(
        "reveal",
        "Revealing my orders",
        "ask",
        (
            ("ask", "Ask me"),
            ("reveal", "Reveal all my face-down cards when my Actions turn comes"),
        ),
        help="Events are turned up last, and you still choose their targets. Abilities "
        "(Banker, Priest, Spy) are never used for you. A new round turns the order off.",
    ),
)

TEXT = (
    "When your Actions turn comes, this order turns your face-down cards up for you, so"
    " nobody waits for you to reveal them. It never chooses an event's target or uses an"
    " ability for you. It covers the cards of one round: when the next round deals new"
    " cards it turns itself off and says so, and you can set it again. The log marks each"
    " move it makes \u201cstanding order\u201d."
)


def standing_move(state: State, seat: int, orders: Mapping[str, Any]) -> Move | None:
    order = orders.get("reveal", "ask")
    if order == "ask" or state["phase"] != "actions" or state["current"] != seat:
        return None
    if state["pending"] is not None:
        return None  # an event's target is the player's to choose
    face_down = state["orders"][seat]
    characters = sorted({CARD_KINDS[c] for c in face_down if CARD_KINDS[c] not in EVENTS})
    wanted: list[Move] = []
    for kind in characters:
        wanted.append({"action": "reveal_all", "kind": public_kind(kind)})
        wanted += [{"action": "reveal", "card": c} for c in face_down if CARD_KINDS[c] == kind]
    wanted += [{"action": "reveal", "card": c} for c in face_down if CARD_KINDS[c] in EVENTS]
    return pick_listed(choices.legal_moves(state, seat), *wanted) if wanted else None


def order_mark(state: State, seat: int, key: str) -> Any:
    """The round whose cards the order reveals: the next one once the seat's
    cards of this round are all face up (KOR-OP5: everyone places one)."""
    phase = state["phase"]
    later = phase not in ("orders", "actions") or (phase == "actions" and not state["orders"][seat])
    return {"round": state["round"] + (1 if later else 0)}


def order_ended(state: State, seat: int, key: str, mark: Any) -> str | None:
    if not isinstance(mark, Mapping) or state["phase"] == "over":
        return None
    if state["round"] > mark.get("round", state["round"]):
        return f"round {state['round']} dealt new cards"
    return None
