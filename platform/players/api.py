"""Players and ratings in the JSON API: public reads, like the pages."""

from __future__ import annotations

from typing import Literal

from django.http import HttpRequest
from ninja import Query, Router, Schema
from ninja.errors import HttpError
from pydantic import Field

from config.api import ErrorOut
from games import registry
from players import selectors

router = Router(tags=["players"])


class RatingOut(Schema):
    game: str
    pool: Literal["players", "bots"] = Field(
        description="Against players, or in rated games against bots (kept apart)."
    )
    rating: int = Field(description="The rating shown on the site (starts at 1500).")
    games: int = Field(description="Rated games finished.")
    mu: float
    sigma: float


class ReliabilityOut(Schema):
    share_in_time: float | None = Field(
        description="Share of the player's moves made by them before the deadline (0 to 1)."
    )
    moves: int
    moves_in_time: int
    timeouts: int
    games_abandoned: int
    games: int


class GameResultOut(Schema):
    table: int
    game: str
    status: Literal["active", "finished", "aborted"]
    rated: bool
    finished_at: str | None
    seat: int
    place: int | None
    score: int | None
    dropped: bool
    opponents: list[str]
    rating_before: int | None
    rating_after: int | None


class PlayerOut(Schema):
    username: str
    member_since: str
    ratings: list[RatingOut]
    reliability: ReliabilityOut
    in_play: list[GameResultOut]
    recent_games: list[GameResultOut]


class LeaderboardEntryOut(Schema):
    place: int
    username: str
    rating: int
    games: int


class LeaderboardOut(Schema):
    game: str
    page: int
    pages: int
    count: int
    entries: list[LeaderboardEntryOut]


def _game_out(row: selectors.GameRow) -> dict:
    table = row.table
    return {
        "table": table.pk,
        "game": table.game,
        "status": table.status,
        "rated": table.rated,
        "finished_at": table.finished_at.isoformat() if table.finished_at else None,
        "seat": row.seat.number,
        "place": row.place,
        "score": row.score,
        "dropped": row.dropped,
        "opponents": row.opponents,
        "rating_before": row.change.shown_before if row.change else None,
        "rating_after": row.change.shown_after if row.change else None,
    }


@router.get(
    "/players/{username}", response={200: PlayerOut, 400: ErrorOut, 404: ErrorOut}, auth=None
)
def player_get(request: HttpRequest, username: str):
    """A player's ratings, reliability, games in play and latest finished games."""
    player = selectors.player_get(username)
    reliability = selectors.player_reliability(player)
    _, recent = selectors.player_games_over(player, 1)
    return {
        "username": player.username,
        "member_since": player.date_joined.date().isoformat(),
        "ratings": [
            {
                "game": r.game,
                "pool": r.pool,
                "rating": r.shown,
                "games": r.games,
                "mu": r.mu,
                "sigma": r.sigma,
            }
            for r in selectors.player_ratings(player)
        ],
        "reliability": {
            "share_in_time": reliability.share,
            "moves": reliability.moves,
            "moves_in_time": reliability.own_moves,
            "timeouts": reliability.timeouts,
            "games_abandoned": reliability.abandoned,
            "games": reliability.games,
        },
        "in_play": [_game_out(row) for row in selectors.player_games_in_play(player)],
        "recent_games": [_game_out(row) for row in recent],
    }


@router.get(
    "/ratings/{game}", response={200: LeaderboardOut, 400: ErrorOut, 404: ErrorOut}, auth=None
)
def leaderboard(request: HttpRequest, game: str, page: int = Query(1, ge=1)):
    """A game's leaderboard against players, best first, 50 players a page
    (ratings against bots and bots themselves are not on it)."""
    try:
        entry = registry.get(game)
    except LookupError:
        raise HttpError(404, f"There is no game called “{game}”.") from None
    current = selectors.leaderboard(entry.slug, page)
    if page > current.paginator.num_pages and page != 1:
        raise HttpError(404, f"There is no page {page}: the last is {current.paginator.num_pages}.")
    return {
        "game": entry.slug,
        "page": current.number,
        "pages": current.paginator.num_pages,
        "count": current.paginator.count,
        "entries": [
            {
                "place": current.start_index() + i,
                "username": r.user.username,
                "rating": r.shown,
                "games": r.games,
            }
            for i, r in enumerate(current.object_list)
        ],
    }
