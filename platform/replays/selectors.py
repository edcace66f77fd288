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

from games import registry
from replays.states import state_at
from tables import clock
from tables.errors import BadRequest, Forbidden, NotFound
from tables.models import Table
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
    tv: TableView
    move: int
    total: int
    # The seat whose view is drawn (None: a spectator's).
    seat: int | None
    over: bool
    # Finished: any seat's view may be chosen.
    finished: bool
    entry: LogEntry | None
    to_act: list[int]

    @property
    def table(self) -> Table:
        return self.tv.table

    @property
    def seen_by(self) -> str:
        if self.seat is None:
            return "a spectator"
        if any(s.is_me and s.number == self.seat for s in self.tv.seats):
            return "you"
        return self.tv.names.get(self.seat, f"seat {self.seat}")

    @property
    def lines(self) -> list[dict]:
        return self.entry.lines if self.entry else []

    @property
    def by(self) -> str:
        """Whose move this step was."""
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
        """'Move 12 of 87: ana takes Income.'"""
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


def replay_step(
    *, table: Table, user: AbstractBaseUser | None, move: int, seat: SeatChoice = None
) -> ReplayStep:
    """Step `move` of the table's replay (0: the deal) for `user`; NotFound,
    Forbidden or Conflict (another engine version) with a readable message."""
    if table.started_at is None:
        raise NotFound("This game has not started: there is nothing to replay yet.")
    entry = registry.get(table.game)
    engine = entry.engine
    seats = list(table.seats.select_related("user").order_by("number"))
    infos = seat_infos(seats, user)
    names = {s.number: s.username for s in infos}
    my_seat = next((s.number for s in infos if s.is_me), None)
    over = table.is_over
    total = table.version
    if move > total:
        so_far = "" if over else " so far"
        raise NotFound(f"There is no move {move} to replay: this game has {total} moves{so_far}.")
    finished = table.status == Table.Status.FINISHED
    shown = _perspective(my_seat, finished, seat, seats)
    rebuilt = state_at(table, engine, len(seats), move)
    state = rebuilt.state
    moves = [rebuilt.move] if rebuilt.move else []
    entries = log_entries(moves, shown, names, table if move == 0 else None)
    to_act = [] if engine.outcome(state) is not None else engine.to_act(state)
    # The board templates read whose turn it is from the table: at this step,
    # not now. A copy, never saved.
    then = copy.copy(table)
    then.to_act = to_act
    tv = TableView(
        table=then,
        seats=infos,
        my_seat=shown,
        names=names,
        view=engine.view(state, shown),
        legal_moves=[],
        move_labels=[],
        waiting="",
        log=entries,
        now=clock.now(),
    )
    return ReplayStep(
        tv=tv,
        move=move,
        total=total,
        seat=shown,
        over=over,
        finished=finished,
        entry=entries[0] if entries else None,
        to_act=to_act,
    )
