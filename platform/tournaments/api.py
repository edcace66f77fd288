"""The tournaments' endpoints of the JSON API (the API, its authentication
and its errors are config.api): list, create, enter, leave, start, read."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from django.core.paginator import EmptyPage
from django.http import Http404, HttpRequest
from ninja import Query, Router, Schema, Status
from pydantic import Field, StrictInt

from clocks import controls
from config.api import ERRORS, Text
from games import registry
from tables.errors import BadRequest, NotFound
from tournaments import services
from tournaments.selectors import tournament_detail, tournaments_page

router = Router(tags=["tournaments"])


class TournamentIn(Schema):
    game: Text(40)
    options: dict[str, Any] = Field(default_factory=dict)
    time_control: Text(40) = Field(
        controls.DEFAULT_PRESET, description="A preset from /games with a clock (not 'none')."
    )
    seats_per_table: StrictInt = Field(ge=2, le=12)
    format: Literal["swiss", "round_robin", "elimination"] = "swiss"
    rounds: StrictInt | None = Field(None, ge=1, le=100, description="Swiss only.")
    starts_at: datetime = Field(description="When it starts, with its time zone (ISO 8601).")
    max_entries: StrictInt = Field(ge=2, le=1000)
    name: Text(100) = ""
    min_rating: StrictInt | None = Field(None, ge=-10_000, le=10_000)
    min_finished_games: StrictInt | None = Field(None, ge=0, le=100_000)
    max_recent_timeouts: StrictInt | None = Field(
        None, ge=0, le=1_000, description="At most this many timeouts in the last 30 days."
    )


class StandingOut(Schema):
    place: int
    user: str
    points: float
    tie_break: float = Field(description="The sum of the points of every opponent met.")
    average_place: float
    byes: int
    withdrawn: bool
    eliminated: bool


class RoundTableOut(Schema):
    id: int
    status: str
    users: list[str] = Field(description="The seated players, in seat order.")


class RoundOut(Schema):
    number: int
    status: Literal["running", "finished"]
    byes: list[str]
    tables: list[RoundTableOut]


class TournamentOut(Schema):
    id: int
    name: str
    game: str
    options: dict[str, Any]
    time_control: str
    seats_per_table: int
    format: Format
    rounds_planned: int | None = Field(description="Elimination: until one player is left.")
    status: StatusName
    starts_at: str
    max_entries: int
    min_rating: int | None
    min_finished_games: int | None
    max_recent_timeouts: int | None
    creator: str
    entries: list[str] = Field(description="Who has entered, best seed first.")
    standings: list[StandingOut]
    rounds: list[RoundOut]


Format = Literal["swiss", "round_robin", "elimination"]
StatusName = Literal["scheduled", "running", "paused", "finished", "cancelled"]


class TournamentSummaryOut(Schema):
    id: int
    name: str
    game: str
    format: Format
    status: StatusName
    starts_at: str
    entries: int = Field(description="How many have entered.")
    max_entries: int
    seats_per_table: int


class TournamentListOut(Schema):
    page: int
    pages: int
    count: int = Field(description="Tournaments matching the filters, on every page.")
    tournaments: list[TournamentSummaryOut]


def _out(tournament_id: int) -> dict[str, Any]:
    found = tournament_detail(tournament_id)
    if found is None:
        raise Http404("There is no such tournament.")
    return found.as_api()


@router.get("/tournaments", response={200: TournamentListOut, **ERRORS}, auth=None)
def tournaments_list(
    request: HttpRequest,
    status: StatusName | None = None,
    game: str | None = None,
    page: int = Query(1, ge=1),
):
    """Tournaments, latest start first, 50 a page; `status` and `game` (a
    slug from /games) narrow the list."""
    if game is not None and game not in {entry.slug for entry in registry.all_games()}:
        raise BadRequest(f"There is no game called “{game}”.")
    try:
        current = tournaments_page(status=status, game=game, page=page)
    except EmptyPage:
        raise NotFound(f"There is no page {page}: there are fewer tournaments.") from None
    return {
        "page": current.number,
        "pages": current.paginator.num_pages,
        "count": current.paginator.count,
        "tournaments": [
            {
                "id": t.pk,
                "name": t.name,
                "game": t.game,
                "format": t.format,
                "status": t.status,
                "starts_at": t.starts_at.isoformat(),
                "entries": t.entry_count,
                "max_entries": t.max_entries,
                "seats_per_table": t.seats_per_table,
            }
            for t in current.object_list
        ],
    }


@router.post("/tournaments", response={201: TournamentOut, **ERRORS})
def tournaments_create(request: HttpRequest, payload: TournamentIn):
    """Create a tournament (a player may have three open at once); the
    creator enters it by joining, like anyone."""
    if payload.starts_at.tzinfo is None:
        raise BadRequest("Give the start's time zone (for example 2030-01-01T18:00:00Z).")
    made = services.tournament_create(creator=request.auth, **payload.dict())
    return Status(201, _out(made.pk))


@router.get("/tournaments/{tournament_id}", response={200: TournamentOut, **ERRORS}, auth=None)
def tournament_get(request: HttpRequest, tournament_id: int):
    """Its status, entries, standings and rounds with their tables."""
    return _out(tournament_id)


@router.post("/tournaments/{tournament_id}/join", response={200: TournamentOut, **ERRORS})
def tournament_join(request: HttpRequest, tournament_id: int):
    """Enter it (before its start), if its entry rules let you."""
    services.tournament_join(tournament_id=tournament_id, user=request.auth)
    return _out(tournament_id)


@router.post("/tournaments/{tournament_id}/leave", response={200: TournamentOut, **ERRORS})
def tournament_leave(request: HttpRequest, tournament_id: int):
    """Before the start, take your entry back; once it runs, withdraw (your
    tables in play go on with your timeout moves)."""
    services.tournament_leave(tournament_id=tournament_id, user=request.auth)
    return _out(tournament_id)


@router.post("/tournaments/{tournament_id}/start", response={200: TournamentOut, **ERRORS})
def tournament_start(request: HttpRequest, tournament_id: int):
    """Its creator starts it before its time, once two players have entered."""
    services.tournament_start(tournament_id=tournament_id, user=request.auth)
    return _out(tournament_id)
