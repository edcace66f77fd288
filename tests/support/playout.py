"""Seeded random playouts over `legal_moves`: how we fuzz every engine.

`play_random` drives one game to its end with moves picked by a seeded
generator, checking the protocol after every move (every listed move is
accepted, input states are never changed, the timeout move is legal, the game
ends) and calling `check(state)` so each game can assert its own invariants.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Mapping
from typing import Any

from games.engine import Engine, Outcome, State


class PlayoutError(AssertionError):
    pass


def play_random(
    engine: Engine,
    num_players: int,
    options: Mapping[str, Any],
    seed: int,
    *,
    check: Callable[[State], None] | None = None,
    max_moves: int = 20_000,
    timeout_share: float = 0.05,
    verify_purity_every: int = 97,
) -> tuple[State, Outcome, int]:
    """Play one game to its end; return the final state, outcome and move count.

    A small share of moves are the engine's own `timeout_move`, so that the
    defaults are exercised too.
    """
    picker = random.Random(seed)
    state = engine.setup(num_players, options, seed)
    if check:
        check(state)
    for count in range(max_moves):
        result = engine.outcome(state)
        if result is not None:
            if engine.to_act(state):
                raise PlayoutError("A finished game still asks seats to act.")
            return state, result, count
        seats = engine.to_act(state)
        if not seats:
            raise PlayoutError(f"Nobody may act but the game is not over (move {count}).")
        seat = picker.choice(seats)
        moves = engine.legal_moves(state, seat)
        if not moves:
            raise PlayoutError(f"Seat {seat} must act but has no legal move.")
        timeout = engine.timeout_move(state, seat)
        if timeout not in moves:
            raise PlayoutError(f"timeout_move {timeout} is not legal for seat {seat}.")
        move = timeout if picker.random() < timeout_share else picker.choice(moves)
        original, snapshot = state, None
        if count % verify_purity_every == 0:
            json.dumps(state)  # states must be JSON-serialisable
            snapshot = copy.deepcopy(state)
        state = engine.apply(original, seat, move)
        if snapshot is not None and original != snapshot:
            raise PlayoutError("apply() changed its input state.")
        if check:
            check(state)
    raise PlayoutError(f"No result after {max_moves} moves.")
