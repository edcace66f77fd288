"""What one person may see of a table, for pages and the JSON API alike.

Everything here is built from the engine's `view(state, seat)`, the public
columns of the table and seats, and the log lines meant for that seat. Raw
game states never leave this module.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, tzinfo
from functools import cached_property
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from accounts import zones
from accounts.pauses import Pauses, pauses_for
from clocks import clock, controls, seat_clocks
from games import registry
from games.engine import Legal, visible_lines
from tables.models import Move, Seat, Table
from tables.selectors import TableRead

RECENT_LOG = 25
SETUP = "setup"  # the kind of the log entry for the deal, before any move
_PLACEHOLDER = re.compile(r"\{p(\d+)\}")


def fill(text: str, names: dict[int, str], reader: int | None = None) -> str:
    """Put player names in place of the engine's {p0}, {p1}... placeholders.

    Every text that comes from an engine goes through here before anyone
    reads it. With `reader`, a question speaks to them: "{p0}'s block" is
    "your block" and "Assassination of {p0}" is "Assassination of you"
    (only for prompts, whose reader is never the subject of the sentence)."""
    if reader is not None:
        text = text.replace(f"{{p{reader}}}'s", "your").replace(f"{{p{reader}}}", "you")
    return _PLACEHOLDER.sub(lambda m: names.get(int(m.group(1)), f"seat {m.group(1)}"), text)


def names_of(table: Table) -> dict[int, str]:
    """Seat numbers to usernames (no query when the seats are prefetched)."""
    return {s.number: s.user.username for s in table.seats.all()}


def summary_text(table: Table, names: dict[int, str] | None = None) -> str:
    return fill(table.summary, names if names is not None else names_of(table))


def outcome_for_reading(table: Table, names: dict[int, str] | None = None) -> dict | None:
    """The table's outcome with its summary's names filled in."""
    if not table.outcome:
        return table.outcome
    names = names if names is not None else names_of(table)
    return {**table.outcome, "summary": fill(table.outcome.get("summary", ""), names)}


def join_names(names: list[str]) -> str:
    """'Ana', 'Ana and Ben', 'Ana, Ben and Carl'."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


@dataclass
class SeatInfo:
    number: int
    username: str
    user_id: int
    is_me: bool
    must_act: bool
    dropped: bool
    drop_reason: str
    deadline_at: datetime | None
    time_left: timedelta | None
    timeouts: int
    away_until: date | None = None
    turn_started_at: datetime | None = None
    # While the seat's clock is stopped (a vacation, or outside the player's
    # playing hours): when it runs again; and the pauses between now and the
    # deadline, for the page's countdown to show as they come.
    paused_until: datetime | None = None
    pauses_ahead: list[tuple[datetime, datetime]] = field(default_factory=list)
    # The player's own zone (their hours are kept in it); the reader's time
    # is the current zone when the text is drawn.
    zone: tzinfo | None = None
    now: datetime | None = None
    # Whether the reader has a zone of their own ("your time"), or reads UTC.
    reader_known: bool = False
    # The player chose a rated game against bots (see players.ratings).
    rated_against_bots: bool = False

    def pause_text(self, until: datetime) -> str:
        """ "paused until 08:00 their time (01:00 your time)": the player's
        time first, since their hours are kept in it, then the reader's."""
        now = self.now or until
        reader = timezone.get_current_timezone()
        if self.is_me:
            return f"paused until {zones.short(until, reader, now)} your time"
        theirs = zones.short(until, self.zone or reader, now)
        if self.reader_known and zones.same_wall_time(until, self.zone or reader, reader):
            return f"paused until {theirs} their time and yours"
        mine = zones.short(until, reader, now)
        label = "your time" if self.reader_known else zones.label(until.astimezone(reader))
        return f"paused until {theirs} their time ({mine} {label})"

    @property
    def paused_text(self) -> str:
        return self.pause_text(self.paused_until) if self.paused_until else ""

    @property
    def pauses_json(self) -> str:
        """The pauses ahead for the page's countdown: [from, until, text]."""
        return json.dumps(
            [[a.isoformat(), b.isoformat(), self.pause_text(b)] for a, b in self.pauses_ahead]
        )

    def clock_text(self, now: datetime) -> str:
        if self.deadline_at is not None:
            return controls.human(self.deadline_at - now) + " left"
        if self.time_left is not None:
            return controls.human(self.time_left) + " in the bank"
        return ""

    def as_api(self) -> dict[str, Any]:
        return {
            "seat": self.number,
            "rated_against_bots": self.rated_against_bots,
            "username": self.username,
            "must_act": self.must_act,
            "dropped": self.dropped,
            "deadline_at": self.deadline_at.isoformat() if self.deadline_at else None,
            "time_left_seconds": int(self.time_left.total_seconds())
            if self.time_left is not None
            else None,
            "timeouts": self.timeouts,
            "away_until": self.away_until.isoformat() if self.away_until else None,
            "paused_until": self.paused_until.isoformat() if self.paused_until else None,
        }


def seat_infos(
    seats: list[Seat],
    user: AbstractBaseUser | None,
    pauses: dict[int, Pauses] | None = None,
    now: datetime | None = None,
) -> list[SeatInfo]:
    """What anyone may see of the seats. With `pauses` (a timed game in
    play), each seat says whether its player is away and whether its clock
    is paused now."""
    user_id = user.pk if user is not None and user.is_authenticated else None
    pauses = pauses or {}
    infos = [
        SeatInfo(
            number=s.number,
            username=s.user.username,
            user_id=s.user_id,
            is_me=s.user_id == user_id,
            must_act=s.must_act,
            dropped=s.dropped,
            drop_reason=s.drop_reason,
            deadline_at=s.deadline_at,
            time_left=s.time_left,
            timeouts=s.timeouts,
            turn_started_at=s.turn_started_at,
            now=now,
            reader_known=user_id is not None,
            rated_against_bots=s.rated_against_bots,
        )
        for s in seats
    ]
    for info, seat in zip(infos, seats, strict=True):
        found = pauses.get(seat.user_id)
        if not found or now is None:
            continue
        info.zone = found.schedule.zone
        info.away_until = found.away_until(now)
        if seat.must_act and seat.deadline_at is not None and not seat.dropped:
            info.paused_until = found.resume_at(now)
            info.pauses_ahead = found.ahead(now, seat.deadline_at)
    return infos


def own_clocks(user: AbstractBaseUser, seats: list[Seat]) -> dict[int, SeatInfo]:
    """The player's own running clocks among these seats (their lobby), by
    seat id, each saying whether it is paused: two queries (the player's
    vacations and hours) when a clock runs, none otherwise."""
    running = [s for s in seats if s.must_act and s.deadline_at is not None and not s.dropped]
    if not running:
        return {}
    now = clock.now()
    for seat in running:
        seat.user = user
    pauses = pauses_for([user], now)
    return {
        seat.pk: info
        for seat, info in zip(running, seat_infos(running, user, pauses, now), strict=True)
    }


def waiting_line(table: Table, names: dict[int, str], my_seat: int | None) -> str:
    """'Waiting for Ana and Ben to respond to Carl's Tax', or 'Your turn: ...'."""
    if not table.to_act:
        return ""
    prompt = fill(table.prompt or "move", names, my_seat)
    others = [names.get(n, f"seat {n}") for n in table.to_act if n != my_seat]
    if my_seat in table.to_act:
        if others:
            return f"Your turn: {prompt} (with {join_names(others)})."
        return f"Your turn: {prompt}."
    return f"Waiting for {join_names(others)} to {prompt}."


LATE_LINE = "Your time for this move ran out: the game will make its default move for you."


@dataclass
class LogEntry:
    seq: int
    seat: int
    kind: str
    created_at: datetime
    lines: list[dict[str, Any]] = field(default_factory=list)

    @property
    def automatic(self) -> bool:
        return self.kind not in (Move.Kind.PLAYER, SETUP)

    @property
    def kind_label(self) -> str:
        return {
            Move.Kind.TIMEOUT: "time ran out",
            Move.Kind.STANDING: "standing order",
            Move.Kind.DROPPED: "dropped player",
        }.get(self.kind, "")

    def as_api(self, *, own_move: dict | None) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "seat": self.seat,
            "kind": self.kind,
            "at": self.created_at.isoformat(),
            "lines": self.lines,
            # A move's JSON can hold secrets (which card was returned), so
            # only its author sees it.
            "move": own_move,
        }


def _lines(log: list, my_seat: int | None, names: dict[int, str]) -> list[dict[str, Any]]:
    return [
        {"text": fill(ln["text"], names), "private": ln["to"] is not None}
        for ln in visible_lines(log, my_seat)
    ]


def log_entries(
    moves: list[Move], my_seat: int | None, names: dict[int, str], table: Table | None = None
) -> list[LogEntry]:
    """The entries of these moves a seat may read; with `table`, the deal's
    lines come first when the moves start from the beginning."""
    entries = []
    if table is not None and table.setup_log and (not moves or moves[0].seq == 1):
        at = table.started_at or table.created_at
        entries.append(LogEntry(0, -1, SETUP, at, _lines(table.setup_log, my_seat, names)))
    for mv in moves:
        entries.append(
            LogEntry(mv.seq, mv.seat, mv.kind, mv.created_at, _lines(mv.log, my_seat, names))
        )
    return entries


@dataclass
class Mark:
    """A piece the moves since the viewer's own last one acted on: who moved
    it, and what the log lines the viewer may read say of it."""

    who: str
    text: str


def marks_of(
    engine, moves: list[Move], entries: list[LogEntry], my_seat: int | None, names: dict[int, str]
) -> dict[str, Mark]:
    """The pieces to mark on a viewer's board, from the moves already read
    for the log: the moves after the viewer's own last chosen move (for a
    spectator, the latest turn: the newest moves of one seat), by other
    seats, that acted on a piece the viewer's board draws under a name of
    its own and named nothing private. The words are the log's, as the
    viewer reads it; a move the log says nothing of to them is just
    "<name> moved"."""
    if my_seat is not None:
        mine = [m.seq for m in moves if m.seat == my_seat and m.kind == Move.Kind.PLAYER]
        recent = [m for m in moves if m.seq > max(mine, default=0) and m.seat != my_seat]
    else:
        recent = []
        for move in reversed(moves):
            if recent and move.seat != recent[-1].seat:
                break
            recent.append(move)
        recent.reverse()
    said = {e.seq: " ".join(ln["text"] for ln in e.lines) for e in entries}
    marks: dict[str, Mark] = {}
    for move in recent:
        piece = engine.public_piece(move.target, move.seat) if move.target else None
        if piece is None or move.private:
            continue
        who = names.get(move.seat, f"seat {move.seat}")
        text = said.get(move.seq) or f"{who} moved."
        if piece in marks:
            before = marks[piece]
            movers = before.who if who in before.who.split(", ") else f"{before.who}, {who}"
            marks[piece] = Mark(movers, f"{before.text} Then {text}")
        else:
            marks[piece] = Mark(who, text)
    return marks


@dataclass
class TableView:
    """One person's whole view of a table."""

    table: Table
    seats: list[SeatInfo]
    my_seat: int | None
    names: dict[int, str]
    view: dict[str, Any] | None
    # The viewer's legal moves, each with its description (`Legal`).
    legal_moves: list[Legal]
    waiting: str
    log: list[LogEntry]
    now: datetime
    my_standing_orders: dict[str, Any] = field(default_factory=dict)
    # The notices of the viewer's orders that news turned off.
    my_order_notices: list[str] = field(default_factory=list)
    # The table version the viewer's seat had last seen (None: never).
    my_seen_version: int | None = None
    # A replay drawn as another seat saw it: the board draws that seat's
    # hand, but must not call that seat "you".
    seen_by_other: bool = False
    # The pieces others' moves acted on since the viewer's own last move
    # (see `marks_of`): piece name -> what the log says of those moves.
    marks: dict[str, Mark] = field(default_factory=dict)
    _drawn: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def drawn_once(self, key: str, make: Callable[[], Any]) -> Any:
        """What a game's tags draw from this view, made once per page: a
        board and its move picker often want the same rows."""
        if key not in self._drawn:
            self._drawn[key] = make()
        return self._drawn[key]

    @property
    def you_seat(self) -> int | None:
        """The seat the board calls "you": the reader's own, never another's."""
        return None if self.seen_by_other else self.my_seat

    @property
    def my_turn(self) -> bool:
        return self.my_seat is not None and self.my_seat in self.table.to_act

    @property
    def may_resign(self) -> bool:
        """A player still in a game in play may give it up."""
        return self.table.is_active and any(s.is_me and not s.dropped for s in self.seats)

    @cached_property
    def moves(self) -> list[dict[str, Any]]:
        """Legal moves for buttons: the move, its JSON, its label with the
        players' names, and the piece it acts on with its group and emphasis
        (a page asks for them several times)."""
        return [
            {
                "move": m,
                "json": json.dumps(m, separators=(",", ":")),
                "label": fill(m.label, self.names),
                "target": m.target,
                "group": m.group,
                "first": m.first,
                "emphasis": m.emphasis,
            }
            for m in self.legal_moves
        ]

    @cached_property
    def moves_by_target(self) -> dict[str, list[dict[str, Any]]]:
        """The legal moves that act on each piece of the board."""
        found: dict[str, list[dict[str, Any]]] = {}
        for m in self.moves:
            if m["target"] is not None:
                found.setdefault(m["target"], []).append(m)
        return found

    @property
    def outcome_text(self) -> str:
        if not self.table.outcome:
            return ""
        return fill(self.table.outcome.get("summary", ""), self.names)


def table_view(
    found: TableRead, user: AbstractBaseUser | None, *, log_limit: int | None = RECENT_LOG
) -> TableView:
    """Everything `user` may see of a table read by `selectors.table_read`
    (or left by a move): it adds a query for the vacations of a timed game
    in play (the players' hours come with the seats), and one for the last
    `log_limit` moves (None for all, 0 for none)."""
    table, state, seats = found.table, found.state, found.seats
    entry = registry.get(table.game)
    engine = entry.engine
    now = clock.now()
    # Pauses only stop clocks: without a time limit there is nothing to show.
    # The seats come with their players' profiles, which hold their hours.
    timed = table.is_active and table.time_bank is not None
    pauses = pauses_for([s.user for s in seats], now) if timed else {}
    infos = seat_infos(seats, user, pauses, now)
    names = {s.number: s.username for s in infos}
    my_seat = next((s.number for s in infos if s.is_me), None)
    mine = next((s for s in seats if s.number == my_seat), None) if my_seat is not None else None
    # A seat whose time ran out is offered no move: the game plays its timeout.
    late = mine is not None and seat_clocks.is_late(mine, now)

    view = None
    legal: list[Legal] = []
    moves: list[Move] = []
    if state is not None:
        view = engine.view(state, my_seat)
        if table.is_active and my_seat is not None and my_seat in table.to_act and not late:
            legal = engine.legal_moves(state, my_seat)
        if log_limit is None or log_limit > 0:
            query = table.moves.order_by("-seq")
            moves = list(query[:log_limit] if log_limit else query)
            moves.reverse()
    log = log_entries(moves, my_seat, names, table)
    return TableView(
        table=table,
        seats=infos,
        my_seat=my_seat,
        names=names,
        view=view,
        legal_moves=legal,
        waiting=(LATE_LINE if late else waiting_line(table, names, my_seat))
        if table.is_active
        else "",
        log=log,
        marks=marks_of(engine, moves, log, my_seat, names) if view is not None else {},
        now=now,
        my_standing_orders=mine.standing_orders if mine else {},
        my_order_notices=[n["text"] for n in mine.order_news.get("off", ())] if mine else [],
        my_seen_version=mine.seen_version if mine else None,
    )
