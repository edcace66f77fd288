"""The clocks of a table's seats.

A seat's clock runs for a turn: from the moment the game asks it to act
until the game no longer asks it. The small moves of one decision (Seasons'
cards placed one by one, Troyes' dice, Koryo's order: kind, then count)
neither stop it nor earn the increment; when the turn ends the time used is
charged, and the increment is earned if the seat moved in it (not if
someone else closed a window it was asked in). A seat asked again later,
after others answered, starts a new turn. Running time leaves out the
player's pauses: their vacations, and the hours outside their playing hours
(`accounts.pauses`), so a deadline and a reminder always fall when the
player's clock runs. While it runs, `deadline_at` is when the bank runs out
and `remind_at` when 80% of this turn's time is used.
"""

from __future__ import annotations

from datetime import datetime

from accounts.pauses import pauses_for
from clocks import banks
from tables.models import Seat, Table

# Saved with the clocks: the version a mover has seen (their own move's).
SEAT_FIELDS = [
    "must_act",
    "turn_started_at",
    "deadline_at",
    "remind_at",
    "reminded_at",
    "time_left",
    "seen_version",
]


def update(
    table: Table,
    seats: list[Seat],
    acting: set[int],
    now: datetime,
    *,
    turn_ended: set[int],
    moved: set[int],
) -> tuple[list[Seat], list[Seat]]:
    """Start and stop clocks after the game moved on. `acting`: the seats
    asked now. `turn_ended`: seats whose turn ended meanwhile, even if they
    are asked again now (then with a fresh clock). `moved`: seats that
    moved, who earn the increment when their turn ends. Returns the seats
    newly asked to act, and every seat changed (for the caller to save its
    `SEAT_FIELDS`)."""
    stopping = [
        s for s in seats if s.must_act and (s.number in turn_ended or s.number not in acting)
    ]
    starting = [
        s for s in seats if s.number in acting and (not s.must_act or s.number in turn_ended)
    ]
    if not stopping and not starting:
        return [], []
    timed = table.time_bank is not None
    # Pauses that overlap any clock being stopped count too. The seats come
    # with their users' profiles (the table's read), which hold the hours.
    since = min([now] + [s.turn_started_at for s in stopping if s.turn_started_at])
    pauses = pauses_for([s.user for s in stopping + starting], since) if timed else {}
    for seat in stopping:
        stop(table, seat, now, moved=seat.number in moved, pauses=pauses.get(seat.user_id, []))
    for seat in starting:
        start(table, seat, now, pauses=pauses.get(seat.user_id, []))
    return starting, list({s.pk: s for s in stopping + starting}.values())


def stop(table: Table, seat: Seat, now: datetime, *, moved: bool, pauses: list) -> None:
    if table.time_bank is not None and seat.turn_started_at is not None:
        seat.time_left = banks.charge(
            bank(table, seat),
            banks.running(seat.turn_started_at, now, pauses),
            moved=moved,
            increment=table.time_increment,
            cap=table.time_cap,
        )
    seat.must_act = False
    seat.turn_started_at = None
    seat.deadline_at = None
    seat.remind_at = None
    seat.reminded_at = None


def start(table: Table, seat: Seat, now: datetime, *, pauses: list) -> None:
    seat.must_act = True
    seat.turn_started_at = now
    seat.reminded_at = None
    schedule(table, seat, pauses)


def schedule(table: Table, seat: Seat, pauses: list) -> None:
    """Set the running clock's deadline and reminder time."""
    if table.time_bank is None or seat.dropped or seat.turn_started_at is None:
        seat.deadline_at = seat.remind_at = None
        return
    left = bank(table, seat)
    seat.deadline_at = banks.deadline(seat.turn_started_at, left, pauses)
    seat.remind_at = banks.deadline(seat.turn_started_at, left * banks.REMIND_AT_USED, pauses)


def bank(table: Table, seat: Seat):
    return seat.time_left if seat.time_left is not None else table.time_bank


def is_late(seat: Seat, now: datetime) -> bool:
    """The seat's clock is running and its time has run out: whatever path
    reaches it first (the sweep, another player's move, a change of standing
    orders) plays its timeout, and its own move is refused."""
    return (
        seat.must_act
        and not seat.dropped
        and seat.deadline_at is not None
        and seat.deadline_at <= now
    )
