"""The replay in the JSON API: a table's state view at any move."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Query, Router, Schema
from pydantic import Field

from config.api import ERRORS
from replays import selectors
from tables.errors import NotFound
from tables.models import Table

router = Router(tags=["replays"])


class ReplaySeatOut(Schema):
    seat: int
    username: str


class ReplayLineOut(Schema):
    text: str
    private: bool


class ReplayOut(Schema):
    table: int
    game: str
    status: str
    move: int = Field(description="The step shown: 0 is the deal, n the state after move n.")
    moves: int = Field(description="How many moves the replay has (so far, while in play).")
    seat: int | None = Field(description="The seat whose view this is; null: a spectator's.")
    seats: list[ReplaySeatOut]
    to_act: list[int] = Field(description="The seats that were to act at this step.")
    kind: str | None = Field(description="How the move was made (player, timeout...).")
    lines: list[ReplayLineOut] = Field(description="The log lines of this step the seat may read.")
    text: str = Field(description="The step in words: 'Move 12 of 87: ana takes Income'.")
    view: dict[str, Any]


class ReplayQuery(Schema):
    seat: str | None = Field(
        None,
        description=(
            "Whose view: a seat number or 'spectator'. Another seat's view only once "
            "the game is over; by default your own seat while it runs, else a spectator's."
        ),
        max_length=10,
    )


@router.get("/tables/{table_id}/replay/{move}", response={200: ReplayOut, **ERRORS})
def replay_step(request: HttpRequest, table_id: int, move: int, query: Query[ReplayQuery]):
    """The table after move `move` (0: the deal), rebuilt from its move log.

    404: no such table or move (a running game only up to its current move);
    403: another seat's view while the game runs; 409: the game was played
    with rules the site no longer runs."""
    table = get_object_or_404(Table, pk=table_id)
    if move < 0:
        raise NotFound("Move numbers start at 0, the deal.")
    step = selectors.replay_step(
        table=table, user=request.auth, move=move, seat=selectors.seat_choice(query.seat)
    )
    return {
        "table": table.pk,
        "game": table.game,
        "status": table.status,
        "move": step.move,
        "moves": step.total,
        "seat": step.seat,
        "seats": [{"seat": s.number, "username": s.username} for s in step.tv.seats],
        "to_act": step.to_act,
        "kind": step.entry.kind if step.entry else None,
        "lines": step.lines,
        "text": step.headline,
        "view": step.tv.view,
    }
