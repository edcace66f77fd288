"""A replay's steps are the players' turns: the moves of one seat, one after
another, under one question of the game.

The engine's prompt tells one decision from the next (`Engine.prompt`), as
the clocks use it (`tables.services.moves`): a seat's consecutive moves under
the same prompt are one turn, with one clock. So a Seasons turn (the die, the
cards summoned, the bonuses) or a Koryo order (the kind, then how many) is
one step, its small moves listed within it.

Simultaneous phases follow from the same rule. In Coup's reaction window
each responder's answer is a step of its own (each was asked and timed
apart, and their answers are what a player wants to step through); in
Koryo's orders or Seasons' draft, each seat's choice is its step, in the
order the log recorded them.

Finding the turns takes every state along the log (a prompt is a function of
the state), so the list is computed once per table version and kept in the
cache: a finished game's never changes.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from django.core.cache import cache
from redis import RedisError

from config import outages
from games.engine import Engine
from replays import services
from replays.states import SNAPSHOT_EVERY, check_complete, replay_move
from tables.models import Move, Table

# A finished game's turns never change; a running game's key changes with
# each move, so old entries only wait to expire.
CACHE_SECONDS = 7 * 24 * 3600


@dataclass(frozen=True)
class Turns:
    """The seq of the first move of each turn, in order; turn 0 is the deal."""

    starts: tuple[int, ...]
    moves: int

    @property
    def count(self) -> int:
        return len(self.starts)

    def span(self, turn: int) -> tuple[int, int]:
        """The first and last move of `turn` (0: the deal, no move)."""
        if turn == 0:
            return 0, 0
        last = self.starts[turn] - 1 if turn < self.count else self.moves
        return self.starts[turn - 1], last

    def of_move(self, seq: int) -> int:
        """The turn that move `seq` belongs to (0 for the deal)."""
        return bisect.bisect_right(self.starts, seq) if seq > 0 else 0


def turn_starts(
    engine: Engine, state: dict, moves: list[tuple[int, int, dict]], passed: dict | None = None
) -> list[int]:
    """Where each turn begins, walking `moves` (seq, seat, move) from `state`,
    the deal. A move goes on the turn before it when the same seat made it
    under the same prompt (the seat was still asked: it is moving). The
    states at snapshot places go into `passed` (seq -> state)."""
    starts: list[int] = []
    before: tuple[int, str] | None = None
    for seq, seat, move in moves:
        now = (seat, engine.prompt(state))
        if now != before:
            starts.append(seq)
        before = now
        state = replay_move(engine, state, seq, seat, move)
        if passed is not None and seq % SNAPSHOT_EVERY == 0:
            passed[seq] = state
    return starts


def _key(table: Table, engine: Engine) -> str:
    # The start time and seed tell a table from another that reused its id.
    started = table.started_at.timestamp() if table.started_at else 0
    return f"replay-turns:{table.pk}:{started}:{table.seed}:{engine.version}:{table.version}"


def _cached(key: str) -> list[int] | None:
    if outages.CACHE.suspected:
        return None
    try:
        return cache.get(key)
    except RedisError as exc:
        outages.CACHE.failed(exc)
        return None


def _keep(key: str, starts: list[int]) -> None:
    if outages.CACHE.suspected:
        return
    try:
        cache.set(key, starts, timeout=CACHE_SECONDS)
    except RedisError as exc:
        outages.CACHE.failed(exc)


def turns_of(table: Table, engine: Engine, num_players: int) -> Turns:
    """The table's turns up to its current move: from the cache, else one
    read of the whole log and one walk of its states."""
    key = _key(table, engine)
    starts = _cached(key)
    if starts is None:
        rows = list(
            Move.objects.filter(table=table, seq__lte=table.version)
            .order_by("seq")
            .values_list("seq", "seat", "move")
        )
        check_complete([row[0] for row in rows], 1, table.version)
        deal = engine.setup(num_players, table.options, table.seed)
        passed: dict[int, dict] = {}
        starts = turn_starts(engine, deal, rows, passed)
        # The walk passed every snapshot place: stored, the step's own state
        # is then a few moves from one (rows already there are skipped).
        if passed:
            services.snapshots_save(table=table, engine_version=engine.version, states=passed)
        _keep(key, starts)
    return Turns(starts=tuple(starts), moves=table.version)
