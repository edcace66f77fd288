"""Moves: a player's move (`move_submit`) and the timeouts the sweep plays
(`table_timeouts_play`), both through one play of the table (`Play`).

A play is one transaction:

1. the table row is locked and read with its state and seats
   (`selectors.table_read(lock=True)`);
2. the client's version, the seat and the move's legality are checked, and a
   refusal (`ServiceError`: 400 / 403 / 409) is raised before anything is
   written;
3. the move is applied with the engine, then the moves nobody needs to be
   asked for (late seats' timeouts, dropped players, standing orders, and a
   seat's only legal move when the engine marks it forced: `About.forced`),
   and the standing orders that news ended are turned off
   (`standing_orders`);
4. the table's fields (its `revision` one more), the state, one `Move` row
   per applied move (seq = version: the log has no gaps; with the piece it
   acted on) and the seats' changed clocks are saved;
5. what follows the play is set off in one place,
   `consequences.play_follow`: the live events, turn emails and pushes, the
   bots' moves and the end of the game in the transaction, the ratings once
   it has committed.

Locks and the races they prevent:
- the table row (FOR UPDATE): two posts of one move, two players at once, a
  player's move against the sweep's timeout. The second waits for the first
  to commit, then sees its version (a stale version, or not that seat's turn
  any more) and its clocks. The log's unique (table, seq) is the backstop.
- the sweep takes the row with SKIP LOCKED: it never waits behind a player's
  move; the next sweep looks again (by then the seat may have moved in time).
A move from a seat whose time ran out is refused, and the play times such
seats out first, whichever path gets there first, so a late move, a change of
standing orders or another seat's move never dodges a timeout.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from clocks import clock, seat_clocks
from games import registry
from games.engine import NOT_LISTED, Engine, IllegalMove, Legal, line
from tables import events
from tables.errors import BadRequest, Conflict, Forbidden, StaleVersion
from tables.models import Move, Seat, Table, TableState
from tables.present import fill
from tables.selectors import TableRead, table_read
from tables.services import standing_orders
from tables.services.changes import table_revise
from tables.services.consequences import play_follow
from tables.services.locks import seat_of, table_read_locked

# A safety net against an engine that would keep making automatic moves.
MAX_AUTOMATIC_MOVES = 1000
# A decision is a few small moves at most (Koryo's order: kind, then count).
MAX_TIMEOUT_STEPS = 20


@dataclass
class MoveResult:
    table: Table
    seat: int
    applied: int  # moves written, the player's own and automatic ones
    state: dict  # the game's state after them (for the caller's view only)
    seats: list[Seat]  # the table's seats after them, with their users

    @property
    def read(self) -> TableRead:
        """The table as the move left it, as the selector would read it."""
        return TableRead(self.table, self.state, self.seats)


def move_submit(
    *,
    table_id: int,
    user: AbstractBaseUser,
    version: Any,
    move: Any,
    kind: str = Move.Kind.PLAYER,
) -> MoveResult:
    """Apply a player's move, or refuse it with nothing written. `kind`: a
    bot playing a dropped player's seat logs its moves as the seat's."""
    if not isinstance(move, dict):
        raise BadRequest("A move must be a JSON object, as listed in legal_moves.")
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadRequest("Send the table's version (an integer) with your move.")
    with transaction.atomic():
        found = table_read_locked(table_id)
        table, seats = found.table, found.seats
        seat = seat_of(seats, user)
        if not table.is_active:
            raise Conflict("This game is not in play.")
        if version != table.version:
            raise StaleVersion(
                f"The table has moved on since you looked (now at version {table.version})."
                " Have a look at the new position and try again."
            )
        now = clock.now()
        refusal = seat_refusal(table, seat, now, kind)
        if refusal is not None:
            raise refusal
        play = Play(found, now)
        move = _legal_or_refuse(play.engine, play.state, seat.number, move)
        play.record(seat.number, move, kind)
        play.finish(viewer=seat)
    return MoveResult(
        table=table,
        seat=seat.number,
        applied=table.version - version,
        state=play.state,
        seats=seats,
    )


def seat_refusal(
    table: Table, seat: Seat, now: datetime, kind: str = Move.Kind.PLAYER
) -> Forbidden | None:
    """Why the seat may not move at the table now, in the words the move
    service refuses with (an answer by email says them too), or None."""
    if seat.number not in table.to_act:
        return Forbidden("It is not your turn to act.")
    if seat.dropped and kind != Move.Kind.DROPPED:
        return Forbidden("You have left this game: a bot plays your seat now.")
    if seat_clocks.is_late(seat, now):
        return Forbidden(
            "Your time for this move ran out, so it can no longer be played: "
            "the game will make its default move for you."
        )
    return None


def _legal_or_refuse(engine: Engine, state: dict, seat: int, move: dict) -> Legal:
    """The engine's own record of a legal move (so 1.0 or true never stand in
    for 1), or BadRequest with the engine's refusal."""
    legal = engine.listed(state, seat, move)
    if legal is not None:
        return legal
    raise BadRequest(engine.refusal(state, seat, move) or NOT_LISTED)


def table_timeouts_play(*, table_id: int, now: datetime) -> int:
    """Play the timeout move for every seat of the table whose time ran out,
    through the same play as a player's move. Returns the seats timed out.

    The table row is taken with SKIP LOCKED: if a player's move or another
    sweep holds it, this one moves on, and the next sweep looks again."""
    with transaction.atomic():
        found = table_read(table_id, lock=True, skip_locked=True)
        if found is None or not found.table.is_active:
            return 0
        late = [s for s in found.seats if seat_clocks.is_late(s, now)]
        if not late:
            return 0
        # The play times out every late seat first (see Play.play_automatic).
        Play(found, now).finish()
    return len(late)


def continue_game(found: TableRead, now: datetime) -> None:
    """After a seat's settings changed (standing orders, dropped), play what
    is now automatic. Expects the table row locked."""
    if found.table.is_active:
        Play(found, now).finish()


# Only what a move changes: the options and the deal's log stay put.
TABLE_PLAY_FIELDS = [
    "version",
    "to_act",
    "prompt",
    "summary",
    "status",
    "outcome",
    "finished_at",
    "updated_at",
    "revision",
]
TIMEOUT_FIELDS = ["timeouts", "dropped_at", "drop_reason"]


class Play:
    """The moves applied to one table in one transaction, with the table row
    locked: each is logged, then the automatic ones follow, then the state,
    the table's summary and the seats' clocks are saved once."""

    def __init__(self, found: TableRead, now: datetime):
        self.table = found.table
        self.entry = registry.get(self.table.game)
        self.engine: Engine = self.entry.engine
        self.state = found.state
        self.seats = found.seats
        self.by_number = {seat.number: seat for seat in self.seats}
        self.now = now
        # Written once, by finish(): the log rows, and each seat's changed fields.
        self.new_moves: list[Move] = []
        self.changed: dict[int, set[str]] = {}
        self.acting = set(self.engine.to_act(self.state))
        self.moved: set[int] = set()
        # Seats whose turn ended: the game stopped asking them (after their
        # own move or someone else's), or their time ran out. Those asked
        # again get a fresh clock.
        self.turn_ended: set[int] = set()
        # Seats whose time had run out when the play began: timed out first,
        # in the engine's order (responders in seat order after the actor).
        order = {number: i for i, number in enumerate(self.engine.to_act(self.state))}
        self.late = sorted(
            (seat for seat in self.seats if seat_clocks.is_late(seat, now)),
            key=lambda seat: order.get(seat.number, len(order)),
        )

    @property
    def over(self) -> bool:
        return self.engine.outcome(self.state) is not None

    def record(self, seat: int, move: dict, kind: str, *, chosen: bool = True) -> None:
        """Apply one legal move and add its log row (written by finish).
        Every move, a player's or one the game makes for a seat (timeout,
        standing order, dropped seat, forced), must be one of the seat's legal
        moves: an engine that makes another is broken, and nothing is saved.
        `chosen`: False for a forced move, which earns no clock increment and
        does not spare its seat the email when it is asked again."""
        legal = self.engine.listed(self.state, seat, move)
        if legal is None:
            raise IllegalMove(
                f"The game made a move that is not legal for seat {seat}: {move!r}"
                f" ({self.engine.refusal(self.state, seat, move)})"
            )
        # The piece it acts on, named as the board before the move drew it.
        target, private = legal.target, legal.private
        self.state = self.engine.apply_listed(self.state, seat, legal)
        self.table.version += 1
        self.new_moves.append(
            Move(
                table=self.table,
                seq=self.table.version,
                seat=seat,
                move=dict(legal),
                log=self.engine.log(self.state),
                kind=kind,
                target=target or "",
                private=private,
                created_at=self.now,
            )
        )
        after = set() if self.over else set(self.engine.to_act(self.state))
        # A turn lasts while the game asks the seat: a small move that
        # leaves it asked (a card placed, a die added) goes on with it.
        self.turn_ended |= self.acting - after
        if chosen:
            self.moved.add(seat)
        self.acting = after

    def play_automatic(self) -> None:
        """Play what nobody needs to be asked for: a late seat's timeout (as
        the sweep would, whichever path gets here first, so standing orders
        never dodge it), a dropped player's seat, standing orders."""
        while self.late and not self.over:
            seat = self.late.pop(0)
            self._time_out(seat)
            self.changed_fields(seat, TIMEOUT_FIELDS)
        for _ in range(MAX_AUTOMATIC_MOVES):
            if self.over:
                return
            self._end_outdated_orders()
            automatic = self._next_automatic()
            if automatic is not None:
                self.record(*automatic)
                continue
            forced = self._next_forced()
            if forced is None:
                return
            self.record(*forced, Move.Kind.PLAYER, chosen=False)

    def changed_fields(self, seat: Seat, fields: Iterable[str]) -> None:
        """Mark fields of a seat to be saved by finish()."""
        self.changed.setdefault(seat.pk, set()).update(fields)

    def _next_automatic(self) -> tuple[int, dict, str] | None:
        # In the engine's order: responders answer in seat order after the actor.
        for number in self.engine.to_act(self.state):
            seat = self.by_number[number]
            # With take-over on, a bot plays a dropped seat (through move_submit).
            if seat.dropped and not self.table.bot_takeover:
                return number, self.engine.timeout_move(self.state, number), Move.Kind.DROPPED
            if seat.standing_orders:
                move = self.engine.standing_move(self.state, number, seat.standing_orders)
                if move is not None:
                    return number, move, Move.Kind.STANDING
        return None

    def _end_outdated_orders(self) -> None:
        """Turn off the orders that news ended before they could fire (see
        `standing_orders`), each with a log line only its seat reads, on the
        move that brought the news."""
        for seat in self.seats:
            if not seat.order_news.get("marks"):
                continue
            ends = standing_orders.ended(
                self.engine, self.state, seat.number, seat.standing_orders, seat.order_news
            )
            if not ends:
                continue
            # The page shows the notice as stored, so it gets names now; the
            # log line keeps the engine's placeholders, filled as it is read.
            names = {s.number: s.user.username for s in self.seats}
            seat.standing_orders, seat.order_news = standing_orders.turned_off(
                self.engine,
                seat.standing_orders,
                seat.order_news,
                {k: fill(t, names) for k, t in ends.items()},
            )
            self.changed_fields(seat, ["standing_orders", "order_news"])
            if self.new_moves:
                news = self.new_moves[-1]
                news.log = [*news.log, *(line(text, [seat.number]) for text in ends.values())]

    def _next_forced(self) -> tuple[int, dict] | None:
        """A seat to act whose only legal move the engine marks forced: it is
        played as part of the move before, as the seat's own (the engine, not
        the platform, says which moves carry no choice)."""
        for number in self.engine.to_act(self.state):
            legal = self.engine.legal_moves(self.state, number)
            if len(legal) == 1 and legal[0].forced:
                return number, legal[0]
        return None

    def _time_out(self, seat: Seat) -> None:
        """Finish the late seat's decision with its timeout moves, count one
        timeout, and drop the player when they have used them all.

        A decision can take a few small moves (Koryo's order: the kind, then
        how many); they belong to the same decision while the game asks that
        seat the same question (its prompt). A new question, such as Coup's
        next turn after a reaction window closes, gets a fresh clock instead."""
        question = self.engine.prompt(self.state)
        for _ in range(MAX_TIMEOUT_STEPS):
            if self.over or seat.number not in self.acting:
                break
            move = self.engine.timeout_move(self.state, seat.number)
            self.record(seat.number, move, Move.Kind.TIMEOUT)
            if self.engine.prompt(self.state) != question:
                break
        # Whatever the seat is asked next is timed afresh.
        self.turn_ended.add(seat.number)
        seat.timeouts += 1
        if seat.timeouts >= self.table.max_timeouts:
            seat.dropped_at = self.now
            seat.drop_reason = (
                f"Ran out of time {seat.timeouts} times; the game plays this seat's moves."
            )
        events.seat_timed_out.send(sender=Table, table=self.table, seat=seat, now=self.now)

    def finish(self, viewer: Seat | None = None, users: dict[int, str] | None = None) -> None:
        """Play the automatic moves, save everything, then set off what
        follows (`consequences.play_follow`). `viewer`: the
        seat whose player is looking at the table now; `users`: people whose
        own lists the change alters besides those it asks or stops asking."""
        asked_before = {s.number for s in self.seats if s.must_act}
        self.play_automatic()
        if viewer is not None:
            viewer.seen_version = self.table.version
            self.changed_fields(viewer, ["seen_version"])
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
            turn_ended=self.turn_ended,
            moved=self.moved,
        )
        for seat in clocks_changed:
            self.changed_fields(seat, seat_clocks.SEAT_FIELDS)
        table_revise(table)
        self._save()
        play_follow(
            table=table,
            seats=self.seats,
            asked=asked,
            asked_before=asked_before,
            moved=self.moved,
            users=users or {},
            now=self.now,
        )

    def _save(self) -> None:
        table = self.table
        table.save(update_fields=TABLE_PLAY_FIELDS)
        TableState.objects.filter(pk=table.pk).update(state=self.state)
        Move.objects.bulk_create(self.new_moves)
        self.new_moves = []
        # Each seat's changed fields only: others may be written meanwhile
        # without the table's lock (the page's `seen_version`, a reminder's
        # claim), and a stale value must not overwrite them. One update per
        # seat: a bulk_update of two seats cost more to build than both.
        for seat in self.seats:
            if fields := self.changed.get(seat.pk):
                seat.save(update_fields=sorted(fields))
        self.changed = {}
