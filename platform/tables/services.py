"""Everything that changes a table: opening, joining, starting, and moves.

The move transaction (`move_submit`) is the heart of the site:

1. lock the table row while reading it with its state and seats
   (`queries.table_with_state`), so two moves on one table are applied one
   after the other, never interleaved;
2. check the client's version, the seat and the move's legality, raising a
   `ServiceError` (400 / 403 / 409) before anything is written;
3. apply the move with the engine, then any automatic moves it makes due
   (standing orders, dropped players' seats);
4. save the state, the new version, one `Move` row per applied move (the log
   stays gap-free: seq = version) and the seats' clocks, in one write
   (`queries.play_save`);
5. send the events of `tables.events` inside the transaction: the
   notifications app queues its emails from them, sent on commit. Turns
   asked goes just before the write, so the emails' insert joins it; the
   game over, after it.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

from games import registry
from games.engine import Engine, IllegalMove, InvalidOptions, find_move
from tables import clock, events, queries, seat_clocks
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
    time_control: str | clock.TimeControl = clock.DEFAULT_PRESET,
    max_timeouts: int = 3,
    rated: bool = True,
) -> Table:
    """Open a table; the creator takes seat 0. `time_control` is a preset's
    key or a `TimeControl` (see `clock.custom`); a `rated` game's result
    changes its players' ratings."""
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
    preset = (
        time_control
        if isinstance(time_control, clock.TimeControl)
        else clock.PRESETS.get(time_control)
    )
    if preset is None:
        raise BadRequest(
            f"Unknown time control “{time_control}”: choose one of {', '.join(clock.PRESETS)}."
        )
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
            rated=rated,
            summary=f"Waiting for players (1 of {max_players})",
        )
        Seat.objects.create(table=table, number=0, user=creator)
    return table


def _lock(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise NotFound("There is no such table.") from None


def _lock_as_player(table_id: int, user: AbstractBaseUser) -> tuple[Table, list[Seat], Seat]:
    """The table locked, its seats, and the user's own seat (refused if none)."""
    table = _lock(table_id)
    return (table, *_seats_as_player(table, user))


def _seats_as_player(table: Table, user: AbstractBaseUser) -> tuple[list[Seat], Seat]:
    # With the users: a move's answer draws the seats from these (no second read).
    seats = queries.seats_with_users(table)
    return seats, _seat_of(seats, user)


def _seat_of(seats: list[Seat], user: AbstractBaseUser) -> Seat:
    seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is None:
        raise Forbidden("You are not playing at this table.")
    return seat


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
        table.setup_log = engine.log(state)
        now = clock.now()
        table.status = Table.Status.ACTIVE
        table.started_at = now
        table.save()
        for seat in seats:
            seat.time_left = table.time_bank
        _Play(table, entry, state, seats, now).finish()
    return table


# -- moves ---------------------------------------------------------------------


@dataclass
class MoveResult:
    table: Table
    seat: int
    applied: int  # moves written, the player's own and automatic ones
    state: dict  # the game's state after them (for the caller's view only)
    seats: list[Seat]  # the table's seats after them, with their users


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
        found = queries.table_with_state(table_id, lock=True)
        if found is None:
            raise NotFound("There is no such table.")
        table, state, seats = found
        seat = _seat_of(seats, user)
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
        if seat_clocks.is_late(seat, now):
            raise Forbidden(
                "Your time for this move ran out, so it can no longer be played: "
                "the game will make its default move for you."
            )
        play = _Play(table, registry.get(table.game), state, seats, now)
        move = _legal_or_refuse(play.engine, play.state, seat.number, move)
        play.record(seat.number, move, Move.Kind.PLAYER)
        play.finish(viewer=seat)
    return MoveResult(
        table=table,
        seat=seat.number,
        applied=table.version - version,
        state=play.state,
        seats=seats,
    )


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


TABLE_PLAY_FIELDS = [
    "version",
    "to_act",
    "prompt",
    "summary",
    "status",
    "outcome",
    "finished_at",
    "updated_at",
]


class _Play:
    """The moves applied to one table in one transaction, with the table row
    locked: each is logged, then the automatic ones follow, then the state,
    the table's summary and the seats' clocks are saved once."""

    def __init__(self, table: Table, entry: registry.GameEntry, state: dict, seats, now):
        self.table = table
        self.entry = entry
        self.engine: Engine = entry.engine
        self.state = state
        self.seats = seats
        self.by_number = {seat.number: seat for seat in seats}
        self.now = now
        # Written once, by finish(): the log rows, and each seat's changed fields.
        self.new_moves: list[Move] = []
        self.changed: dict[int, set[str]] = {}
        self.acting = set(self.engine.to_act(state))
        # Seats whose decision ended: they moved, or stopped being asked.
        self.moved: set[int] = set()
        self.interrupted: set[int] = set()
        # Seats whose time had run out when the play began: timed out first,
        # in the engine's order (responders in seat order after the actor).
        order = {number: i for i, number in enumerate(self.engine.to_act(state))}
        self.late = sorted(
            (seat for seat in seats if seat_clocks.is_late(seat, now)),
            key=lambda seat: order.get(seat.number, len(order)),
        )

    @classmethod
    def load(cls, table: Table, seats: list[Seat], now: datetime) -> _Play:
        entry = registry.get(table.game)
        state = entry.state_model.objects.get(pk=table.pk).state
        return cls(table, entry, state, seats, now)

    @property
    def over(self) -> bool:
        return self.engine.outcome(self.state) is not None

    def record(self, seat: int, move: dict, kind: str) -> None:
        """Apply one legal move and add its log row (written by finish)."""
        self.state = self.engine.apply(self.state, seat, move)
        self.table.version += 1
        self.new_moves.append(
            Move(
                table=self.table,
                seq=self.table.version,
                seat=seat,
                move=move,
                log=self.engine.log(self.state),
                kind=kind,
                created_at=self.now,
            )
        )
        after = set() if self.over else set(self.engine.to_act(self.state))
        # A seat asked before and after someone else's move keeps its clock;
        # one that stopped being asked in between gets a fresh decision.
        self.interrupted |= self.acting - after - {seat}
        self.moved.add(seat)
        self.acting = after

    def play_automatic(self) -> None:
        """Play what nobody needs to be asked for: a late seat's timeout (as
        the sweep would, whichever path gets here first, so standing orders
        never dodge it), a dropped player's seat, standing orders."""
        while self.late and not self.over:
            seat = self.late.pop(0)
            _time_out(self, self.table, seat, self.now)
            self._changed(seat, TIMEOUT_FIELDS)
        for _ in range(MAX_AUTOMATIC_MOVES):
            if self.over:
                return
            automatic = self._next_automatic()
            if automatic is None:
                return
            self.record(*automatic)

    def _changed(self, seat: Seat, fields) -> None:
        self.changed.setdefault(seat.pk, set()).update(fields)

    def _next_automatic(self) -> tuple[int, dict, str] | None:
        # In the engine's order: responders answer in seat order after the actor.
        for number in self.engine.to_act(self.state):
            seat = self.by_number[number]
            if seat.dropped:
                return number, self.engine.timeout_move(self.state, number), Move.Kind.DROPPED
            if seat.standing_orders:
                move = self.engine.standing_move(self.state, number, seat.standing_orders)
                if move is not None:
                    return number, move, Move.Kind.STANDING
        return None

    def finish(self, viewer: Seat | None = None) -> None:
        """Play the automatic moves, then save everything. `viewer`: the
        seat whose player is looking at the table now."""
        self.play_automatic()
        if viewer is not None:
            viewer.seen_version = self.table.version
            self._changed(viewer, ["seen_version"])
        table, engine = self.table, self.engine
        result = engine.outcome(self.state)
        table.to_act = [] if result is not None else engine.to_act(self.state)
        table.prompt = engine.prompt(self.state) if table.to_act else ""
        table.summary = engine.summary(self.state)
        if result is not None:
            table.status = Table.Status.FINISHED
            dropped = [s.number for s in self.seats if s.dropped]
            table.outcome = {**result.as_dict(), "dropped": dropped}
            table.finished_at = self.now
        asked, clocks_changed = seat_clocks.update(
            table,
            self.seats,
            set(table.to_act),
            self.now,
            restarted=self.moved | self.interrupted,
            moved=self.moved,
        )
        for seat in clocks_changed:
            self._changed(seat, seat_clocks.SEAT_FIELDS)
        # Whoever just moved is looking at the table: no email for them. The
        # emails' insert goes with the play's write.
        joined: list[queries.Joined] = []
        events.turns_asked.send(
            sender=Table,
            table=table,
            seats=[s for s in asked if s.number not in self.moved],
            now=self.now,
            join_write=lambda sql, params, then: joined.append((sql, params, then)),
        )
        # Only what a move changes: the options and the deal's log stay put.
        queries.play_save(
            table,
            TABLE_PLAY_FIELDS,
            self.entry.state_model(table_id=table.pk, state=self.state),
            self.new_moves,
            [(seat, self.changed.get(seat.pk, set())) for seat in self.seats],
            joined,
        )
        if result is not None:
            # In the transaction that ends the game, under its row lock: the
            # ratings and the game-over emails follow from it.
            events.game_finished.send(sender=Table, table=table, seats=self.seats, now=self.now)


# -- seats: standing orders, dropping ---------------------------------------------


def _continue_game(table: Table, seats: list[Seat], now: datetime) -> None:
    """After a seat's settings change, play what is now automatic. Expects the
    table row locked."""
    if table.is_active:
        _Play.load(table, seats, now).finish()


def standing_orders_set(
    *, table_id: int, user: AbstractBaseUser, orders: Mapping[str, Any]
) -> Seat:
    """Save a player's standing orders for a table; they act at once if they
    answer a question the table is waiting on."""
    with transaction.atomic():
        table, seats, seat = _lock_as_player(table_id, user)
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
        _drop(table, seats, seat, reason)
    return seat


def seat_resign(*, table_id: int, user: AbstractBaseUser) -> Seat:
    """A player gives up: their seat is dropped as if they had timed out for
    good, so they rank below everyone still playing."""
    with transaction.atomic():
        table, seats, seat = _lock_as_player(table_id, user)
        if not table.is_active:
            raise Conflict("This game is not in play.")
        if seat.dropped:
            raise Conflict("You have already left this game.")
        _drop(table, seats, seat, "resigned")
    return seat


def _drop(table: Table, seats: list[Seat], seat: Seat, reason: str) -> None:
    now = clock.now()
    seat.dropped_at = now
    seat.drop_reason = reason
    seat.deadline_at = None
    seat.save(update_fields=["dropped_at", "drop_reason", "deadline_at"])
    _continue_game(table, seats, now)


# -- the clock: reminders, timeouts, vacations, moderators' extensions -------------


def seat_remind(*, seat_id: int, now: datetime) -> bool:
    """Warn a player whose turn is 80% used, once per turn. The conditional
    update claims the reminder: if it changes no row, another sweep (or a
    move) got there first."""
    with transaction.atomic():
        claimed = Seat.objects.filter(
            pk=seat_id,
            must_act=True,
            reminded_at__isnull=True,
            remind_at__lte=now,
            deadline_at__gt=now,
            table__status=Table.Status.ACTIVE,
        ).update(reminded_at=now)
        if not claimed:
            return False
        seat = Seat.objects.select_related("table").get(pk=seat_id)
        events.reminder_due.send(sender=Table, table=seat.table, seat=seat, now=now)
    return True


def table_timeouts_play(*, table_id: int, now: datetime) -> int:
    """Play the timeout move for every seat of the table whose time ran out,
    through the same path as a player's move. Returns the seats timed out.

    The table row is taken with `skip_locked`: if a player's move or another
    sweep holds it, this one moves on, and the next sweep looks again (by
    then the seat may have moved in time, or be late still)."""
    with transaction.atomic():
        found = queries.table_with_state(table_id, lock=True, skip_locked=True)
        if found is None or not found[0].is_active:
            return 0
        table, state, seats = found
        late = [s for s in seats if seat_clocks.is_late(s, now)]
        if not late:
            return 0
        # The play times out every late seat first (see _Play.play_automatic).
        _Play(table, registry.get(table.game), state, seats, now).finish()
    return len(late)


TIMEOUT_FIELDS = ["timeouts", "dropped_at", "drop_reason"]


# A decision is a few small moves at most (Koryo's order: kind, then count).
MAX_TIMEOUT_STEPS = 20


def _time_out(play: _Play, table: Table, seat: Seat, now: datetime) -> None:
    """Finish the late seat's decision with its timeout moves, count one
    timeout, and drop the player when they have used them all.

    A decision can take a few small moves (Koryo's order: the kind, then how
    many); they belong to the same decision while the game asks that seat the
    same question (its prompt). A new question, such as Coup's next turn
    after a reaction window closes, gets a fresh clock instead."""
    question = play.engine.prompt(play.state)
    for _ in range(MAX_TIMEOUT_STEPS):
        if play.over or seat.number not in play.acting:
            break
        play.record(
            seat.number, play.engine.timeout_move(play.state, seat.number), Move.Kind.TIMEOUT
        )
        if play.engine.prompt(play.state) != question:
            break
    seat.timeouts += 1
    if seat.timeouts >= table.max_timeouts:
        seat.dropped_at = now
        seat.drop_reason = (
            f"Ran out of time {seat.timeouts} times; the game plays this seat's moves."
        )
    events.seat_timed_out.send(sender=Table, table=table, seat=seat, now=now)


def seat_clocks_reschedule(*, user: AbstractBaseUser) -> int:
    """Move the deadlines of a player's running clocks (after their vacations
    changed). Returns the seats updated."""
    from accounts.vacations import pauses_for

    now = clock.now()
    seats = list(
        Seat.objects.filter(user=user, must_act=True, table__status=Table.Status.ACTIVE)
        .select_related("table")
        .select_for_update(of=("self",))
    )
    since = min([now] + [s.turn_started_at for s in seats if s.turn_started_at])
    pauses = pauses_for([user.pk], since).get(user.pk, [])
    for seat in seats:
        seat_clocks.schedule(seat.table, seat, pauses)
        seat.save(update_fields=["deadline_at", "remind_at"])
    return len(seats)


def seat_clocks_on_vacation(sender, *, user: AbstractBaseUser, **_) -> None:
    """The one way the accounts app's vacations reach the clocks (its
    `vacation_changed` signal)."""
    seat_clocks_reschedule(user=user)


def seat_deadline_extend(*, seat_id: int, by: timedelta) -> Seat:
    """A moderator gives a player more time on their running clock."""
    with transaction.atomic():
        seat = Seat.objects.select_for_update().select_related("table").get(pk=seat_id)
        if not seat.must_act or seat.deadline_at is None:
            raise Conflict("This seat's clock is not running.")
        seat.time_left = seat_clocks.bank(seat.table, seat) + by
        seat.deadline_at += by
        if seat.reminded_at is None and seat.remind_at is not None:
            seat.remind_at += by
        seat.save(update_fields=["time_left", "deadline_at", "remind_at"])
    return seat


# -- invitations -------------------------------------------------------------------


def table_rematch(*, table_id: int, user: AbstractBaseUser) -> Table:
    """A new table with the same game, options, seats and time control, opened
    by `user` (a player of the finished table), the others invited."""
    old = Table.objects.get(pk=table_id)
    players = list(old.seats.select_related("user").order_by("number"))
    if not old.is_over or not old.started_at:
        raise Conflict("A rematch is offered once the game is over.")
    if user.pk not in {s.user_id for s in players}:
        raise Forbidden("Only the players of this game may ask for a rematch.")
    control = clock.PRESETS.get(old.time_control) or clock.custom(
        old.time_bank, old.time_increment, old.time_cap
    )
    with transaction.atomic():
        table = table_create(
            creator=user,
            game=old.game,
            options=old.options,
            max_players=old.max_players,
            time_control=control,
            max_timeouts=old.max_timeouts,
            rated=old.rated,
        )
        for seat in players:
            if seat.user_id != user.pk:
                table_invite(table_id=table.pk, user=user, username=seat.user.username)
    return table


def table_invite(*, table_id: int, user: AbstractBaseUser, username: str) -> None:
    """The creator invites a player by name to an open table; they are emailed."""
    from django.contrib.auth import get_user_model

    from tables.models import Invitation

    with transaction.atomic():
        table = _lock(table_id)
        if table.creator_id != user.pk:
            raise Forbidden("Only the player who opened this table may invite others.")
        if not table.is_open:
            raise Conflict("The game has started: there is no seat to invite anyone to.")
        guest = get_user_model().objects.filter(username__iexact=username.strip()).first()
        if guest is None:
            raise BadRequest(f"There is no player called “{username.strip()}”.")
        if table.seats.filter(user=guest).exists():
            raise Conflict(f"{guest.username} already has a seat at this table.")
        _, created = Invitation.objects.get_or_create(
            table=table, user=guest, defaults={"invited_by": user}
        )
        if not created:
            raise Conflict(f"{guest.username} is already invited.")
        events.player_invited.send(sender=Table, table=table, user=guest, now=clock.now())
