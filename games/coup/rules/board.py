"""Where each legal move sits on the Coup board (`Engine.move_info`).

Pieces: the treasury (Income, Foreign Aid, Tax), the court deck (Exchange),
the almshouse (Embezzle, COUP-10.5), each player ("player:N": Steal,
Assassinate, Coup, Convert) and the viewer's own cards ("card:duke": reveal,
lose, return). Answers to a claim (pass, challenge, block) act on no piece.
No move is marked forced: the engine already plays a last card to lose or
show itself, and a hand of two alike cards must still be asked, since
skipping the question would tell everyone the hidden card is a pair.
"""

from __future__ import annotations

from games.coup.rules import text
from games.coup.rules.table import claimed_card
from games.engine import Move, MoveInfo, State

PIECES = {
    "income": "treasury",
    "foreign_aid": "treasury",
    "tax": "treasury",
    "exchange": "deck",
    "embezzle": "almshouse",
}
TARGETED = ("steal", "assassinate", "coup", "convert")
CARD_MOVES = ("reveal", "lose", "return")


def player_piece(seat: int) -> str:
    """A player on the board, the piece of the actions aimed at them."""
    return f"player:{seat}"


def card_piece(card: str) -> str:
    """A card of the viewer's hand or Exchange draw, by its character."""
    return f"card:{card}"


def move_info(s: State, seat: int, move: Move) -> MoveInfo:
    action = move.get("action")
    if action in PIECES:
        target: str | None = PIECES[action]
    elif action in TARGETED:
        target = player_piece(move["target"])
    elif action in CARD_MOVES:
        target = card_piece(move["card"])
    else:
        target = None
    # COUP-7.3: the card that wins the challenge is listed before the one that loses.
    pending = s.get("pending")
    wins = action == "reveal" and bool(pending) and move["card"] == claimed_card(pending)
    # Revealing, losing or returning a card names a card of the seat's hand.
    return MoveInfo(
        target=target,
        group=text.group_title(s, seat, action),
        first=wins,
        private=action in CARD_MOVES,
    )
