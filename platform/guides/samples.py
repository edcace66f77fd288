"""A small table drawn for the how-to-play pages: a fresh game of the engine,
played by its own timeout moves to the moment a page wants, seen from one
seat, in the shape the board's tags read (`tables.present.TableView`'s
fields they use). The guide's pictures are then drawn by the same templates
and CSS as the board, not image files."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from types import SimpleNamespace
from typing import Any

from games import registry

SEED = 11
NAMES = {0: "Ana", 1: "Ben"}


@dataclass
class SampleView:
    """What a board's tags read of a table view, for a table nobody plays."""

    view: dict[str, Any]
    my_seat: int | None = 0
    names: dict[int, str] = field(default_factory=lambda: dict(NAMES))
    moves: list[dict[str, Any]] = field(default_factory=list)
    moves_by_target: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    marks: dict[str, Any] = field(default_factory=dict)
    seen_by_other: bool = False
    table: Any = field(default_factory=lambda: SimpleNamespace(outcome=None, to_act=[]))

    @property
    def you_seat(self) -> int | None:
        return self.my_seat


@cache
def _state(slug: str, moment: str) -> dict[str, Any]:
    engine = registry.get(slug).engine
    state = engine.setup(len(NAMES), engine.clean_options({}), SEED)
    reached = MOMENTS[moment]
    for _ in range(400):
        if reached(state) or engine.outcome(state) is not None:
            break
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, engine.timeout_move(state, seat))
    return state


def sample_view(slug: str, moment: str) -> SampleView:
    """Seat 0's view of a two-player game of `slug` at `moment`."""
    engine = registry.get(slug).engine
    return SampleView(view=engine.view(_state(slug, moment), 0))


# The moments a guide draws: the first duel of Seasons (its dice out), the
# first actions of Troyes (its dice rolled).
MOMENTS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "seasons-duel": lambda state: state["phase"] == "duel",
    "troyes-actions": lambda state: state["phase"] == "actions",
}
