"""Standing orders in every game, for their tests: states played forward by
the engine alone, tables put at such a state, and moves played through the
move service until something happens."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games import registry
from games.engine import Engine, State
from tables import services
from tables.models import Move, Seat, Table, TableState
from tests.conftest import start_table, state_of


def advance(engine: Engine, state: State, until: Callable[[State], bool], limit=20000) -> State:
    """`state` played on by timeout moves (the first seat asked) until `until`."""
    for _ in range(limit):
        if until(state):
            return state
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, engine.timeout_move(state, seat))
    raise AssertionError("the position never came")


def table_at(game: str, users, state: State) -> Table:
    """A started table of `game` for `users`, put at `state`, its public
    columns to match."""
    table = start_table(game, users)
    engine = registry.get(game).engine
    TableState.objects.filter(pk=table.pk).update(state=state)
    table.to_act = engine.to_act(state)
    table.prompt = engine.prompt(state)
    table.summary = engine.summary(state)
    table.save()
    return table


def drive(table: Table, users, until: Callable[[State], bool], limit: int = 400) -> State:
    """Timeout moves of the first seat asked, through the move service,
    until `until(state)` or the game ends."""
    engine = registry.get(table.game).engine
    for _ in range(limit):
        table.refresh_from_db()
        state = state_of(table)
        if until(state) or not table.is_active:
            return state
        seat = table.to_act[0]
        services.move_submit(
            table_id=table.pk,
            user=users[seat],
            version=table.version,
            move=engine.timeout_move(state, seat),
        )
    raise AssertionError("the position never came")


def orders_of(table: Table, seat: int) -> dict[str, Any]:
    return Seat.objects.get(table=table, number=seat).standing_orders


def notices_of(table: Table, seat: int) -> list[str]:
    """The notices of the seat's orders that news turned off."""
    news = Seat.objects.get(table=table, number=seat).order_news
    return [notice["text"] for notice in news.get("off", ())]


def standing_rows(table: Table, seat: int) -> list[Move]:
    return list(Move.objects.filter(table=table, seat=seat, kind=Move.Kind.STANDING))


def lines_with(table: Table, text: str) -> list[dict]:
    """The log lines containing `text`, with whom they are for."""
    return [
        line
        for move in Move.objects.filter(table=table).order_by("seq")
        for line in move.log
        if text in line["text"]
    ]


def random_playout_checks_orders(
    engine: Engine, players: int, orders: dict[str, Any], seed: int, options=None
) -> int:
    """A random game in which every seat has `orders` set and plays them when
    they fire, as the platform would; every order's move must be one the seat's
    legal moves list. Returns how many moves the orders made."""
    rng = random.Random(seed)
    state = engine.setup(players, options or {}, seed)
    fired = 0
    for _ in range(20000):
        if engine.outcome(state) is not None:
            return fired
        for seat in engine.to_act(state):
            move = engine.standing_move(state, seat, orders)
            if move is not None:
                assert engine.listed(state, seat, move) is not None, (seat, move)
                state = engine.apply(state, seat, move)
                fired += 1
                break
        else:
            seat = rng.choice(engine.to_act(state))
            state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
    raise AssertionError("the game did not end")
