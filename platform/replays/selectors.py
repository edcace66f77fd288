"""One step of a table's replay, as one person may see it.

Who sees what (the same rules as the live table):

- a running game is replayed up to its current move only, from what the
  viewer saw live: their own seat's view if they play at the table, else a
  spectator's; no other seat may be chosen;
- once the game is finished, anyone may replay it, from a spectator's view
  or "seen by" any seat (a finished game's hands may be shown);
- a game cancelled while in play is replayed whole, but like a running one
  as to seats: nobody played it out, so its hands stay hidden.

Views come from `engine.view(state, seat)` and log lines from the lines that
seat may read, exactly as on the table page; the seed and the moves' JSON
never leave the server.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Literal

from django.contrib.auth.models import AbstractBaseUser

from clocks import clock
from games import registry
from games.engine import Engine
from replays.states import check_version, state_at
from replays.turns import turns_of
from tables.errors import BadRequest, Forbidden, NotFound
from tables.models import Move, Table
from tables.present import LogEntry, TableView, join_names, log_entries, seat_infos

SPECTATOR = "spectator"
# A viewer's choice of seat: a seat number, the spectator, or None for the
# default (their own seat in a running game they play, else the spectator).
SeatChoice = int | Literal["spectator"] | None


def seat_choice(raw: str | None) -> SeatChoice:
    """The `seat` of an address (`?seat=2`, `?seat=spectator`), or BadRequest."""
    if raw is None or raw == "":
        return None
    if raw == SPECTATOR:
        return SPECTATOR
    if raw.isascii() and raw.isdigit() and len(raw) <= 3:
        return int(raw)
    raise BadRequest("Choose a seat by its number, or “spectator”.")


@dataclass
class ReplayStep:
    """One step of the replay: a move (the API's steps), or a player's whole
    turn (the page's), from its `first` to its last move, `move`."""

    tv: TableView
    move: int
    total: int
    # The seat whose view is drawn (None: a spectator's).
    seat: int | None
    over: bool
    # Finished: any seat's view may be chosen.
    finished: bool
    # The log entries of the step's moves the seat may read, in order.
    entries: list[LogEntry]
    to_act: list[int]
    first: int = 0
    # The seat was chosen in the address rather than given by default.
    chosen: bool = False
    # A turn's number and how many the game has (None: a step by move).
    turn: int | None = None
    turns: int | None = None

    @property
    def table(self) -> Table:
        return self.tv.table

    @property
    def entry(self) -> LogEntry | None:
        """The last move's entry (the deal's at step 0)."""
        return self.entries[-1] if self.entries else None

    @property
    def seen_by(self) -> str:
        """Whose view this is: "you" only for a player's own default view; a
        seat chosen is named, whoever chose it."""
        if self.seat is None:
            return "a spectator"
        if not self.chosen and any(s.is_me and s.number == self.seat for s in self.tv.seats):
            return "you"
        return self.tv.names.get(self.seat, f"seat {self.seat}")

    @property
    def lines(self) -> list[dict]:
        return [line for entry in self.entries for line in entry.lines]

    @property
    def by(self) -> str:
        """Whose move (or turn) this step was."""
        if self.entry is None or self.entry.seat < 0:
            return ""
        return self.tv.names.get(self.entry.seat, f"seat {self.entry.seat}")

    @property
    def what(self) -> str:
        """What happened at this step, in words."""
        if self.move == 0:
            text = " ".join(line["text"] for line in self.lines)
            return "the deal" + (f". {text}" if text else ".")
        if self.lines:
            return " ".join(line["text"] for line in self.lines)
        return f"{self.by or 'A player'} moved (no line of the log for {self.seen_by} to read)."

    @property
    def headline(self) -> str:
        """'Turn 12 of 40: ana takes Income.' ('Move 12 of 87: ...' by move)."""
        if self.turn is not None:
            return f"Turn {self.turn} of {self.turns}: {self.what}"
        return f"Move {self.move} of {self.total}: {self.what}"

    @property
    def acting(self) -> str:
        """Who was to act at this step."""
        if not self.to_act:
            return ""
        return "To act: " + join_names([self.tv.names.get(n, f"seat {n}") for n in self.to_act])

    @property
    def perspectives(self) -> list[tuple[str, str]]:
        """The seats a finished game may be seen by (value, label)."""
        return [(SPECTATOR, "A spectator")] + [(str(s.number), s.username) for s in self.tv.seats]


def _perspective(my_seat: int | None, finished: bool, chosen: SeatChoice, seats) -> int | None:
    if chosen == SPECTATOR:
        return None
    if chosen is None:
        return None if finished else my_seat
    if chosen not in {s.number for s in seats}:
        raise NotFound(f"There is no seat {chosen} at this table.")
    if not finished and chosen != my_seat:
        raise Forbidden(
            "Until the game is finished, its replay shows only what you may see: "
            "another seat's view opens once the game is over."
        )
    return chosen


@dataclass
class _Reader:
    """Who reads a table's replay, and from which seat's view."""

    table: Table
    engine: Engine
    seats: list
    infos: list
    names: dict[int, str]
    shown: int | None
    chosen: bool


def _reader(table: Table, user: AbstractBaseUser | None, seat: SeatChoice) -> _Reader:
    if table.started_at is None:
        raise NotFound("This game has not started: there is nothing to replay yet.")
    engine = registry.get(table.game).engine
    check_version(table, engine)
    seats = list(table.seats.select_related("user").order_by("number"))
    infos = seat_infos(seats, user)
    my_seat = next((s.number for s in infos if s.is_me), None)
    finished = table.status == Table.Status.FINISHED
    return _Reader(
        table=table,
        engine=engine,
        seats=seats,
        infos=infos,
        names={s.number: s.username for s in infos},
        shown=_perspective(my_seat, finished, seat, seats),
        chosen=seat is not None,
    )


def _no_such(what: str, number: int, count: int, table: Table) -> NotFound:
    so_far = "" if table.is_over else " so far"
    return NotFound(
        f"There is no {what} {number} to replay: this game has {count} {what}s{so_far}."
    )


def _step(reader: _Reader, first: int, last: int) -> ReplayStep:
    """The state after move `last`, with the log of moves `first` to `last`."""
    table, engine, shown = reader.table, reader.engine, reader.shown
    rebuilt = state_at(table, engine, len(reader.seats), last)
    state = rebuilt.state
    moves = [mv for mv in rebuilt.moves if mv.seq >= first]
    if moves and moves[0].seq > first:
        # The turn began before the snapshot the state came from.
        moves = (
            list(
                Move.objects.filter(table=table, seq__gte=first, seq__lt=moves[0].seq).order_by(
                    "seq"
                )
            )
            + moves
        )
    entries = log_entries(moves, shown, reader.names, table if last == 0 else None)
    to_act = [] if engine.outcome(state) is not None else engine.to_act(state)
    # The board templates read whose turn it is from the table: at this step,
    # not now. A copy, never saved.
    then = copy.copy(table)
    then.to_act = to_act
    tv = TableView(
        table=then,
        seats=reader.infos,
        my_seat=shown,
        seen_by_other=shown is not None
        and not any(s.is_me and s.number == shown for s in reader.infos),
        names=reader.names,
        view=engine.view(state, shown),
        legal_moves=[],
        waiting="",
        log=entries,
        now=clock.now(),
    )
    return ReplayStep(
        tv=tv,
        move=last,
        first=first,
        total=table.version,
        seat=shown,
        over=table.is_over,
        finished=table.status == Table.Status.FINISHED,
        entries=entries,
        to_act=to_act,
        chosen=reader.chosen,
    )


def replay_step(
    *, table: Table, user: AbstractBaseUser | None, move: int, seat: SeatChoice = None
) -> ReplayStep:
    """Step `move` of the table's replay (0: the deal) for `user`; NotFound,
    Forbidden or Conflict (another engine version) with a readable message."""
    reader = _reader(table, user, seat)
    if move > table.version:
        raise _no_such("move", move, table.version, table)
    return _step(reader, move, move)


def replay_turn(
    *, table: Table, user: AbstractBaseUser | None, turn: int, seat: SeatChoice = None
) -> ReplayStep:
    """Turn `turn` of the table's replay (0: the deal) for `user`: the board
    after it and the log of its moves. Refusals as `replay_step`."""
    reader = _reader(table, user, seat)
    turns = turns_of(table, reader.engine, len(reader.seats))
    if turn > turns.count:
        raise _no_such("turn", turn, turns.count, table)
    step = _step(reader, *turns.span(turn))
    step.turn, step.turns = turn, turns.count
    return step


def turn_of_move(*, table: Table, move: int) -> int:
    """The turn that move `move` belongs to (for addresses by move number)."""
    if table.started_at is None:
        raise NotFound("This game has not started: there is nothing to replay yet.")
    engine = registry.get(table.game).engine
    check_version(table, engine)
    if move > table.version:
        raise _no_such("move", move, table.version, table)
    return turns_of(table, engine, table.seats.count()).of_move(move)
