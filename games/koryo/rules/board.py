"""Where each legal move sits on the Koryo board (`Engine.move_info`).

Pieces: a kind in the viewer's hand ("hand:6": choose it, place so many, or
pair it, KOR-6.1 to KOR-6.3), a kind among their face-down orders
("orders:6": reveal one or all, KOR-7.2), a kind in a player's tableau
("tableau:2:6": the target of the Barbarians, a Lobbying, the Priest or a
discard, KOR-7.3, KOR-7.8 to KOR-7.10, KOR-8.2), the bank (the Banker) and a
player's tokens (the Spy). Choosing another kind, declining an event and
ending the turn act on no piece.

A move is forced when it is the seat's only legal move and tells nothing
hidden: the last face-down card to reveal, the one kind left to discard.
"""

from __future__ import annotations

from games.engine import Move, MoveInfo, State
from games.koryo.rules import choices
from games.koryo.rules.cards import BARBARIANS, CARD_KINDS, PLURALS, public_kind
from games.koryo.rules.table import limit, owner

FORCEABLE = ("reveal", "discard")
# Choosing orders from the hand and revealing face-down ones name cards
# the other players cannot see yet (KOR-6, KOR-7.2).
PRIVATE = ("order_kind", "order_count", "order_pair", "reveal", "reveal_all")
TABLEAU = ("priest_destroy", "barbarians", "lobby_first", "lobby_second", "discard")


# The pieces' names, made here for the moves' targets and for the view alike
# (a kind is a public kind: a family's number or an event's slug).


def hand_piece(kind: int | str) -> str:
    return f"hand:{kind}"


def orders_piece(kind: int | str) -> str:
    return f"orders:{kind}"


def tableau_piece(seat: int, kind: int | str) -> str:
    return f"tableau:{seat}:{kind}"


def tokens_piece(seat: int) -> str:
    return f"tokens:{seat}"


def target(s: State, seat: int, move: Move) -> str | None:
    action = move["action"]
    if action == "order_kind":
        return hand_piece(move["kind"])
    if action == "order_count":
        return hand_piece(public_kind(s["order_kind"]))
    if action == "order_pair":
        return hand_piece(move["kinds"][1])
    if action == "reveal":
        return orders_piece(public_kind(CARD_KINDS[move["card"]]))
    if action == "reveal_all":
        return orders_piece(move["kind"])
    if action in TABLEAU:
        card = move["card"]
        return tableau_piece(owner(s, card), public_kind(CARD_KINDS[card]))
    if action == "bank_take":
        return "bank"
    if action == "spy_steal":
        return tokens_piece(move["target"])
    return None


def group(s: State, seat: int, action: str) -> str:
    """The heading of a move in the list, in the rules' words."""
    if action == "order_kind":
        return "Place face down: choose one kind; the rest of your hand goes back to the deck"
    if action == "order_count":
        return f"How many {PLURALS[s['order_kind']]}?"
    if action == "order_pair":
        return "Shipowner: or place one card each of two different kinds"
    if action in ("reveal", "reveal_all"):
        return "Reveal your face-down cards"
    if action in ("bank_take", "priest_destroy", "spy_steal"):
        return "Powers: each once per turn, while you hold the majority"
    if action in ("barbarians", "lobby_first", "lobby_second", "decline"):
        return event_group(s)
    if action == "discard":
        return (
            f"Discard characters until {limit(s, seat)} cards are left in front of you"
            " (events stay)"
        )
    return ""


def event_group(s: State) -> str:
    pending = s["pending"]
    if pending is None:
        return ""
    if CARD_KINDS[pending["card"]] == BARBARIANS:
        return "Barbarians: destroy one character card of an opponent, or let them pass"
    if pending["first"] is None:
        return "Lobbying: pick the first of two character cards to swap"
    return "Lobbying: now pick the card to swap it with, from another player"


def move_info(s: State, seat: int, move: Move) -> MoveInfo:
    action = move["action"]
    forced = action in FORCEABLE and len(choices.legal_moves(s, seat)) == 1
    return MoveInfo(
        target=target(s, seat, move),
        group=group(s, seat, action),
        forced=forced,
        private=action in PRIVATE,
    )
