"""Small decisions: what a seat is asked when it can be answered in one tap,
away from the board (a notification's buttons, the one-screen answer page,
later a numbered email reply).

A decision is small when the seat has at most a few legal moves (three, the
buttons a notification shows) and none of them names what only that seat
can see (`About.private`: a card in its hand, a face-down order). Such an
answer can be shown on a lock screen: everything it says is in the table's
public columns or in what any seat would see of the move ("Pass",
"Challenge ana's claim of Duke", "Take the die: draw a card").

It is read once per notice, not per search: one `legal_moves`, then the
descriptions of at most `limit` moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clocks import clock, seat_clocks
from games import registry
from tables.present import fill
from tables.selectors import TableRead

# As many answers as Chromium shows a notification's buttons.
BUTTONS = 3


@dataclass(frozen=True)
class Answer:
    """One way to answer: the move as `legal_moves` lists it, and its
    button's words with the players' names filled in."""

    move: dict[str, Any]
    label: str


def small_decision(found: TableRead, seat: int, limit: int = BUTTONS) -> list[Answer] | None:
    """The answers to what `seat` is asked now, if they are few and public;
    None when the seat is not asked, may not answer (its time ran out, it
    was dropped), or the decision needs the board (more than `limit` moves,
    or a move that names what only the seat can see). In the engine's order."""
    table, state = found.table, found.state
    if state is None or not table.is_active or seat not in table.to_act:
        return None
    seat_row = next((s for s in found.seats if s.number == seat), None)
    if seat_row is None or seat_row.dropped or seat_clocks.is_late(seat_row, clock.now()):
        return None
    engine = registry.get(table.game).engine
    legal = engine.legal_moves(state, seat)
    if not 1 <= len(legal) <= limit:
        return None
    if any(move.private for move in legal):
        return None
    names = {s.number: s.user.username for s in found.seats}
    return [Answer(move, fill(move.label, names)) for move in legal]


def question(found: TableRead, seat: int) -> str:
    """What the seat is asked, as a sentence's start spoken to it: "Respond
    to ana's Tax", "Place orders" (the table's public prompt)."""
    names = {s.number: s.user.username for s in found.seats}
    text = fill(found.table.prompt or "move", names, seat)
    return text[:1].upper() + text[1:]
