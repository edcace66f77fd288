"""Building Troyes states for rule tests: a game set up, placed and at a
chosen phase, with dice and money arranged by hand."""

from __future__ import annotations

from typing import Any

from games.engine import State
from games.troyes.rules import ENGINE
from games.troyes.rules import table as T


def placed(players: int = 2, seed: int = 1) -> State:
    """A game whose starting citizens are placed by the timeout rule."""
    state = ENGINE.setup(players, {}, seed)
    while state["phase"] == "placement":
        seat = state["current"]
        state = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat))
    return state


def actions(players: int = 2, seed: int = 1) -> State:
    """A game at the start of an action phase (defence played by timeouts)."""
    state = placed(players, seed)
    while state["phase"] == "defence":
        seat = state["current"]
        state = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat))
    return state


def set_dice(state: State, dice: list[tuple[int, str, int]]) -> State:
    """Replace the square: (owner, colour, value) per die, ids from 0."""
    state = T.copy_state(state)
    state["dice"] = [
        {"id": i, "owner": owner, "colour": colour, "value": value}
        for i, (owner, colour, value) in enumerate(dice)
    ]
    return state


def at_actions(state: State, seat: int, dice: list[tuple[int, str, int]]) -> State:
    state = set_dice(state, dice)
    state["phase"] = "actions"
    state["current"] = seat
    state["black"] = []
    state["build"] = None
    state["passed"] = [False] * state["players"]
    return state


def play(state: State, seat: int, *moves: dict[str, Any]) -> State:
    for move in moves:
        state = ENGINE.apply(state, seat, move)
    return state


def texts(state: State) -> list[str]:
    return [ln["text"] for ln in state["log"]]


def citizens_accounted(state: State, seat: int) -> int:
    return (
        state["supply"][seat]
        + T.citizens_on_board(state, seat)
        + len(T.supervisors_of(state, seat))
    )


def reveal_all(state: State) -> State:
    """Round 3 or later: all nine activity cards face up."""
    state = T.copy_state(state)
    state["round"] = max(state["round"], 3)
    return state


def with_card(state: State, colour: str, level: int, card_id: str) -> State:
    state = T.copy_state(state)
    state["activity"][colour][level - 1] = card_id
    return state


def ready(dice: list[tuple[int, str, int]], players: int = 2, seed: int = 1, **cards: str) -> State:
    """Seat 0 to act in round 3 (all activity cards up) with these dice,
    20 deniers, 10 influence and 2 citizens in supply each; `cards` put
    chosen activity cards on the board (colour_level=card id, e.g. red_2="watchman")."""
    state = at_actions(actions(players, seed), 0, dice)
    state["round"] = 3
    for key, card_id in cards.items():
        colour, level = key.split("_")
        state["activity"][colour][int(level) - 1] = card_id
    for seat in range(players):
        state["deniers"][seat] = 20
        state["ip"][seat] = 10
        state["supply"][seat] = 2
        state["owned"][seat] = citizens_accounted(state, seat)
    state["events"] = [{"id": "looting", "marks": []}]
    return state
