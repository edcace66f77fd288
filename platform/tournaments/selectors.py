"""Reads of tournaments for the API and the pages: a tournament with its
standings and its rounds' tables, in a handful of queries."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count

from tournaments.models import Entry, Round, Tournament

# Tournaments a page of the API's list.
LIST_PAGE_SIZE = 50


@dataclass
class RoundTable:
    id: int
    status: str
    users: list[str]


@dataclass
class RoundRead:
    number: int
    status: str
    byes: list[str]
    tables: list[RoundTable] = field(default_factory=list)


@dataclass
class TournamentDetail:
    tournament: Tournament
    standings: list[Entry]
    rounds: list[RoundRead]

    def as_api(self) -> dict[str, Any]:
        t = self.tournament
        return {
            "id": t.pk,
            "name": t.name,
            "game": t.game,
            "options": t.options,
            "time_control": t.time_control,
            "seats_per_table": t.seats_per_table,
            "format": t.format,
            "rounds_planned": t.rounds,
            "status": t.status,
            "starts_at": t.starts_at.isoformat(),
            "max_entries": t.max_entries,
            "min_rating": t.min_rating,
            "min_finished_games": t.min_finished_games,
            "max_recent_timeouts": t.max_recent_timeouts,
            "creator": t.creator.username,
            "entries": [e.user.username for e in sorted(self.standings, key=lambda e: e.seed)],
            "standings": [
                {
                    "place": place,
                    "user": e.user.username,
                    "points": e.points,
                    "tie_break": e.tie_break,
                    "average_place": e.average_place,
                    "byes": e.byes,
                    "withdrawn": e.withdrawn,
                    "eliminated": e.eliminated,
                }
                for place, e in enumerate(self.standings, start=1)
            ],
            "rounds": [
                {
                    "number": r.number,
                    "status": r.status,
                    "byes": r.byes,
                    "tables": [
                        {"id": t.id, "status": t.status, "users": t.users} for t in r.tables
                    ],
                }
                for r in self.rounds
            ],
        }


def standings(tournament: Tournament) -> list[Entry]:
    """Best first, as `tournaments.pairing.standings` orders them (points,
    the opponents' points, the average place, seed); in an elimination
    those still in come first."""
    entries = list(tournament.entries.select_related("user"))
    entries.sort(
        key=lambda e: (
            e.eliminated,
            -e.points,
            -e.tie_break,
            e.average_place or float("inf"),
            e.seed,
        )
    )
    return entries


def tournament_detail(tournament_id: int) -> TournamentDetail | None:
    tournament = Tournament.objects.select_related("creator").filter(pk=tournament_id).first()
    if tournament is None:
        return None
    rows = standings(tournament)
    names = {e.user_id: e.user.username for e in rows}
    rounds = []
    for round_ in Round.objects.filter(tournament=tournament).prefetch_related(
        "tables__table__seats__user"
    ):
        read = RoundRead(round_.number, round_.status, [names.get(u, "?") for u in round_.byes])
        for link in round_.tables.all():
            seats = sorted(link.table.seats.all(), key=lambda s: s.number)
            read.tables.append(
                RoundTable(link.table.pk, link.table.status, [s.user.username for s in seats])
            )
        rounds.append(read)
    return TournamentDetail(tournament, rows, rounds)


def tournaments_page(*, status: str | None, game: str | None, page: int) -> Page:
    """A page of tournaments, latest start first, each with its count of
    entries (`entry_count`): two queries, however many entries."""
    query = Tournament.objects.annotate(entry_count=Count("entries")).order_by("-starts_at", "-id")
    if status is not None:
        query = query.filter(status=status)
    if game is not None:
        query = query.filter(game=game)
    # A page past the last raises EmptyPage (the first page always exists).
    return Paginator(query, LIST_PAGE_SIZE).page(page)
