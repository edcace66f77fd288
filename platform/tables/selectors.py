"""Reads of tables for lists: the lobby and a player's games."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Prefetch, QuerySet

from tables.models import Seat, Table

LIST_LIMIT = 50


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
