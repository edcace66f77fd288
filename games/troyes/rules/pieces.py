"""Where each legal move sits on the board (`MoveInfo`): the piece it acts
on, the group it is listed under, and whether it is forced.

Pieces are named as the board draws them: `space:<colour>:<row>:<space>` a
space of a building, `building:<colour>` a building, `die:<id>` a die of the
square (any district), `black:<index>` a black die, `card:<id>` an activity
card, `event:<id>` an event card, `cathedral`, `agriculture`, `supply` the
acting seat's citizens in supply, and for influence spent on the seat's own
dice `reroll:<id>`, `turn:<id>` and `recruit` (the influence track). The
turn's own buttons, drawn beside the dice they conclude, are pieces too:
`control:fight`, `control:concede`, `control:confirm`, `control:cancel`,
`control:pass` and `control:uses:<count>`, so the list of moves holds them
folded instead of a second time in sight.
"""

from __future__ import annotations

from games.engine import Move, MoveInfo, State
from games.troyes.rules import cards as C
from games.troyes.rules import choices as M
from games.troyes.rules import table as T

GROUPS = {
    "place": "Place a starting citizen",
    "select_black": "Black dice to fight",
    "select_own": "Your dice against the black dice",
    "fight": "Fight",
    "concede": "Fight",
    "reroll": "Spend influence",
    "recruit": "Spend influence",
    "turn": "Spend influence",
    "choose": "Choose an action",
    "marker": "Use a marker (one per action)",
    "supervisor": "Your supervisor",
    "add_die": "Add dice",
    "remove_die": "Take back",
    "uses": "How many uses",
    "confirm": "Done",
    "cancel": "Done",
    "pass": "Done",
}


CONTROLS = ("fight", "concede", "confirm", "cancel", "pass")


# The pieces' names, made here for the moves' targets and for the view alike,
# so that a piece the board draws is the one a move names.


def space_piece(building: str, row: int, space: int) -> str:
    return f"space:{building}:{row}:{space}"


def die_piece(die: int | str) -> str:
    return f"die:{die}"


def influence_piece(verb: str, die: int) -> str:
    """Influence spent on a die: `reroll:<id>` or `turn:<id>` (TRO-10.5)."""
    return f"{verb}:{die}"


def black_piece(index: int) -> str:
    return f"black:{index}"


def card_piece(card: str) -> str:
    return f"card:{card}"


def event_piece(event: str) -> str:
    return f"event:{event}"


def building_piece(colour: str) -> str:
    return f"building:{colour}"


def _target(move: Move) -> str | None:
    action = move["action"]
    if action == "place":
        return space_piece(move["building"], move["row"], move["space"])
    if action in ("select_own", "add_die", "remove_die"):
        return die_piece(move["die"])
    if action in ("reroll", "turn"):
        return influence_piece(action, move["die"])
    if action == "recruit":
        return "recruit"
    if action == "select_black":
        return black_piece(move["index"])
    if action == "marker":
        return card_piece(move["card"])
    if action == "supervisor":
        source = move["source"]
        if source == "hire":
            return "supply"
        return building_piece(source) if source in C.COLOURS else card_piece(source)
    if action == "choose":
        kind = move["kind"]
        if kind == "card":
            return card_piece(move["card"])
        if kind == "event":
            return event_piece(move["event"])
        if kind == "citizen":
            return building_piece(move["building"])
        return kind  # the Cathedral, Agriculture
    if action == "uses":
        return f"control:uses:{move['count']}"
    if action in CONTROLS:
        return f"control:{action}"
    return None


def _forced(state: State, seat: int, move: Move) -> bool:
    """The seat's only legal move, which hides nothing (all of Troyes' moves
    are public): the one use a trade card allows, the last empty space of the
    starting placement, giving up with no die to fight with (TRO-OP10)."""
    action = move["action"]
    if action == "uses":
        return state["uses"]["max"] == 1
    if action == "place":
        empty = sum(row.count(None) for colour in C.COLOURS for row in state["buildings"][colour])
        return empty == 1
    if action == "concede":
        return not T.own_dice(state, seat) and len(M.legal_moves(state, seat)) == 1
    return False


# Pieces every board draws under the same name; influence spent on a die
# (`reroll:<id>`, `turn:<id>`) acts on that die. A seat's own citizens in
# supply, its influence track and its turn's buttons are drawn on its side
# only.
SHARED = ("space", "building", "die", "black", "card", "event", "cathedral", "agriculture")


def public_piece(target: str, seat: int) -> str | None:
    kind, _, rest = target.partition(":")
    if kind in ("reroll", "turn") and rest:
        return die_piece(rest)
    return target if kind in SHARED else None


def move_info(state: State, seat: int, move: Move) -> MoveInfo:
    return MoveInfo(
        target=_target(move),
        group=GROUPS.get(move["action"], ""),
        forced=_forced(state, seat, move),
    )
