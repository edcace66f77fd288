"""The names of the pieces of the Coup board, as a move's target names them.

Pieces: the treasury (Income, Foreign Aid, Tax), the court deck (Exchange),
the almshouse (Embezzle, COUP-10.5), each player ("player:N": Steal,
Assassinate, Coup, Convert) and the viewer's own cards ("card:duke": reveal,
lose, return). Answers to a claim (pass, challenge, block) act on no piece.
"""

from __future__ import annotations

TREASURY = "treasury"
DECK = "deck"
ALMSHOUSE = "almshouse"

# The same, as the view carries them to the board (`view["pieces"]`).
FIXED = {"treasury": TREASURY, "court_deck": DECK, "almshouse": ALMSHOUSE}


def player_piece(seat: int) -> str:
    """A player, as the target of Steal, Assassinate, Coup or Convert."""
    return f"player:{seat}"


def card_piece(card: str) -> str:
    """One of the viewer's own cards (a kind: alike cards are one piece)."""
    return f"card:{card}"
