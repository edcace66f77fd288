"""Reads for player pages, leaderboards and their API: each a fixed number
of queries, however many games a player has."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.paginator import Page, Paginator
from django.db.models import Count, F, Prefetch, Q, Sum
from django.http import Http404
from django.shortcuts import get_object_or_404

from players.models import Pool, Rating, RatingChange
from players.ratings import Kind, places, rating_kind
from tables.models import Move, Seat, Table

GAMES_PER_PAGE = 20
RATINGS_PER_PAGE = 50
IN_PLAY_LIMIT = 50


def player_get(username: str) -> AbstractBaseUser:
    if "\x00" in username:  # PostgreSQL cannot compare text with NUL in it
        raise Http404("There is no such player.")
    return get_object_or_404(get_user_model(), username=username, is_active=True)


def player_ratings(user: AbstractBaseUser) -> list[Rating]:
    """The player's rating in each game and pool they have finished a rated
    game of: against players first."""
    return list(Rating.objects.filter(user=user, games__gt=0).order_by("-pool", "-games", "game"))


@dataclass
class Reliability:
    """How a player keeps to their clocks, over every game they started."""

    own_moves: int  # played by them (or their standing orders) in time
    timeout_moves: int  # played for them when their time ran out
    dropped_moves: int  # played for their seat after they were dropped
    timeouts: int  # decisions their time ran out on
    abandoned: int  # games they were dropped from
    games: int

    @property
    def moves(self) -> int:
        return self.own_moves + self.timeout_moves + self.dropped_moves

    @property
    def share(self) -> float | None:
        """The share of their seats' moves they played themselves before
        the deadline (None before any move)."""
        return self.own_moves / self.moves if self.moves else None

    @property
    def percent(self) -> int | None:
        return None if self.share is None else int(self.share * 100)


def player_reliability(user: AbstractBaseUser) -> Reliability:
    """Two queries: the moves at the player's seats by kind, and their seats'
    timeouts and drops."""
    # One filter() call: the seat number is compared within the same seat join.
    by_kind = dict(
        Move.objects.filter(table__seats__user=user, seat=F("table__seats__number"))
        .values("kind")
        .annotate(n=Count("id"))
        .values_list("kind", "n")
    )
    seats = Seat.objects.filter(user=user, table__started_at__isnull=False).aggregate(
        games=Count("id"),
        timeouts=Sum("timeouts", default=0),
        abandoned=Count("id", filter=Q(dropped_at__isnull=False)),
    )
    return Reliability(
        own_moves=by_kind.get(Move.Kind.PLAYER, 0) + by_kind.get(Move.Kind.STANDING, 0),
        timeout_moves=by_kind.get(Move.Kind.TIMEOUT, 0),
        dropped_moves=by_kind.get(Move.Kind.DROPPED, 0),
        **seats,
    )


@dataclass
class GameRow:
    """One of a player's games, as their page lists it."""

    table: Table
    seat: Seat
    opponents: list[str] = field(default_factory=list)
    place: int | None = None
    shared: bool = False
    score: int | None = None
    change: RatingChange | None = None
    # The creator's choice, or a bot seated with someone who did not choose
    # a rated game against bots (`ratings.rating_kind`).
    unrated: bool = False

    @property
    def dropped(self) -> bool:
        return self.seat.dropped


def _rows(seats: list[Seat], changes: dict[int, RatingChange]) -> list[GameRow]:
    rows = []
    for seat in seats:
        table = seat.table
        row = GameRow(
            table=table,
            seat=seat,
            opponents=[s.user.username for s in table.seats.all() if s.pk != seat.pk],
            change=changes.get(table.pk),
            unrated=rating_kind(table, table.seats.all()) == Kind.UNRATED,
        )
        outcome = table.outcome
        if table.status == Table.Status.FINISHED and outcome:
            counted = places(outcome["ranks"], outcome.get("dropped", []))
            row.place = counted[seat.number]
            row.shared = counted.count(row.place) > 1
            scores = outcome.get("scores") or []
            row.score = scores[seat.number] if seat.number < len(scores) else None
        rows.append(row)
    return rows


def _player_seats(user: AbstractBaseUser):
    others = Prefetch("table__seats", queryset=Seat.objects.select_related("user__profile"))
    return Seat.objects.filter(user=user).select_related("table").prefetch_related(others)


def player_games_in_play(user: AbstractBaseUser) -> list[GameRow]:
    seats = _player_seats(user).filter(table__status=Table.Status.ACTIVE)
    return _rows(list(seats.order_by("-table__updated_at")[:IN_PLAY_LIMIT]), {})


def player_games_over(user: AbstractBaseUser, page: int | str | None = 1) -> tuple[Page, list]:
    """The player's finished (and cancelled) games, newest first: a page of
    them, and their rows with the results and rating changes."""
    seats = (
        _player_seats(user)
        .filter(table__status__in=[Table.Status.FINISHED, Table.Status.ABORTED])
        .exclude(table__started_at__isnull=True)
        .order_by("-table__finished_at", "-table_id")
    )
    current = Paginator(seats, GAMES_PER_PAGE).get_page(page)
    listed = list(current.object_list)
    changes = {
        c.table_id: c
        for c in RatingChange.objects.filter(user=user, table__in=[s.table_id for s in listed])
    }
    return current, _rows(listed, changes)


def leaderboard(game: str, page: int | str | None = 1) -> Page:
    """A page of a game's ratings against players, best first: people only
    (a bot rated before the pools were apart stays off it)."""
    query = (
        Rating.objects.filter(game=game, pool=Pool.PLAYERS, games__gt=0)
        .exclude(user__profile__bot_level__gt="")
        .select_related("user")
        .order_by("-shown", "-games", "user__username")
    )
    return Paginator(query, RATINGS_PER_PAGE).get_page(page)


def rating_changes_of(table: Table) -> list[RatingChange]:
    """What a finished game did to its players' ratings, by seat."""
    return list(RatingChange.objects.filter(table=table).select_related("user").order_by("seat"))


def my_rating_changes(user, table_ids: list[int]) -> dict[int, RatingChange]:
    """What each of these games did to `user`'s rating, by table (one query)."""
    changes = RatingChange.objects.filter(user=user, table_id__in=table_ids)
    return {change.table_id: change for change in changes}
