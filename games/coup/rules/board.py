"""Where each legal move sits on the Coup board (`Engine.move_info`).

Pieces: the treasury (Income, Foreign Aid, Tax), the court deck (Exchange),
the almshouse (Embezzle, COUP-10.5), each player ("player:N": Steal,
Assassinate, Coup, Convert) and the viewer's own cards ("card:duke": reveal,
lose, return). Answers to a claim (pass, challenge, block) act on no piece.
A seat with a single card choice left (one distinct card to lose or show,
COUP-7.3, COUP-8.1) has nothing to decide, so that move is forced.
"""

from __future__ import annotations

from games.coup.rules import text
from games.coup.rules.cards import LOSE, REVEAL
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


def move_info(s: State, seat: int, move: Move) -> MoveInfo:
    action = move.get("action")
    if action in PIECES:
        target: str | None = PIECES[action]
    elif action in TARGETED:
        target = f"player:{move['target']}"
    elif action in CARD_MOVES:
        target = f"card:{move['card']}"
    else:
        target = None
    forced = s["phase"] in (LOSE, REVEAL) and len(set(s["hands"][seat])) == 1
    return MoveInfo(target=target, group=text.group_title(s, seat, action), forced=forced)
