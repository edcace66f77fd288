"""Which moves a seat may make, why another move is refused, and the move
made for a seat whose time ran out.

Where several cards of one kind would do the same thing (two Bankers face
down, two Guardians in one tableau), only the lowest id is listed.

Rules: orders of one kind, at least one card, or the Shipowner's pair
(KOR-6.1, KOR-6.3, KOR-OP5, KOR-OP6); reveals and the Banker, Priest and Spy
abilities once a turn each (KOR-7.1 to KOR-7.7, KOR-OP8); the targets of the
Barbarians and of a Lobbying (KOR-7.8 to KOR-7.10, KOR-OP10 to KOR-OP12a);
discarding characters only (KOR-8.2); the timeout moves of section 12.
"""

from __future__ import annotations

from typing import Any

from games.engine import Move, State
from games.koryo.rules.cards import (
    BANKER,
    BARBARIANS,
    CARD_KINDS,
    EVENTS,
    GUARDIAN,
    LOBBYING,
    PRIEST,
    SHIPOWNER,
    SPY,
    public_kind,
)
from games.koryo.rules.table import (
    first_of_each_kind,
    has_character,
    holder,
    holds,
    lobby_protected,
    owner,
    turn_order,
)
from games.koryo.rules.text import prompt


def legal_moves(state: State, seat: int) -> list[Move]:
    if state["phase"] == "over" or seat != state["current"]:
        return []
    if state["phase"] == "orders":
        return order_moves(state, seat)
    if state["phase"] == "actions":
        if state["pending"] is not None:
            return event_moves(state, seat)
        return action_moves(state, seat)
    return discard_moves(state, seat)


# -- phase 2: orders -------------------------------------------------------------


def order_moves(state: State, seat: int) -> list[Move]:
    hand = state["hands"][seat]
    kinds = sorted({CARD_KINDS[card] for card in hand})
    chosen = state["order_kind"]
    if chosen is None:
        return [{"action": "order_kind", "kind": public_kind(kind)} for kind in kinds]
    held = sum(1 for card in hand if CARD_KINDS[card] == chosen)
    moves: list[Move] = [{"action": "order_count", "count": n} for n in range(1, held + 1)]
    # KOR-6.3, KOR-OP6: exactly two cards of two different kinds.
    if holds(state["tableaux"], SHIPOWNER, seat):
        moves += [
            {"action": "order_pair", "kinds": [public_kind(chosen), public_kind(other)]}
            for other in kinds
            if other != chosen
        ]
    if len(kinds) > 1:
        moves.append({"action": "order_back"})
    return moves


# -- phase 3: actions --------------------------------------------------------------


def action_moves(state: State, seat: int) -> list[Move]:
    """Reveal, abilities (KOR-7.2, KOR-7.3, KOR-OP8) and, once every card is
    face up, the end of the turn."""
    orders = state["orders"][seat]
    moves: list[Move] = [{"action": "reveal", "card": c} for c in first_of_each_kind(orders)]
    # KOR-7.2: a stack of two or more alike characters may be turned up at once.
    moves += [
        {"action": "reveal_all", "kind": public_kind(kind)}
        for kind in sorted({CARD_KINDS[c] for c in orders})
        if kind not in EVENTS and sum(1 for c in orders if CARD_KINDS[c] == kind) > 1
    ]
    tableaux, used = state["tableaux"], state["used"]
    if "bank" not in used and state["bank"] > 0 and holds(tableaux, BANKER, seat):
        moves.append({"action": "bank_take"})
    if "priest" not in used and holds(tableaux, PRIEST, seat):
        own_events = [c for c in tableaux[seat] if CARD_KINDS[c] in EVENTS]
        moves += [{"action": "priest_destroy", "card": c} for c in first_of_each_kind(own_events)]
    if "spy" not in used and holds(tableaux, SPY, seat):
        moves += [
            {"action": "spy_steal", "target": other}
            for other in turn_order(state)
            if other != seat and state["tokens"][other] > 0
        ]
    if not orders:
        moves.append({"action": "end_turn"})
    return moves


def _barbarian_targets(state: State, seat: int) -> list[int]:
    """Characters of opponents without the Guardian majority (KOR-7.8)."""
    guardian = holder(state["tableaux"], GUARDIAN)
    targets = []
    for other in turn_order(state):
        if other != seat and other != guardian:
            targets += first_of_each_kind(state["tableaux"][other], characters_only=True)
    return targets


def _lobby_seats(state: State) -> list[int]:
    """Players who can take part in a Lobbying: unprotected, with a character
    (KOR-7.10, KOR-OP12)."""
    spy = holder(state["tableaux"], SPY)
    return [
        seat
        for seat in turn_order(state)
        if not lobby_protected(state, seat, spy) and has_character(state["tableaux"][seat])
    ]


def _lobby_targets(state: State, excluded: int | None) -> list[int]:
    seats = _lobby_seats(state)
    if len(seats) < 2:
        return []
    targets = []
    for seat in seats:
        if seat != excluded:
            targets += first_of_each_kind(state["tableaux"][seat], characters_only=True)
    return targets


def event_moves(state: State, seat: int) -> list[Move]:
    """The targets of the event being resolved, and declining it (KOR-OP10)."""
    pending = state["pending"]
    if CARD_KINDS[pending["card"]] == BARBARIANS:
        moves = [{"action": "barbarians", "card": c} for c in _barbarian_targets(state, seat)]
    elif pending["first"] is None:
        moves = [{"action": "lobby_first", "card": c} for c in _lobby_targets(state, None)]
    else:
        first_owner = owner(state, pending["first"])
        moves = [{"action": "lobby_second", "card": c} for c in _lobby_targets(state, first_owner)]
    return [*moves, {"action": "decline"}]


# -- phase 4: end of round ---------------------------------------------------------


def discard_moves(state: State, seat: int) -> list[Move]:
    """Only characters may be discarded (KOR-8.2)."""
    cards = first_of_each_kind(state["tableaux"][seat], characters_only=True)
    return [{"action": "discard", "card": card} for card in cards]


# -- refusals --------------------------------------------------------------------

_ORDER_ACTIONS = frozenset({"order_kind", "order_count", "order_pair", "order_back"})
_TURN_ACTIONS = frozenset(
    {"reveal", "reveal_all", "bank_take", "priest_destroy", "spy_steal", "end_turn"}
)
_EVENT_ACTIONS = frozenset({"barbarians", "lobby_first", "lobby_second", "decline"})
_DISCARD_ACTIONS = frozenset({"discard"})
# Every action a move may name.
ACTIONS = _ORDER_ACTIONS | _TURN_ACTIONS | _EVENT_ACTIONS | _DISCARD_ACTIONS


def refusal(state: State, seat: int, move: Any) -> str:
    """Why a move that is not among the seat's legal moves is refused."""
    if state["phase"] == "over":
        return "The game is over."
    if seat != state["current"]:
        return "It is not your turn."
    action = move.get("action") if isinstance(move, dict) else None
    if not isinstance(action, str) or action not in ACTIONS:
        return "Unknown move."
    if action not in _step_actions(state):
        return f"Not now: you must {prompt(state)}."
    if move in legal_moves(state, seat):
        # Equal in Python but not in JSON: 6.0 or true where a move has 6 or 1.
        return "Give the move exactly as the legal moves list it: whole numbers, not 6.0 or true."
    return _refusal_reason(state, action)


def _step_actions(state: State) -> frozenset[str]:
    """The actions that belong to the step the game is at."""
    if state["phase"] == "orders":
        return _ORDER_ACTIONS
    if state["phase"] == "actions":
        return _TURN_ACTIONS if state["pending"] is None else _EVENT_ACTIONS
    return _DISCARD_ACTIONS


def _refusal_reason(state: State, action: str) -> str:
    """Why a move of the current step is not one of the listed ones."""
    chosen = state["order_kind"] is not None
    pending = state["pending"]
    if action in ("order_count", "order_pair", "order_back") and not chosen:
        return "Choose the kind of card to play first."
    if action == "order_kind" and chosen:
        return "You already chose a kind: place your cards or choose another kind."
    if action == "end_turn":
        return "Reveal all your face-down cards before ending your turn."
    if action in ("lobby_first", "lobby_second"):
        if CARD_KINDS[pending["card"]] != LOBBYING:
            return "Resolve the Barbarians first."
        if (action == "lobby_second") != (pending["first"] is not None):
            return "Pick the cards to swap one after the other."
    if action == "barbarians" and CARD_KINDS[pending["card"]] != BARBARIANS:
        return "Resolve the Lobbying first."
    return _REFUSALS.get(action, "That move is not allowed now.")


_REFUSALS = {
    "order_kind": "You hold no card of that kind.",
    "order_count": "You do not hold that many cards of the chosen kind.",
    "order_pair": "A pair needs the Shipowner majority and one card each of two kinds you hold.",
    "reveal": "That card is not one of your face-down cards.",
    "reveal_all": "Reveal all needs two or more face-down characters of that kind.",
    "bank_take": "Taking a token needs the Banker majority, a token in the bank, "
    "and can be done once per turn.",
    "priest_destroy": "The Priest majority destroys one of your own event cards, once per turn.",
    "spy_steal": "The Spy majority steals a token from a player who has one, once per turn.",
    "barbarians": "The Barbarians can destroy only a character of an unprotected opponent.",
    "lobby_first": "Only a character of a player who is not protected can be swapped.",
    "lobby_second": "Pick a character of another unprotected player.",
    "discard": "Only your own character cards can be discarded.",
}


# -- timeouts (section 12) -------------------------------------------------------


def timeout_move(state: State, seat: int) -> Move:
    """Orders: one card of the kind held most; actions: reveal the next card,
    decline every event, then end the turn; discard: the lowest family first."""
    moves = legal_moves(state, seat)
    phase = state["phase"]
    if phase == "orders":
        if state["order_kind"] is None:
            return _largest_kind(state, seat)
        return {"action": "order_count", "count": 1}
    if phase == "actions":
        if state["pending"] is not None:
            return {"action": "decline"}
        reveals = [m for m in moves if m["action"] == "reveal"]
        return reveals[0] if reveals else {"action": "end_turn"}
    # Discard: the lowest family first (listed in kind order).
    return moves[0]


def _largest_kind(state: State, seat: int) -> Move:
    """The kind held in the greatest number; characters before events,
    then the higher family, so the choice is deterministic."""
    counts: dict[int, int] = {}
    for card in state["hands"][seat]:
        counts[CARD_KINDS[card]] = counts.get(CARD_KINDS[card], 0) + 1
    kind = max(counts, key=lambda k: (counts[k], k not in EVENTS, k))
    return {"action": "order_kind", "kind": public_kind(kind)}
