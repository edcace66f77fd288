"""A game's state at any move, rebuilt from its seed and its move log.

The live game makes its states this way (`tables.services`): the deal is
`setup(seats, options, seed)`, and every `Move` row, the players' own as well
as timeouts, standing orders and dropped players' moves, is one `apply` of
the state before it. So the state after move n is the deal with the first n
rows applied, in `seq` order.

Replaying from the deal on every step would cost a long game hundreds of
`apply` per page. Every `SNAPSHOT_EVERY` moves the state is stored (the first
time a replay passes there), so any step costs one snapshot read, one read
of at most that many moves and at most that many `apply`.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import Engine, IllegalMove
from replays import services
from replays.models import Snapshot
from tables.errors import Conflict
from tables.models import Move, Table

SNAPSHOT_EVERY = 20


def can_replay(engine: Engine, version: int) -> bool:
    """Whether this engine makes the same states as `version` did from the
    same moves: only the version that played them is sure to."""
    return version == engine.version


def check_version(table: Table, engine: Engine) -> None:
    """Conflict unless this engine makes the states the table's moves made."""
    if not can_replay(engine, table.engine_version):
        raise Conflict(
            f"This game was played with version {table.engine_version} of the "
            f"{engine.name} rules; the site now runs version {engine.version}, "
            "which cannot replay it move by move."
        )


def check_complete(seqs: list[int], first: int, last: int) -> None:
    if seqs != list(range(first, last + 1)):
        raise Conflict("The move log of this table is not complete: it cannot be replayed.")


def replay_move(engine: Engine, state: dict, seq: int, seat: int, move: dict) -> dict:
    """One logged move applied again, or Conflict if it is no longer legal."""
    try:
        return engine.apply(state, seat, move)
    except IllegalMove:
        # The rules changed under the same version number: better no
        # replay than a wrong one.
        raise Conflict(
            f"Move {seq} of this game is not legal under the rules the site "
            "runs now: it cannot be replayed."
        ) from None


@dataclass
class Rebuilt:
    state: dict
    # The move rows read on the way, the last one that of `seq` (none for
    # the deal, step 0).
    moves: list[Move]


def state_at(table: Table, engine: Engine, num_players: int, seq: int) -> Rebuilt:
    """The state after move `seq` (0: the deal). Two queries whatever `seq`,
    and a third to store the snapshots it passed for the first time."""
    check_version(table, engine)
    found = (
        Snapshot.objects.filter(table=table, engine_version=engine.version, seq__lte=seq)
        .order_by("-seq")
        .values_list("seq", "state")
        .first()
    )
    start, state = found if found else (0, None)
    # The snapshot's own row comes too: a step needs its moves' log lines.
    moves = list(
        Move.objects.filter(table=table, seq__gte=max(start, 1), seq__lte=seq).order_by("seq")
    )
    check_complete([mv.seq for mv in moves], max(start, 1), seq)
    if state is None:
        state = engine.setup(num_players, table.options, table.seed)
    new: dict[int, dict] = {}
    for mv in moves:
        if mv.seq <= start:
            continue
        state = replay_move(engine, state, mv.seq, mv.seat, mv.move)
        if mv.seq % SNAPSHOT_EVERY == 0:
            new[mv.seq] = state
    if new:
        services.snapshots_save(table=table, engine_version=engine.version, states=new)
    return Rebuilt(state=state, moves=[mv for mv in moves if mv.seq >= 1])
