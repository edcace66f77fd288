"""For every game, a seeded random game played live through the move service
gives, replayed move by move, the views the live table gave: a spectator's
at each step, and once the game is over any seat's. Some seats play by
standing orders, drop out or time out, so those automatic moves are in the
log too."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from clocks import clock
from games import registry
from games.engine import visible_lines
from replays.selectors import replay_step
from tables import services
from tables.models import Move, Seat, Table
from tables.present import fill
from tests.conftest import start_table, state_of

pytestmark = pytest.mark.django_db

# (game, players, options, seed, most moves to play; None: to the end).
CASES = [
    ("coup", 2, {}, 1, None),
    ("coup", 3, {"factions": True}, 0, None),
    ("coup", 3, {"rounds_to_win": 2}, 3, None),
    ("koryo", 2, {}, 2, None),
    ("koryo", 3, {}, 1, 40),
    ("seasons", 2, {"level": "apprentice"}, 2, None),
    ("seasons", 2, {"level": "wizard"}, 3, 40),
    ("seasons", 3, {"level": "archmage"}, 1, 40),
    ("troyes", 2, {}, 0, None),
]


def passing(table, number: int) -> bool:
    orders = Seat.objects.get(table=table, number=number).standing_orders
    return orders.get("challenges") == "always_pass"


def live_game(users, game, players, options, seed, limit):
    """Play the table live; after each call of the service, what a spectator
    and seat 0 saw, and the public lines of the last move, by version."""
    table = start_table(game, users[:players], options=options, seed=seed, time_control="normal")
    engine = registry.get(game).engine
    by_seat = {s.number: s.user for s in table.seats.all()}
    rng = random.Random(seed)
    seen = {}

    def look():
        state = state_of(table)
        seen[table.version] = (
            engine.view(state, None),
            engine.view(state, 0),
            [line["text"] for line in visible_lines(engine.log(state), None)],
        )

    look()
    played = 0
    while table.is_active and (limit is None or played < limit):
        played += 1
        if game == "coup" and played >= 3 and not passing(table, 1):
            # Set again whenever news (a lost influence, a player knocked
            # out) has turned it off, as a player told of it might.
            services.standing_orders_set(
                table_id=table.pk, user=by_seat[1], orders={"challenges": "always_pass"}
            )
        elif played == 9 and players > 2:
            services.seat_drop(table_id=table.pk, number=players - 1, reason="left")
        elif played % 7 == 0:
            # The clocks of those to act run out; the sweep plays their timeouts.
            Seat.objects.filter(table=table, must_act=True).update(
                deadline_at=clock.now() - timedelta(seconds=1)
            )
            services.table_timeouts_play(table_id=table.pk, now=clock.now())
        else:
            seat = rng.choice(table.to_act)
            move = rng.choice(engine.legal_moves(state_of(table), seat))
            services.move_submit(
                table_id=table.pk, user=by_seat[seat], version=table.version, move=move
            )
        table.refresh_from_db()
        look()
    return table, seen


@pytest.mark.parametrize(
    "game, players, options, seed, limit",
    CASES,
    ids=[
        f"{c[0]}-{c[1]}p-{'-'.join(f'{k}={v}' for k, v in c[2].items()) or 'plain'}" for c in CASES
    ],
)
def test_the_replay_shows_each_step_as_the_live_table_showed_it(
    users, game, players, options, seed, limit
):
    table, seen = live_game(users, game, players, options, seed, limit)
    names = {s.number: s.user.username for s in table.seats.all()}
    for version, (spectator, seat0, lines) in seen.items():
        step = replay_step(table=table, user=None, move=version)
        assert step.tv.view == spectator, f"move {version}"
        if version:
            assert [ln["text"] for ln in step.lines] == [fill(t, names) for t in lines]
        if table.is_over:
            seen_by = replay_step(table=table, user=None, move=version, seat=0)
            assert seen_by.tv.view == seat0, f"move {version} seen by seat 0"
        else:
            # While it runs, seat 0's player replays it as they saw it.
            mine = replay_step(table=table, user=users[0], move=version)
            assert mine.tv.view == seat0, f"move {version} as seat 0 saw it"
    # Every row of the log replays, the automatic ones as well.
    kinds = set(Move.objects.filter(table=table).values_list("kind", flat=True))
    assert Move.Kind.TIMEOUT in kinds
    if players > 2:
        assert Move.Kind.DROPPED in kinds
    if game == "coup":
        assert Move.Kind.STANDING in kinds
    last = replay_step(table=table, user=None, move=table.version)
    assert last.tv.view == registry.get(game).engine.view(state_of(table), None)
    if limit is None:
        assert table.status == Table.Status.FINISHED
