"""Everything that changes a tournament: create, join, leave, start, its
rounds, a table's result, a withdrawal, and the operators' pause and cancel.

Locks and the races they prevent (every change locks the tournament's row):
- two players joining the last place at once: the second counts the entries
  after the first's commit;
- a round is started once, however many workers try: `round_start_due`
  claims the tournament row with SKIP LOCKED (a worker that finds it taken
  moves on, as the deadline sweep does with a table) and then checks, under
  the lock, that the last round has finished and no later one exists; the
  unique (tournament, number) of rounds is the backstop;
- two tables of a round ending at once: each counts its result under the
  lock, so exactly one of them sees the round complete;
- a table's end told twice (a retry): its `counted_at` makes the second a no-op.
The tables themselves are opened, seated and started by the lobby's
services (`tables.services`), inside the round's transaction.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from contextlib import suppress
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F

from clocks import clock, controls
from games import registry
from games.engine import InvalidOptions
from players.models import Rating
from players.ratings import places
from tables import services as table_services
from tables.errors import BadRequest, Conflict, Forbidden, NotFound
from tables.models import Move, Seat, Table
from tournaments import pairing
from tournaments.events import tournament_changed
from tournaments.models import Entry, Round, Tournament, TournamentTable

# Open tournaments (taking entries or in play) a player may have created at once.
MAX_OPEN_PER_PLAYER = 3
MAX_ENTRIES = 256
MAX_SWISS_ROUNDS = 15
# Round robin is for small groups: at two seats, 11 rounds at the most.
MAX_ROUND_ROBIN_ENTRIES = 12
# A clock that runs out drops its player from that table (played by its
# timeout moves to the end); the second table lost so withdraws them.
TABLE_TIMEOUTS = 1
TABLES_TIMED_OUT_TO_WITHDRAW = 2
RECENT_TIMEOUTS_DAYS = 30

Format = Tournament.Format
Status = Tournament.Status


# -- create, join, leave ----------------------------------------------------------


def tournament_create(
    *,
    creator: AbstractBaseUser,
    game: str,
    seats_per_table: int,
    starts_at: datetime,
    max_entries: int,
    format: str = Format.SWISS,
    rounds: int | None = None,
    options: Mapping[str, Any] | None = None,
    time_control: str = controls.DEFAULT_PRESET,
    name: str = "",
    min_rating: int | None = None,
    min_finished_games: int | None = None,
    max_recent_timeouts: int | None = None,
) -> Tournament:
    """A new tournament taking entries until `starts_at`; its creator is not
    entered by this (they join like anyone). Staff have no limit on how many
    they run; a player has at most `MAX_OPEN_PER_PLAYER` open at once."""
    try:
        engine = registry.get(game).engine
    except LookupError:
        raise BadRequest(f"There is no game called “{game}”.") from None
    try:
        cleaned = engine.clean_options(options)
        engine.check_player_count(seats_per_table, cleaned)
    except InvalidOptions as exc:
        raise BadRequest(str(exc)) from None
    if time_control not in controls.PRESETS or controls.PRESETS[time_control].bank is None:
        timed = [key for key, p in controls.PRESETS.items() if p.bank is not None]
        raise BadRequest(
            f"A tournament needs a clock: choose a time control of {', '.join(timed)}."
        )
    if format not in Format.values:
        raise BadRequest(f"Unknown format “{format}”: choose one of {', '.join(Format.values)}.")
    if not 2 <= max_entries <= MAX_ENTRIES:
        raise BadRequest(f"The entry limit must be between 2 and {MAX_ENTRIES}.")
    if format == Format.SWISS:
        if rounds is None or not 1 <= rounds <= MAX_SWISS_ROUNDS:
            raise BadRequest(f"A Swiss tournament needs 1 to {MAX_SWISS_ROUNDS} rounds.")
    elif rounds is not None:
        raise BadRequest("Only a Swiss tournament sets its rounds: the others follow the entries.")
    if format == Format.ROUND_ROBIN and max_entries > MAX_ROUND_ROBIN_ENTRIES:
        raise BadRequest(
            f"A round robin is for small groups: at most {MAX_ROUND_ROBIN_ENTRIES} entries."
        )
    if starts_at <= clock.now():
        raise BadRequest("The start must be in the future.")
    for value, what in (
        (min_finished_games, "minimum of finished games"),
        (max_recent_timeouts, "maximum of recent timeouts"),
    ):
        if value is not None and value < 0:
            raise BadRequest(f"The {what} cannot be negative.")
    with transaction.atomic():
        if not creator.is_staff:
            # The creator's row: two creations at once count each other.
            get_user_model().objects.select_for_update().get(pk=creator.pk)
            running = Tournament.objects.filter(
                creator=creator, status__in=[Status.SCHEDULED, Status.RUNNING, Status.PAUSED]
            ).count()
            if running >= MAX_OPEN_PER_PLAYER:
                raise Conflict(
                    f"You already run {running} tournaments: at most {MAX_OPEN_PER_PLAYER} "
                    "may be open at once."
                )
        return Tournament.objects.create(
            name=name.strip() or f"{engine.name} {Format(format).label}",
            game=engine.slug,
            options=cleaned,
            time_control=time_control,
            seats_per_table=seats_per_table,
            format=format,
            rounds=rounds,
            starts_at=starts_at,
            max_entries=max_entries,
            min_rating=min_rating,
            min_finished_games=min_finished_games,
            max_recent_timeouts=max_recent_timeouts,
            creator=creator,
            seed=new_seed(),
        )


def new_seed() -> int:
    return secrets.randbits(62)


def _locked(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise NotFound("There is no such tournament.")
    return tournament


def entry_refusal(tournament: Tournament, user: AbstractBaseUser) -> str | None:
    """Why `user` may not enter under the tournament's entry rules, or None."""
    if tournament.min_rating is not None:
        rating = Rating.objects.filter(user=user, game=tournament.game).first()
        if rating is None or rating.shown < tournament.min_rating:
            have = f"yours is {rating.shown}" if rating else "you have none yet"
            return f"This tournament needs a rating of {tournament.min_rating} ({have})."
    if tournament.min_finished_games:
        finished = Seat.objects.filter(
            user=user, table__game=tournament.game, table__status=Table.Status.FINISHED
        ).count()
        if finished < tournament.min_finished_games:
            return (
                f"This tournament needs {tournament.min_finished_games} finished games of "
                f"this game (you have {finished})."
            )
    if tournament.max_recent_timeouts is not None:
        recent = recent_timeouts(user)
        if recent > tournament.max_recent_timeouts:
            return (
                f"This tournament takes players with at most {tournament.max_recent_timeouts} "
                f"timeouts in the last {RECENT_TIMEOUTS_DAYS} days (you have {recent})."
            )
    return None


def recent_timeouts(user: AbstractBaseUser) -> int:
    """Timeouts the player's clocks ran into in the last 30 days, every game."""
    since = clock.now() - timedelta(days=RECENT_TIMEOUTS_DAYS)
    # One filter() call: the seat joined is the move's own seat.
    return (
        Move.objects.filter(
            kind=Move.Kind.TIMEOUT,
            created_at__gte=since,
            table__seats__user=user,
            table__seats__number=F("seat"),
        )
        .values("table_id", "seq")
        .distinct()
        .count()
    )


def tournament_join(*, tournament_id: int, user: AbstractBaseUser) -> Entry:
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != Status.SCHEDULED:
            raise Conflict("This tournament is no longer taking entries.")
        if tournament.entries.filter(user=user).exists():
            raise Conflict("You have already entered this tournament.")
        if tournament.entries.count() >= tournament.max_entries:
            raise Conflict("This tournament is full.")
        refusal = entry_refusal(tournament, user)
        if refusal:
            raise Forbidden(refusal)
        last = tournament.entries.order_by("-seed").values_list("seed", flat=True).first()
        entry = Entry.objects.create(tournament=tournament, user=user, seed=(last or 0) + 1)
        _changed(tournament, joined=[user], now=clock.now())
    return entry


def tournament_leave(*, tournament_id: int, user: AbstractBaseUser) -> None:
    """Before the start: the entry is removed. Once it runs: the player is
    withdrawn, their tables in play go on with their timeout moves."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        entry = tournament.entries.filter(user=user).first()
        if entry is None:
            raise Conflict("You have not entered this tournament.")
        if tournament.status == Status.SCHEDULED:
            entry.delete()
            _changed(tournament, left=[user], now=clock.now())
            return
        if not tournament.is_open:
            raise Conflict("This tournament is over.")
        if entry.withdrawn:
            raise Conflict("You have already withdrawn from this tournament.")
        _withdraw(tournament, entry, "Withdrew.", clock.now())


# -- start and rounds ------------------------------------------------------------


def tournament_start(*, tournament_id: int, user: AbstractBaseUser | None) -> Tournament:
    """Its creator starts it before its time (`user`), or it starts at its
    time (`user` None: the beat task, an operator). Needs two entries; one
    that reaches its time with fewer is cancelled."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if user is not None and tournament.creator_id != user.pk and not user.is_staff:
            raise Forbidden("Only the player who created this tournament may start it.")
        if tournament.status != Status.SCHEDULED:
            raise Conflict("This tournament has already started.")
        entries = list(tournament.entries.select_related("user"))
        if len(entries) < 2:
            if user is not None:
                raise Conflict("A tournament needs at least two entries to start.")
            tournament.status = Status.CANCELLED
            tournament.finished_at = clock.now()
            tournament.save(update_fields=["status", "finished_at"])
            _changed(tournament, now=clock.now())
            return tournament
        _seed_by_rating(tournament, entries)
        if tournament.format == Format.ROUND_ROBIN:
            tournament.rounds = pairing.round_robin_rounds(len(entries), tournament.seats_per_table)
        tournament.status = Status.RUNNING
        tournament.started_at = clock.now()
        tournament.save()
        _round_open(tournament, 1, clock.now())
    return tournament


def _seed_by_rating(tournament: Tournament, entries: list[Entry]) -> None:
    """Seeds 1, 2, ... by rating at the game (unrated players last), then by entry."""
    ratings = dict(
        Rating.objects.filter(
            game=tournament.game, user__in=[e.user_id for e in entries]
        ).values_list("user_id", "shown")
    )
    ordered = sorted(entries, key=lambda e: (-ratings.get(e.user_id, -(10**9)), e.seed))
    for number, entry in enumerate(ordered, start=1):
        entry.seed = number
    Entry.objects.bulk_update(ordered, ["seed"])


def round_start_due(*, tournament_id: int) -> Round | None:
    """Start the tournament's next round if it is due (the last one has
    finished), or finish the tournament when none is left. The row is claimed
    with SKIP LOCKED: another worker holding it is starting it already."""
    with transaction.atomic():
        tournament = (
            Tournament.objects.select_for_update(skip_locked=True)
            .filter(pk=tournament_id, status=Status.RUNNING)
            .first()
        )
        if tournament is None:
            return None
        last = tournament.round_set.order_by("-number").first()
        if last is not None and last.status != Round.Status.FINISHED:
            return None
        number = (last.number if last else 0) + 1
        return _round_open(tournament, number, clock.now())


def _history(tournament: Tournament) -> list[pairing.Pairing]:
    rounds = []
    for round_ in tournament.round_set.prefetch_related("tables__table__seats"):
        tables = [
            tuple(seat.user_id for seat in tt.table.seats.all()) for tt in round_.tables.all()
        ]
        rounds.append(pairing.Pairing(tables, list(round_.byes)))
    return rounds


def _players(entries: list[Entry]) -> list[pairing.Player]:
    return [
        pairing.Player(e.user_id, e.points, e.byes, e.withdrawn or e.eliminated, e.seed)
        for e in entries
    ]


def _round_open(tournament: Tournament, number: int, now: datetime) -> Round | None:
    """Pair round `number`, open and start its tables. Expects the tournament locked."""
    entries = list(tournament.entries.select_related("user"))
    seats = tournament.seats_per_table
    rng = random.Random(tournament.seed * 1009 + number)
    history = _history(tournament)
    players = _players(entries)
    active = [p for p in players if not p.withdrawn]
    if _is_over(tournament, number, active):
        _finish(tournament, now)
        return None
    if tournament.format == Format.SWISS:
        plan = pairing.swiss_round(players, history, seats, rng)
    elif tournament.format == Format.ROUND_ROBIN:
        plan = pairing.round_robin_round(players, history, seats, number, rng)
    else:
        plan = pairing.elimination_round(active, seats)
    round_ = Round.objects.create(
        tournament=tournament, number=number, byes=plan.byes, started_at=now
    )
    by_user = {e.user_id: e for e in entries}
    if tournament.format != Format.ELIMINATION:
        for user_id in plan.byes:
            entry = by_user[user_id]
            entry.byes += 1
            entry.points += pairing.bye_points(seats)
            entry.save(update_fields=["byes", "points"])
    for group in plan.tables:
        order = list(group)
        rng.shuffle(order)  # who sits first is drawn
        _table_open(tournament, round_, [by_user[u].user for u in order])
    if not plan.tables:
        round_.status = Round.Status.FINISHED
        round_.finished_at = now
        round_.save()
    _standings_update(tournament, entries)
    _changed(tournament, now=now, round_started=round_ if number == 1 else None)
    return round_


def _is_over(tournament: Tournament, number: int, active: list[pairing.Player]) -> bool:
    if len(active) < 2:
        return True
    if tournament.format == Format.ELIMINATION:
        return False
    return number > (tournament.rounds or 0)


def _table_open(tournament: Tournament, round_: Round, users: list[AbstractBaseUser]) -> Table:
    """One table of the round, through the lobby's services: opened by its
    first player, joined by the others, started. Rated, and a dropped seat is
    played by its timeout moves (no bot takes it over)."""
    first, *others = users
    table = table_services.table_create(
        creator=first,
        game=tournament.game,
        options=tournament.options,
        max_players=len(users),
        time_control=tournament.time_control,
        max_timeouts=TABLE_TIMEOUTS,
        rated=True,
        bot_takeover=False,
    )
    TournamentTable.objects.create(round=round_, table=table)
    for user in others:
        table_services.table_join(table_id=table.pk, user=user)
    return table_services.table_start(table_id=table.pk, user=first)


def _finish(tournament: Tournament, now: datetime) -> None:
    tournament.status = Status.FINISHED
    tournament.finished_at = now
    tournament.save(update_fields=["status", "finished_at"])
    _changed(tournament, now=now)


# -- results ----------------------------------------------------------------------


def table_result_count(*, table_id: int) -> bool:
    """Count a finished (or cancelled) tournament table in the standings;
    when it was the round's last, close the round and queue the next one.
    False when the table is not a tournament's, not over, or already counted."""
    link = TournamentTable.objects.filter(table_id=table_id).select_related("round").first()
    if link is None:
        return False
    with transaction.atomic():
        tournament = _locked(link.round.tournament_id)
        link = TournamentTable.objects.select_related("round", "table").get(pk=link.pk)
        table = link.table
        if link.counted_at is not None or not table.is_over:
            return False
        now = clock.now()
        entries = {e.user_id: e for e in tournament.entries.all()}
        # A table an operator cancelled gives nobody points, and its round goes on.
        if table.status == Table.Status.FINISHED:
            seats = list(table.seats.order_by("number"))
            outcome = table.outcome or {}
            points = pairing.place_points(places(outcome["ranks"], outcome.get("dropped", [])))
            for seat, gained in zip(seats, points, strict=True):
                entry = entries[seat.user_id]
                entry.points += gained
                entry.save(update_fields=["points"])
        link.counted_at = now
        link.save(update_fields=["counted_at"])
        round_ = link.round
        if not round_.tables.filter(counted_at__isnull=True).exists():
            _round_close(tournament, round_, now)
        _standings_update(tournament, list(entries.values()))
        _changed(tournament, now=now)
    return True


def _results(tournament: Tournament) -> list[tuple[int, pairing.TableResult]]:
    """Each counted table: its round number and result, in the places counted."""
    found = []
    links = (
        TournamentTable.objects.filter(
            round__tournament=tournament,
            counted_at__isnull=False,
            table__status=Table.Status.FINISHED,
        )
        .select_related("round", "table")
        .prefetch_related("table__seats")
    )
    for link in links:
        outcome = link.table.outcome or {}
        seats = sorted(link.table.seats.all(), key=lambda s: s.number)
        placed = places(outcome["ranks"], outcome.get("dropped", []))
        users = tuple(s.user_id for s in seats)
        found.append((link.round.number, pairing.TableResult(users, tuple(placed))))
    return found


def _round_close(tournament: Tournament, round_: Round, now: datetime) -> None:
    round_.status = Round.Status.FINISHED
    round_.finished_at = now
    round_.save(update_fields=["status", "finished_at"])
    if tournament.format == Format.ELIMINATION:
        entries = {e.user_id: e for e in tournament.entries.all()}
        withdrawn = {u for u, e in entries.items() if e.withdrawn}
        seed = {u: e.seed for u, e in entries.items()}
        going_on = set(round_.byes)
        for number, result in _results(tournament):
            if number == round_.number:
                going_on.add(pairing.elimination_winner(result, withdrawn, seed))
        # From a table an operator cancelled, the best seed goes on.
        for link in round_.tables.filter(table__status=Table.Status.ABORTED):
            users = tuple(link.table.seats.values_list("user_id", flat=True))
            unplayed = pairing.TableResult(users, (1,) * len(users))
            going_on.add(pairing.elimination_winner(unplayed, withdrawn, seed))
        for user_id, entry in entries.items():
            if not entry.eliminated and user_id not in going_on:
                entry.eliminated = True
                entry.save(update_fields=["eliminated"])
    # The next round starts from a worker once this commits (beat's task
    # would find it due too; only one of them starts it).
    transaction.on_commit(partial(_round_start_soon, tournament.pk))


# Found by name in the Celery app's registry: the tasks call these services,
# so the services never import the tasks.
ROUND_START_TASK = "tournaments.tasks.round_start"


def _round_start_soon(tournament_id: int) -> None:
    from config.celery import app

    app.tasks[ROUND_START_TASK].delay(tournament_id)


def _standings_update(tournament: Tournament, entries: list[Entry]) -> None:
    results = [result for _, result in _results(tournament)]
    rows = {
        row.id: row
        for row in pairing.standings(_players(entries), results, tournament.seats_per_table)
    }
    for entry in entries:
        row = rows[entry.user_id]
        entry.tie_break, entry.average_place = row.tie_break, row.average_place
    Entry.objects.bulk_update(entries, ["tie_break", "average_place"])


# -- withdrawals ----------------------------------------------------------------


def entry_table_timed_out(*, table_id: int, user_id: int) -> None:
    """A player's clock ran out at a tournament table and dropped them from
    it: the second such table withdraws them from the tournament."""
    link = TournamentTable.objects.filter(table_id=table_id).select_related("round").first()
    if link is None:
        return
    with transaction.atomic():
        tournament = _locked(link.round.tournament_id)
        entry = tournament.entries.filter(user_id=user_id).first()
        if entry is None:
            return
        entry.tables_timed_out += 1
        entry.save(update_fields=["tables_timed_out"])
        if entry.tables_timed_out >= TABLES_TIMED_OUT_TO_WITHDRAW and not entry.withdrawn:
            _withdraw(
                tournament,
                entry,
                f"Ran out of time at {entry.tables_timed_out} tables.",
                clock.now(),
            )


def _withdraw(tournament: Tournament, entry: Entry, reason: str, now: datetime) -> None:
    """Withdraw a player: never paired again; each table they still sit at
    goes on with their seat played by its timeout moves (they are dropped
    there once this commits, each table under its own lock)."""
    entry.withdrawn_at = now
    entry.withdraw_reason = reason
    entry.save(update_fields=["withdrawn_at", "withdraw_reason"])
    _changed(tournament, now=now)
    seats = Seat.objects.filter(
        user_id=entry.user_id,
        dropped_at__isnull=True,
        table__status=Table.Status.ACTIVE,
        table__tournament_table__round__tournament=tournament,
    ).values_list("table_id", "number")
    transaction.on_commit(partial(_drop_seats, list(seats)))


def _drop_seats(seats: list[tuple[int, int]]) -> None:
    for table_id, number in seats:
        # The table may have ended, or the seat been dropped, meanwhile.
        with suppress(Conflict):
            table_services.seat_drop(
                table_id=table_id, number=number, reason="Withdrawn from the tournament."
            )


# -- operators --------------------------------------------------------------------


def _status_move(tournament_id: int, before: str, after: str, refusal: str) -> Tournament:
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != before:
            raise Conflict(refusal)
        tournament.status = after
        tournament.save(update_fields=["status"])
        _changed(tournament, now=clock.now())
    return tournament


def tournament_pause(*, tournament_id: int) -> Tournament:
    """No new round starts while paused; the tables in play go on."""
    return _status_move(
        tournament_id, Status.RUNNING, Status.PAUSED, "Only a tournament in play can be paused."
    )


def tournament_resume(*, tournament_id: int) -> Tournament:
    """In play again: the next round starts now if it is due."""
    tournament = _status_move(
        tournament_id, Status.PAUSED, Status.RUNNING, "Only a paused tournament can be resumed."
    )
    round_start_due(tournament_id=tournament_id)
    return tournament


def tournament_cancel(*, tournament_id: int) -> Tournament:
    """Cancelled: no round starts any more; tables in play are played out as
    ordinary rated games."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if not tournament.is_open:
            raise Conflict("This tournament is already over.")
        tournament.status = Status.CANCELLED
        tournament.finished_at = clock.now()
        tournament.save(update_fields=["status", "finished_at"])
        _changed(tournament, now=clock.now())
    return tournament


def due_tournaments_start(*, now: datetime | None = None, limit: int = 100) -> int:
    """Start every tournament whose time has come, and every round that is
    due; returns how many were started. Each in its own transaction."""
    now = now or clock.now()
    started = 0
    due = Tournament.objects.filter(status=Status.SCHEDULED, starts_at__lte=now).values_list(
        "pk", flat=True
    )[:limit]
    for tournament_id in list(due):
        try:
            tournament_start(tournament_id=tournament_id, user=None)
            started += 1
        except Conflict:
            pass  # started meanwhile by its creator or another worker
    running = Tournament.objects.filter(status=Status.RUNNING).exclude(
        round_set__status=Round.Status.RUNNING
    )
    for tournament_id in list(running.values_list("pk", flat=True)[:limit]):
        started += round_start_due(tournament_id=tournament_id) is not None
    return started


def _changed(
    tournament: Tournament,
    *,
    now: datetime,
    joined: list | None = None,
    left: list | None = None,
    round_started: Round | None = None,
) -> None:
    """Its page shows something new: one more revision, and the event."""
    tournament.revision += 1
    Tournament.objects.filter(pk=tournament.pk).update(revision=tournament.revision)
    tournament_changed.send(
        sender=Tournament,
        tournament=tournament,
        joined=joined or [],
        left=left or [],
        round_started=round_started,
        now=now,
    )
