"""The tables' endpoints of the JSON API (the API itself, its authentication
and its errors are config.api): the games, tables, seats, bots, moves and
the log.

Rate limits: moves are limited per user (all tables together) and per table
(all its players together), by default 1,200 and 300 a minute. A refused
request answers 429 with a `Retry-After` header: the seconds to wait.
"""

from __future__ import annotations

from typing import Any, Literal

from django.contrib.auth.models import AbstractBaseUser
from django.http import Http404, HttpRequest, HttpResponse
from ninja import Router, Schema, Status
from pydantic import Field, StrictBool, StrictInt

from clocks import controls
from config import limits
from config.api import ERRORS, Text, TooManyMoves, api
from games import registry
from players.ratings import rating_kind
from tables import services
from tables.models import Table
from tables.present import outcome_for_reading, summary_text, table_view
from tables.selectors import TableRead, table_read

router = Router()


def _limit_moves(request: HttpRequest) -> None:
    seconds = limits.wait(request, limits.MOVES_PER_USER, limits.MOVES_PER_TABLE)
    if seconds:
        raise TooManyMoves(seconds)


# -- schemas ---------------------------------------------------------------------


Username = Text(150)


class ChoiceOut(Schema):
    value: Any
    label: str


class OptionOut(Schema):
    key: str
    label: str
    default: Any
    choices: list[ChoiceOut]
    help: str


class TimeControlOut(Schema):
    key: str
    label: str


class GameOut(Schema):
    slug: str
    name: str
    min_players: int
    max_players: int
    blurb: str
    options: list[OptionOut]
    standing_orders: list[OptionOut]
    time_controls: list[TimeControlOut]


class SeatOut(Schema):
    seat: int
    username: str
    rated_against_bots: bool = Field(
        description="The player chose a rated game against bots: with a bot seated, the "
        "game is rated (against bots) only if every player chose so."
    )
    must_act: bool
    dropped: bool
    deadline_at: str | None
    time_left_seconds: int | None
    timeouts: int
    away_until: str | None
    paused_until: str | None = Field(
        description="While the player's clock is stopped (a vacation, or outside their "
        "playing hours): when it runs again."
    )


class TableOut(Schema):
    id: int
    game: str
    status: Literal["open", "active", "finished", "aborted"]
    version: int
    options: dict[str, Any]
    max_players: int
    time_control: str
    rated: bool = Field(description="The creator's choice of a rated table.")
    rating: Literal["Rated", "Rated against bots", "Unrated"] = Field(
        description="What the result counts for: between people, against bots (a bot "
        "seated and every player chose it), or nothing."
    )
    bot_takeover: bool
    seats: list[SeatOut]
    to_act: list[int]
    my_seat: int | None
    prompt: str
    summary: str
    view: dict[str, Any] | None
    legal_moves: list[dict[str, Any]]
    outcome: dict[str, Any] | None
    standing_orders: dict[str, Any] | None = Field(
        None,
        description="Your seat's standing orders (null for a spectator): `orders`, each "
        "order's choice, and `turned_off`, why orders news ended since you last set them.",
    )


class TableIn(Schema):
    game: Text(40)
    options: dict[str, Any] = Field(default_factory=dict)
    max_players: StrictInt | None = None
    time_control: Text(40) = Field(
        controls.DEFAULT_PRESET,
        description="A preset from /games, or 'custom' with the three *_seconds fields.",
    )
    time_bank_seconds: StrictInt | None = None
    time_increment_seconds: StrictInt | None = None
    time_cap_seconds: StrictInt | None = None
    max_timeouts: StrictInt = 3
    rated: StrictBool = Field(True, description="Whether the result changes the players' ratings.")
    rated_against_bots: StrictBool = Field(
        False,
        description="Your choice of a rated game against bots: with a bot seated, the game is "
        "rated (in the ratings against bots) only if every player chose it.",
    )
    bot_takeover: StrictBool = Field(
        True,
        description="A medium bot plays the seat of a player who is dropped or resigns "
        "(else the seat plays its timeout moves).",
    )
    invite: list[Username] = Field(
        default_factory=list, max_length=10, description="Usernames to invite (at most 10)."
    )


class BotIn(Schema):
    level: Text(20) = Field(description="The bot's strength: easy, medium or hard.")


class PlayNowIn(Schema):
    game: Text(40)
    level: Text(20) = Field("medium", description="The bots' strength: easy, medium or hard.")
    players: StrictInt = Field(2, description="Players at the table, you and the bots.")
    rated: StrictBool = Field(
        False,
        description="A rated game against bots: it counts in your rating against bots, "
        "apart from your rating against players.",
    )


class MoveIn(Schema):
    version: StrictInt
    move: dict[str, Any]


class OrdersIn(Schema):
    orders: dict[str, Any]


class LogLineOut(Schema):
    text: str
    private: bool


class LogEntryOut(Schema):
    seq: int
    seat: int
    kind: str
    at: str
    lines: list[LogLineOut]
    move: dict[str, Any] | None


class LogOut(Schema):
    table: int
    version: int
    entries: list[LogEntryOut]


# -- helpers --------------------------------------------------------------------


def _option_out(opt) -> dict[str, Any]:
    return {
        "key": opt.key,
        "label": opt.label,
        "default": opt.default,
        "choices": [{"value": v, "label": lab} for v, lab in opt.choices],
        "help": opt.help,
    }


def _table_out(found: TableRead, user: AbstractBaseUser) -> dict[str, Any]:
    table = found.table
    tv = table_view(found, user, log_limit=0)
    return {
        "id": table.pk,
        "game": table.game,
        "status": table.status,
        "version": table.version,
        "options": table.options,
        "max_players": table.max_players,
        "time_control": table.time_control,
        "rated": table.rated,
        "rating": rating_kind(table, found.seats),
        "bot_takeover": table.bot_takeover,
        "seats": [s.as_api() for s in tv.seats],
        "to_act": list(table.to_act),
        "my_seat": tv.my_seat,
        "prompt": tv.waiting,
        "summary": summary_text(table, tv.names),
        "view": tv.view,
        "legal_moves": tv.legal_moves,
        "outcome": outcome_for_reading(table, tv.names),
        "standing_orders": None
        if tv.my_seat is None
        else {
            "orders": tv.my_standing_orders,
            "turned_off": tv.my_order_notices,
        },
    }


def _answer(request: HttpRequest, table_out: dict[str, Any]) -> HttpResponse:
    """A bot's read or move answered as built: `_table_out` has TableOut's
    shape already (a test holds it to the schema), and checking it again on
    every read and move cost a tenth of their time."""
    return api.create_response(request, table_out, status=200)


def _read(table_id: int) -> TableRead:
    found = table_read(table_id)
    if found is None:
        raise Http404("No Table matches the given query.")
    return found


# -- endpoints ------------------------------------------------------------------


@router.get("/games", response=list[GameOut], auth=None, tags=["games"])
def games(request: HttpRequest):
    """The games, their player counts and options."""
    presets = [{"key": tc.key, "label": tc.label} for tc in controls.PRESETS.values()]
    return [
        {
            "slug": e.slug,
            "name": e.engine.name,
            "min_players": e.engine.min_players,
            "max_players": e.engine.max_players,
            "blurb": e.engine.blurb,
            "options": [_option_out(o) for o in e.engine.options],
            "standing_orders": [_option_out(o) for o in e.engine.standing_orders],
            "time_controls": presets,
        }
        for e in registry.all_games()
    ]


@router.get("/tables", response={200: list[TableOut], **ERRORS}, tags=["tables"])
def tables_list(request: HttpRequest, status: Literal["open", "active", "mine"] = "open"):
    """Open tables to join (`open`), or the caller's tables in play (`mine`)."""
    if status == "mine":
        query = Table.objects.filter(seats__user=request.auth, status=Table.Status.ACTIVE)
    else:
        query = Table.objects.filter(status=status)
    ids = query.order_by("-created_at").values_list("pk", flat=True)[:50]
    return [_table_out(_read(table_id), request.auth) for table_id in ids]


@router.post("/tables", response={201: TableOut, **ERRORS}, tags=["tables"])
def tables_create(request: HttpRequest, payload: TableIn):
    """Open a table; the caller takes seat 0."""
    table = services.table_create(
        creator=request.auth,
        game=payload.game,
        options=payload.options,
        max_players=payload.max_players,
        time_control=payload.time_control,
        custom_seconds=(
            payload.time_bank_seconds,
            payload.time_increment_seconds,
            payload.time_cap_seconds,
        ),
        max_timeouts=payload.max_timeouts,
        rated=payload.rated,
        rated_against_bots=payload.rated_against_bots,
        bot_takeover=payload.bot_takeover,
        invite=payload.invite,
    )
    return Status(201, _table_out(_read(table.pk), request.auth))


@router.get("/tables/{table_id}", response={200: TableOut, **ERRORS}, tags=["tables"])
def table_get(request: HttpRequest, table_id: int):
    """The table as the caller may see it, with their legal moves."""
    return _answer(request, _table_out(_read(table_id), request.auth))


class JoinIn(Schema):
    rated_against_bots: StrictBool = Field(
        False,
        description="Your choice of a rated game against bots: counts in your rating against "
        "bots only. With a bot seated, the game is rated only if every player chose it.",
    )


@router.post("/tables/{table_id}/join", response={200: TableOut, **ERRORS}, tags=["tables"])
def table_join(request: HttpRequest, table_id: int, payload: JoinIn | None = None):
    chosen = payload.rated_against_bots if payload is not None else False
    services.table_join(table_id=table_id, user=request.auth, rated_against_bots=chosen)
    return _table_out(_read(table_id), request.auth)


@router.post("/tables/{table_id}/leave", response={200: TableOut, **ERRORS}, tags=["tables"])
def table_leave(request: HttpRequest, table_id: int):
    services.table_leave(table_id=table_id, user=request.auth)
    return _table_out(_read(table_id), request.auth)


@router.post("/tables/{table_id}/start", response={200: TableOut, **ERRORS}, tags=["tables"])
def table_start(request: HttpRequest, table_id: int):
    services.table_start(table_id=table_id, user=request.auth)
    return _table_out(_read(table_id), request.auth)


@router.post("/tables/{table_id}/cancel", response={200: TableOut, **ERRORS}, tags=["tables"])
def table_cancel(request: HttpRequest, table_id: int):
    services.table_cancel(table_id=table_id, user=request.auth)
    return _table_out(_read(table_id), request.auth)


@router.post("/tables/{table_id}/resign", response={200: TableOut, **ERRORS}, tags=["tables"])
def table_resign(request: HttpRequest, table_id: int):
    """Give up a game in play: your seat plays its default moves to the end
    and you rank below every player still in the game."""
    services.seat_resign(table_id=table_id, user=request.auth)
    return _table_out(_read(table_id), request.auth)


@router.post("/tables/{table_id}/bots", response={201: TableOut, **ERRORS}, tags=["tables"])
def table_bot_add(request: HttpRequest, table_id: int, payload: BotIn):
    """The table's creator seats a bot (`easy`, `medium` or `hard`) in a free
    seat before the start. 400: unknown level; 403: not the creator; 409: the
    table is full or started."""
    services.table_bot_add(table_id=table_id, user=request.auth, level=payload.level)
    return Status(201, _table_out(_read(table_id), request.auth))


@router.delete(
    "/tables/{table_id}/bots/{seat}", response={200: TableOut, **ERRORS}, tags=["tables"]
)
def table_bot_remove(request: HttpRequest, table_id: int, seat: int):
    """The table's creator takes the bot in `seat` off the table before the
    start. 403: not the creator; 404: no bot in that seat; 409: started."""
    services.table_bot_remove(table_id=table_id, user=request.auth, number=seat)
    return _table_out(_read(table_id), request.auth)


@router.post("/play-now", response={201: TableOut, **ERRORS}, tags=["tables"])
def table_play_now(request: HttpRequest, payload: PlayNowIn):
    """Open a table of `game` with bots of `level` in every other seat, and
    start it."""
    table = services.table_play_now(
        user=request.auth,
        game=payload.game,
        level=payload.level,
        players=payload.players,
        rated=payload.rated,
    )
    return Status(201, _table_out(_read(table.pk), request.auth))


RETRY_AFTER = {
    "responses": {
        429: {
            "description": "Too many moves: wait the seconds in Retry-After.",
            "headers": {
                "Retry-After": {
                    "description": "Seconds until the limit allows a move again.",
                    "schema": {"type": "integer", "minimum": 1},
                }
            },
        }
    }
}


@router.post(
    "/tables/{table_id}/moves",
    response={200: TableOut, **ERRORS},
    tags=["moves"],
    openapi_extra=RETRY_AFTER,
)
def move_create(request: HttpRequest, table_id: int, payload: MoveIn):
    """Make a move: one of `legal_moves`, with the `version` you saw.

    400: not a legal move; 403: not your seat or not your turn; 409: the table
    has moved on (stale version) or is not in play; 429: too many moves, come
    back after Retry-After seconds."""
    _limit_moves(request)
    result = services.move_submit(
        table_id=table_id, user=request.auth, version=payload.version, move=payload.move
    )
    return _answer(request, _table_out(result.read, request.auth))


@router.put(
    "/tables/{table_id}/standing-orders", response={200: TableOut, **ERRORS}, tags=["moves"]
)
def standing_orders(request: HttpRequest, table_id: int, payload: OrdersIn):
    """Set standing orders (see `standing_orders` in /games) for your seat."""
    services.standing_orders_set(table_id=table_id, user=request.auth, orders=payload.orders)
    return _table_out(_read(table_id), request.auth)


@router.get("/tables/{table_id}/log", response={200: LogOut, **ERRORS}, tags=["moves"])
def table_log(request: HttpRequest, table_id: int):
    """The game log as the caller may read it (their private lines included)."""
    found = _read(table_id)
    table = found.table
    tv = table_view(found, request.auth, log_limit=None)
    own = {}
    if tv.my_seat is not None:
        own = dict(table.moves.filter(seat=tv.my_seat).values_list("seq", "move"))
    return {
        "table": table.pk,
        "version": table.version,
        "entries": [e.as_api(own_move=own.get(e.seq)) for e in tv.log],
    }
