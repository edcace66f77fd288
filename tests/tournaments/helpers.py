"""Players, tournaments and the quick play of their tables, for the tournaments' tests."""

from __future__ import annotations

import random
from datetime import timedelta

from clocks import clock
from games import registry
from tables import services as table_services
from tables.models import Table
from tests.conftest import make_user, state_of
from tournaments import services
from tournaments.models import Tournament, TournamentTable


def players(count: int, prefix: str = "p") -> list:
    return [make_user(f"{prefix}{i:02d}") for i in range(count)]


def tournament(creator, **fields) -> Tournament:
    fields.setdefault("game", "coup")
    fields.setdefault("seats_per_table", 2)
    fields.setdefault("max_entries", 32)
    fields.setdefault("time_control", "quick")
    fields.setdefault("starts_at", clock.now() + timedelta(days=1))
    if fields.setdefault("format", "swiss") == "swiss":
        fields.setdefault("rounds", 3)
    return services.tournament_create(creator=creator, **fields)


def entered(creator, entrants, **fields) -> Tournament:
    made = tournament(creator, **fields)
    for user in entrants:
        services.tournament_join(tournament_id=made.pk, user=user)
    return made


def round_tables(tournament: Tournament, number: int) -> list[Table]:
    return [
        link.table
        for link in TournamentTable.objects.filter(
            round__tournament=tournament, round__number=number
        ).select_related("table")
    ]


def play_out(table: Table, seed: int = 0, *, timeout_moves: bool = False) -> Table:
    """Play the table to its end through the move service: random legal
    moves, or each seat's timeout move as if chosen (quick for Troyes)."""
    rng = random.Random(seed)
    engine = registry.get(table.game).engine
    users = {seat.number: seat.user for seat in table.seats.select_related("user")}
    while True:
        table.refresh_from_db()
        if not table.is_active:
            return table
        state = state_of(table)
        seat = rng.choice(table.to_act)
        move = (
            engine.timeout_move(state, seat)
            if timeout_moves
            else dict(rng.choice(engine.legal_moves(state, seat)))
        )
        table_services.move_submit(
            table_id=table.pk, user=users[seat], version=table.version, move=move
        )


def time_out(table: Table, user, frozen, seed: int = 0) -> None:
    """Play on until `user` alone must act at `table`, then let their clock
    run out and play the timeout (the sweep's service, for this table only).
    The clock goes back afterwards, so no other table's clock runs out."""
    rng = random.Random(seed)
    engine = registry.get(table.game).engine
    users = {seat.number: seat.user for seat in table.seats.select_related("user")}
    mine = next(number for number, u in users.items() if u == user)
    while True:
        table.refresh_from_db()
        assert table.is_active
        if table.to_act == [mine]:
            break
        seat = rng.choice([s for s in table.to_act if s != mine] or table.to_act)
        if seat == mine:  # answering alongside others: answer, and wait for a turn alone
            move = engine.timeout_move(state_of(table), seat)
        else:
            move = dict(rng.choice(engine.legal_moves(state_of(table), seat)))
        table_services.move_submit(
            table_id=table.pk, user=users[seat], version=table.version, move=move
        )
    before = clock.now()
    deadline = table.seats.get(number=mine).deadline_at
    frozen.set(deadline + timedelta(seconds=1))
    table_services.table_timeouts_play(table_id=table.pk, now=clock.now())
    frozen.set(before)


def table_of(tournament: Tournament, number: int, user) -> Table:
    return next(t for t in round_tables(tournament, number) if t.seats.filter(user=user).exists())
