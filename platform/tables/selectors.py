"""Reads of tables: one table with its game's state and its seats (for the
page, the API and the move alike), and the lists of the lobby and of a
player's games."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, F, OuterRef, Prefetch, QuerySet, Subquery

from tables.models import Seat, Table, TableState

LIST_LIMIT = 50


@dataclass
class TableRead:
    table: Table
    state: dict[str, Any] | None  # None before the game starts
    seats: list[Seat]  # by number, each with its user (and the user's profile)


def table_read(table_id: int, *, lock: bool = False, skip_locked: bool = False) -> TableRead | None:
    """A table, its game's current state and its seats, or None if there is
    no such table.

    `lock`: the table's row stays locked until the transaction ends
    (`select_for_update`), so that two plays of one table run one after the
    other: a second move waits for the first to commit, then reads the
    version, state and clocks it left. The state is read by a statement
    after the lock: one that waited for the lock would see the locked row
    as the play before it left it, but the state as it was when it began.
    `skip_locked`: a table another transaction holds is not waited for but
    taken as missing (the sweep comes back to it next time).

    Unlocked, the table and its state are one query, the seats another."""
    if lock:
        tables = Table.objects.select_for_update(of=("self",), skip_locked=skip_locked)
        table = tables.filter(pk=table_id).first()
        if table is None:
            return None
        state = TableState.objects.filter(pk=table_id).values_list("state", flat=True).first()
    else:
        found = _tables_with_state().filter(pk=table_id).first()
        if found is None:
            return None
        table, state = found, found.game_state
        del table.game_state
    seats = list(_seats_with_users().filter(table_id=table_id))
    for seat in seats:
        seat.table = table
    return TableRead(table, state, seats)


# The two querysets below are built once, unevaluated, and only ever copied
# by `filter()`: resolving their joins and the state's subquery on every
# read cost more than running the queries.


@cache
def _tables_with_state() -> QuerySet[Table]:
    """Tables with the state of their game (None before it starts)."""
    state = Subquery(TableState.objects.filter(pk=OuterRef("pk")).values("state")[:1])
    return Table.objects.annotate(game_state=state)


@cache
def _seats_with_users() -> QuerySet[Seat]:
    return Seat.objects.select_related("user", "user__profile").order_by("number")


def _with_players(query: QuerySet[Table]) -> QuerySet[Table]:
    return query.select_related("creator").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("number"))
    )


def _table_players() -> Prefetch:
    """The players of each listed seat's table, for names in its summary."""
    return Prefetch("table__seats", queryset=Seat.objects.select_related("user"))


def open_tables() -> list[Table]:
    """Tables taking players, newest first."""
    query = (
        Table.objects.filter(status=Table.Status.OPEN)
        .annotate(seated=Count("seats"))
        .order_by("-created_at")
    )
    return list(_with_players(query)[:LIST_LIMIT])


def my_invitations(user: AbstractBaseUser) -> list[Table]:
    """Open tables I am invited to and not seated at yet."""
    query = (
        Table.objects.filter(status=Table.Status.OPEN, invitations__user=user)
        .exclude(seats__user=user)
        .annotate(seated=Count("seats"))
        .order_by("-created_at")
    )
    return list(_with_players(query)[:LIST_LIMIT])


def my_active_tables(user: AbstractBaseUser) -> list[tuple[Table, Seat]]:
    """My games in play, those waiting for me first, the most urgent first."""
    seats = (
        Seat.objects.filter(user=user, table__status=Table.Status.ACTIVE)
        .select_related("table")
        .prefetch_related(_table_players())
        .order_by("-must_act", "deadline_at", "-table__updated_at")[:LIST_LIMIT]
    )
    return [(seat.table, seat) for seat in seats]


def tables_waiting_for(user: AbstractBaseUser) -> list[int]:
    """The ids of the tables where the player must move, the next one first:
    the one whose deadline comes first, then (no time limit) the one waiting
    longest. A seat the player has left (dropped, resigned) waits for a bot,
    not for them."""
    return list(
        Seat.objects.filter(
            user=user, must_act=True, dropped_at__isnull=True, table__status=Table.Status.ACTIVE
        )
        .order_by(F("deadline_at").asc(nulls_last=True), "turn_started_at", "table_id")
        .values_list("table_id", flat=True)[:LIST_LIMIT]
    )


def my_finished_tables(user: AbstractBaseUser) -> list[tuple[Table, Seat]]:
    seats = (
        Seat.objects.filter(
            user=user, table__status__in=[Table.Status.FINISHED, Table.Status.ABORTED]
        )
        .exclude(table__started_at__isnull=True)
        .select_related("table")
        .prefetch_related(_table_players())
        .order_by("-table__finished_at")[:20]
    )
    return [(seat.table, seat) for seat in seats]
