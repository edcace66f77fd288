"""The pieces of the Troyes board a move's target names (`records` names
them), and which of them every board draws.

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


CATHEDRAL = "cathedral"
AGRICULTURE = "agriculture"
SUPPLY = "supply"
RECRUIT = "recruit"

# The same, as the view carries them to the board (`view["pieces"]`), so
# that no template spells a piece's name.
FIXED = {"cathedral": CATHEDRAL, "agriculture": AGRICULTURE, "supply": SUPPLY, "recruit": RECRUIT}


def control_piece(name: str) -> str:
    """A button of the turn drawn beside the dice it concludes: `control:fight`."""
    return f"control:{name}"


def is_control(target: str | None) -> bool:
    return (target or "").startswith("control:")


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
