"""Build Koryo states card by card, so a test sets up exactly the table it needs.

Cards are given by kind: a family number 1..9, or "barbarians" / "lobbying".
Ids are taken from the unused cards of that kind; the rest form the deck.
"""

from __future__ import annotations

from typing import Any

from games.engine import Move, Rng, State
from games.koryo.rules import ENGINE
from games.koryo.rules.cards import CARD_COUNT, CARD_KINDS, public_kind

Kinds = list[int | str]


def _allocator() -> dict[int | str, list[int]]:
    free: dict[int | str, list[int]] = {}
    for card in range(CARD_COUNT):
        free.setdefault(public_kind(CARD_KINDS[card]), []).append(card)
    return free


def make_state(
    players: int = 3,
    *,
    tableaux: list[Kinds] | None = None,
    orders: list[Kinds] | None = None,
    hands: list[Kinds] | None = None,
    tokens: list[int] | None = None,
    bank: int | None = None,
    phase: str = "actions",
    current: int = 0,
    first_player: int = 0,
    round_no: int = 1,
    order_kind: int | str | None = None,
) -> State:
    """A consistent state: every card not placed is in the deck."""
    free = _allocator()

    def take(kinds: Kinds) -> list[int]:
        return sorted(free[kind].pop(0) for kind in kinds)

    empty: list[Kinds] = [[] for _ in range(players)]
    placed_tableaux = [take(kinds) for kinds in (tableaux or empty)]
    placed_orders = [take(kinds) for kinds in (orders or empty)]
    placed_hands = [take(kinds) for kinds in (hands or empty)]
    used = {card for group in placed_tableaux + placed_orders + placed_hands for card in group}
    tokens = tokens or [0] * players
    internal_kind = {"barbarians": 10, "lobbying": 11}.get(order_kind, order_kind)  # type: ignore[arg-type]
    return {
        "players": players,
        "round": round_no,
        "first_player": first_player,
        "phase": phase,
        "current": current,
        "deck": [card for card in range(CARD_COUNT) if card not in used],
        "hands": placed_hands,
        "orders": placed_orders,
        "tableaux": placed_tableaux,
        "tokens": list(tokens),
        "bank": 8 - sum(tokens) if bank is None else bank,
        "dealt": [len(hand) for hand in placed_hands],
        "order_kind": internal_kind,
        "used": [],
        "pending": None,
        "rng": Rng.from_seed(1234).state,
        "log": [],
    }


def kinds(cards: list[int]) -> list[int | str]:
    """The kinds of some cards, in order."""
    return [public_kind(CARD_KINDS[card]) for card in cards]


def card_of(state: State, seat: int, kind: int | str, where: str = "tableaux") -> int:
    """The lowest id of that kind in a seat's tableau (or orders, or hand)."""
    return next(card for card in sorted(state[where][seat]) if kinds([card])[0] == kind)


def play(state: State, seat: int, *moves: Move) -> State:
    for move in moves:
        state = ENGINE.apply(state, seat, move)
    return state


def actions_of(moves: list[Move]) -> list[str]:
    return [move["action"] for move in moves]


def texts(state: State, public_only: bool = True) -> list[str]:
    return [ln["text"] for ln in state["log"] if ln["to"] is None or not public_only]


def everything(state: State) -> Any:
    """Every card the state holds, wherever it is."""
    groups = [state["deck"], *state["hands"], *state["orders"], *state["tableaux"]]
    return sorted(card for group in groups for card in group)
