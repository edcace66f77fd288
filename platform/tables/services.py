"""Everything that changes a table: opening, joining, starting, and moves.

The move transaction (`move_submit`) is the heart of the site:

1. lock the table row (`select_for_update`), so two moves on one table are
   applied one after the other, never interleaved;
2. check the client's version, the seat and the move's legality, raising a
   `ServiceError` (400 / 403 / 409) before anything is written;
3. apply the move with the engine, then any automatic moves it makes due
   (standing orders, dropped players' seats);
4. save the state, the new version, one `Move` row per applied move (the log
   stays gap-free: seq = version) and the seats' clocks;
5. queue notifications on commit.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

from games import registry
from games.engine import Engine, IllegalMove, InvalidOptions, find_move
from tables import clock
from tables.errors import BadRequest, Conflict, Forbidden, NotFound, StaleVersion
from tables.models import Move, Seat, Table

# A safety net against an engine that would keep making automatic moves.
MAX_AUTOMATIC_MOVES = 1000


# -- opening and filling tables -------------------------------------------------


def table_create(
    *,
    creator: AbstractBaseUser,
    game: str,
    options: Mapping[str, Any] | None = None,
    max_players: int | None = None,
    time_control: str = clock.DEFAULT_PRESET,
    max_timeouts: int = 3,
) -> Table:
    """Open a table; the creator takes seat 0."""
    try:
        entry = registry.get(game)
    except LookupError:
        raise BadRequest(f"There is no game called “{game}”.") from None
    engine = entry.engine
    try:
        cleaned = engine.clean_options(options)
        _, high = engine.player_range(cleaned)
        if max_players is None:
            max_players = high
        engine.check_player_count(max_players, cleaned)
    except InvalidOptions as exc:
        raise BadRequest(str(exc)) from None
    preset = clock.PRESETS.get(time_control)
    if preset is None:
        raise BadRequest(f"Unknown time control “{time_control}”.")
    if not 1 <= max_timeouts <= 10:
        raise BadRequest("Timeouts before a player is dropped must be between 1 and 10.")
    with transaction.atomic():
        table = Table.objects.create(
            game=engine.slug,
            options=cleaned,
            max_players=max_players,
            creator=creator,
            seed=secrets.randbits(62),
            engine_version=engine.version,
            time_control=preset.key,
            time_bank=preset.bank,
            time_increment=preset.increment,
            time_cap=preset.cap,
            max_timeouts=max_timeouts,
            summary=f"Waiting for players (1 of {max_players})",
        )
        Seat.objects.create(table=table, number=0, user=creator)
    return table


def _lock(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise NotFound("There is no such table.") from None


def _open_summary(table: Table, seated: int) -> str:
    return f"Waiting for players ({seated} of {table.max_players})"


def table_join(*, table_id: int, user: AbstractBaseUser) -> Seat:
    with transaction.atomic():
        table = _lock(table_id)
        if not table.is_open:
            raise Conflict("This table is no longer taking players.")
        seats = list(table.seats.all())
        if any(seat.user_id == user.pk for seat in seats):
            raise Conflict("You already have a seat at this table.")
        if len(seats) >= table.max_players:
            raise Conflict("This table is full.")
        taken = {seat.number for seat in seats}
        number = next(n for n in range(table.max_players) if n not in taken)
        try:
            seat = Seat.objects.create(table=table, number=number, user=user)
        except IntegrityError:  # pragma: no cover - the row lock makes this unreachable
            raise Conflict("That seat was just taken; try again.") from None
        table.summary = _open_summary(table, len(seats) + 1)
        table.save(update_fields=["summary", "updated_at"])
    return seat


def table_leave(*, table_id: int, user: AbstractBaseUser) -> None:
    with transaction.atomic():
        table = _lock(table_id)
        if not table.is_open:
            raise Conflict("The game has started: you can no longer leave it.")
        if table.creator_id == user.pk:
            raise Conflict("You opened this table: cancel it instead of leaving.")
        deleted, _ = table.seats.filter(user=user).delete()
        if not deleted:
            raise Conflict("You have no seat at this table.")
        table.summary = _open_summary(table, table.seats.count())
        table.save(update_fields=["summary", "updated_at"])


def table_cancel(*, table_id: int, user: AbstractBaseUser | None, reason: str = "") -> Table:
    """Cancel a table: its creator before the start; staff (user None) at any time."""
    with transaction.atomic():
        table = _lock(table_id)
        if user is not None:
            if table.creator_id != user.pk:
                raise Forbidden("Only the player who opened this table may cancel it.")
            if not table.is_open:
                raise Conflict("The game has started: it can no longer be cancelled.")
        if table.is_over:
            raise Conflict("This table is already over.")
        table.status = Table.Status.ABORTED
        table.finished_at = clock.now()
        table.to_act = []
        table.prompt = ""
        table.summary = reason or "Cancelled"
        table.save()
        table.seats.update(must_act=False, deadline_at=None, turn_started_at=None)
    return table


def table_start(*, table_id: int, user: AbstractBaseUser) -> Table:
    """The creator starts the game once enough players are seated."""
    with transaction.atomic():
        table = _lock(table_id)
        if table.creator_id != user.pk:
            raise Forbidden("Only the player who opened this table may start it.")
        if not table.is_open:
            raise Conflict("This game has already started.")
        entry = registry.get(table.game)
        engine = entry.engine
        seats = list(table.seats.order_by("joined_at", "number"))
        low, _ = engine.player_range(table.options)
        if len(seats) < low:
            raise Conflict(f"{engine.name} needs at least {low} players to start.")
        # Seats are numbered in joining order, without the gaps left by leavers.
        for index, seat in enumerate(seats):
            if seat.number != index:
                seat.number = 100 + index  # step aside first: (table, number) is unique
                seat.save(update_fields=["number"])
        for index, seat in enumerate(seats):
            if seat.number != index:
                seat.number = index
                seat.save(update_fields=["number"])
        state = engine.setup(len(seats), table.options, table.seed)
        entry.state_model.objects.create(table=table, state=state)
        now = clock.now()
        table.status = Table.Status.ACTIVE
        table.started_at = now
        for seat in seats:
            seat.time_left = table.time_bank
        _play_automatic(table, entry, state, seats, now)
    return table


# -- moves ---------------------------------------------------------------------


@dataclass
class MoveResult:
    table: Table
    seat: int
    applied: int  # moves written, the player's own and automatic ones


def move_submit(
    *,
    table_id: int,
    user: AbstractBaseUser,
    version: Any,
    move: Any,
) -> MoveResult:
    """Apply a player's move, or refuse it with nothing written."""
    if not isinstance(move, dict):
        raise BadRequest("A move must be a JSON object, as listed in legal_moves.")
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadRequest("Send the table's version (an integer) with your move.")
    with transaction.atomic():
        table = _lock(table_id)
        seats = list(table.seats.all())
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            raise Forbidden("You are not playing at this table.")
        if not table.is_active:
            raise Conflict("This game is not in play.")
        if version != table.version:
            raise StaleVersion(
                f"The table has moved on since you looked (now at version {table.version})."
                " Have a look at the new position and try again."
            )
        if seat.number not in table.to_act:
            raise Forbidden("It is not your turn to act.")
        now = clock.now()
        if seat.deadline_at is not None and now >= seat.deadline_at:
            raise Forbidden("Your time for this move has run out; the timeout move will be played.")
        entry = registry.get(table.game)
        state = entry.state_model.objects.get(pk=table.pk).state
        move = _legal_or_refuse(entry.engine, state, seat.number, move)
        state = _record(table, entry.engine, state, seat.number, move, Move.Kind.PLAYER, now)
        _play_automatic(table, entry, state, seats, now, movers={seat.number})
    return MoveResult(table=table, seat=seat.number, applied=table.version - version)


def _legal_or_refuse(engine: Engine, state: dict, seat: int, move: dict) -> dict:
    """The engine's own copy of a legal move (so 1.0 or true never stand in for
    1), or BadRequest with the engine's explanation."""
    legal = find_move(engine.legal_moves(state, seat), move)
    if legal is not None:
        return legal
    try:
        engine.apply(state, seat, move)
    except IllegalMove as exc:
        raise BadRequest(str(exc)) from None
    except Exception:
        pass  # malformed input the engine did not expect
    raise BadRequest("That move is not allowed now. Choose one of the legal moves.")


def _record(
    table: Table, engine: Engine, state: dict, seat: int, move: dict, kind: str, now: datetime
) -> dict:
    """Apply one legal move and write its log row. Expects the table row locked."""
    new_state = engine.apply(state, seat, move)
    table.version += 1
    Move.objects.create(
        table=table,
        seq=table.version,
        seat=seat,
        move=move,
        log=engine.log(new_state),
        kind=kind,
        created_at=now,
    )
    return new_state


def _play_automatic(
    table: Table,
    entry: registry.GameEntry,
    state: dict,
    seats: list[Seat],
    now: datetime,
    movers: set[int] | None = None,
) -> dict:
    """Play the moves nobody needs to be asked for (a dropped player's seat,
    standing orders), then save the state, the table and the seats' clocks."""
    engine = entry.engine
    movers = set(movers or ())
    by_number = {seat.number: seat for seat in seats}
    for _ in range(MAX_AUTOMATIC_MOVES):
        if engine.outcome(state) is not None:
            break
        automatic = _next_automatic(engine, state, by_number)
        if automatic is None:
            break
        number, move, kind = automatic
        state = _record(table, engine, state, number, move, kind, now)
        movers.add(number)
    _save(table, entry, state, seats, now, movers)
    return state


def _next_automatic(
    engine: Engine, state: dict, seats: Mapping[int, Seat]
) -> tuple[int, dict, str] | None:
    for number in engine.to_act(state):
        seat = seats[number]
        if seat.dropped:
            return number, engine.timeout_move(state, number), Move.Kind.DROPPED
        if seat.standing_orders:
            move = engine.standing_move(state, number, seat.standing_orders)
            if move is not None:
                return number, move, Move.Kind.STANDING
    return None


def _save(
    table: Table,
    entry: registry.GameEntry,
    state: dict,
    seats: list[Seat],
    now: datetime,
    movers: set[int],
) -> None:
    """Write the state, the table's public summary and the seats' clocks."""
    engine = entry.engine
    entry.state_model.objects.filter(pk=table.pk).update(state=state)
    result = engine.outcome(state)
    to_act = [] if result is not None else engine.to_act(state)
    table.to_act = to_act
    table.prompt = engine.prompt(state) if to_act else ""
    table.summary = engine.summary(state)
    if result is not None:
        table.status = Table.Status.FINISHED
        table.outcome = result.as_dict()
        table.finished_at = now
    table.save()
    _update_clocks(table, seats, set(to_act), now, movers)


def _update_clocks(
    table: Table, seats: list[Seat], acting: set[int], now: datetime, movers: set[int]
) -> None:
    changed = []
    for seat in seats:
        fields = seat_clock_step(table, seat, seat.number in acting, now, seat.number in movers)
        if fields:
            changed.append(seat)
    if changed:
        Seat.objects.bulk_update(
            changed,
            ["must_act", "turn_started_at", "deadline_at", "time_left", "reminded_at"],
        )


def seat_clock_step(table: Table, seat: Seat, acting: bool, now: datetime, moved: bool) -> bool:
    """Stop the clock of a seat that moved or is no longer asked, start it for
    a seat newly asked (again, if it moved and must act once more). True if
    the seat changed."""
    was_acting = seat.must_act
    if was_acting and (moved or not acting):
        _stop_clock(table, seat, now, moved)
    if acting and not seat.must_act:
        _start_clock(table, seat, now)
    return was_acting != acting or (was_acting and moved)


def _stop_clock(table: Table, seat: Seat, now: datetime, moved: bool) -> None:
    if table.time_bank is not None and seat.turn_started_at is not None:
        seat.time_left = clock.charge(
            seat.time_left if seat.time_left is not None else table.time_bank,
            now - seat.turn_started_at,
            moved=moved,
            increment=table.time_increment,
            cap=table.time_cap,
        )
    seat.must_act = False
    seat.turn_started_at = None
    seat.deadline_at = None
    seat.reminded_at = None


def _start_clock(table: Table, seat: Seat, now: datetime) -> None:
    seat.must_act = True
    seat.turn_started_at = now
    seat.reminded_at = None
    if table.time_bank is not None and not seat.dropped:
        left = seat.time_left if seat.time_left is not None else table.time_bank
        seat.deadline_at = now + left


# -- seats: standing orders, dropping ---------------------------------------------


def _continue_game(table: Table, seats: list[Seat], now: datetime) -> None:
    """After a seat's settings change, play what is now automatic. Expects the
    table row locked."""
    if not table.is_active:
        return
    entry = registry.get(table.game)
    state = entry.state_model.objects.get(pk=table.pk).state
    _play_automatic(table, entry, state, seats, now)


def standing_orders_set(
    *, table_id: int, user: AbstractBaseUser, orders: Mapping[str, Any]
) -> Seat:
    """Save a player's standing orders for a table; they act at once if they
    answer a question the table is waiting on."""
    with transaction.atomic():
        table = _lock(table_id)
        seats = list(table.seats.all())
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            raise Forbidden("You are not playing at this table.")
        engine = registry.get(table.game).engine
        try:
            seat.standing_orders = engine.clean_standing_orders(orders)
        except InvalidOptions as exc:
            raise BadRequest(str(exc)) from None
        seat.save(update_fields=["standing_orders"])
        _continue_game(table, seats, clock.now())
    return seat


def seat_drop(*, table_id: int, number: int, reason: str) -> Seat:
    """Drop a player: from now on their seat plays its timeout move, so the
    game goes on to its end."""
    with transaction.atomic():
        table = _lock(table_id)
        seats = list(table.seats.all())
        seat = next((s for s in seats if s.number == number), None)
        if seat is None:
            raise NotFound("There is no such seat.")
        if not table.is_active:
            raise Conflict("Only a player of a game in play can be dropped.")
        if seat.dropped:
            raise Conflict("This player has already been dropped.")
        now = clock.now()
        seat.dropped_at = now
        seat.drop_reason = reason
        seat.deadline_at = None
        seat.save(update_fields=["dropped_at", "drop_reason", "deadline_at"])
        _continue_game(table, seats, now)
    return seat
