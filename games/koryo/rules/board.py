"""The names of the pieces of the Koryo board, as a move's target names them.

Pieces: a kind in the viewer's hand ("hand:6": choose it, place so many, or
pair it, KOR-6.1 to KOR-6.3), a kind among their face-down orders
("orders:6": reveal one or all, KOR-7.2), a kind in a player's tableau
("tableau:2:6": the target of the Barbarians, a Lobbying, the Priest or a
discard, KOR-7.3, KOR-7.8 to KOR-7.10, KOR-8.2), the bank (the Banker) and a
player's tokens (the Spy). Kinds are public kinds (`cards.public_kind`).
"""

from __future__ import annotations

from games.engine import State
from games.koryo.rules.cards import CARD_KINDS, public_kind
from games.koryo.rules.table import owner

BANK = "bank"


def hand_piece(kind: int | str) -> str:
    """A kind of the viewer's hand (a public kind)."""
    return f"hand:{kind}"


def orders_piece(kind: int | str) -> str:
    """A kind among the viewer's face-down orders (a public kind)."""
    return f"orders:{kind}"


def tableau_piece(seat: int, kind: int | str) -> str:
    """A kind in a player's tableau (a public kind)."""
    return f"tableau:{seat}:{kind}"


def tableau_card_piece(s: State, card: int) -> str:
    """The kind of `card` in the tableau it lies in."""
    return tableau_piece(owner(s, card), public_kind(CARD_KINDS[card]))


def tokens_piece(seat: int) -> str:
    """A player's victory tokens."""
    return f"tokens:{seat}"
