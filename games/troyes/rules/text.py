"""Words for dice, points, cards and the buildings' rows, read as English."""

from __future__ import annotations

from typing import Any

from games.troyes.rules import cards as C
from games.words import count_of, join_words


def points(n: int) -> str:
    return count_of(n, "victory point")


def deniers(n: int) -> str:
    return count_of(n, "denier")


def die_text(d: dict[str, Any]) -> str:
    """'a red 4'."""
    return f"a {d['colour']} {d['value']}"


def dice_text(dice: list[Any]) -> str:
    """'a red 4 and a white 2' for dice; '5 and 3' for black values."""
    if dice and isinstance(dice[0], int):
        return join_words([str(v) for v in dice])
    return join_words([die_text(d) for d in dice])


def the_name(card: C.ActivityCard | C.Event) -> str:
    """A card's name in a sentence: 'the Merchant', but 'Hunting', 'Heresy'."""
    return f"{card.article} {card.name}" if card.article else card.name


def row_text(colour: str, row: int) -> str:
    """What a row of a building is for (TRO-14.3): the die values that place
    a citizen there during the game. 'the space for a 4' in the Palace,
    'the row for a 1 or 2' elsewhere."""
    shape = C.BUILDINGS[colour][row]
    faces = [str(f) for f in shape.faces]
    values = faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + " or " + faces[-1]
    return f"the {'space' if shape.spaces == 1 else 'row'} for a {values}"


# What a player placing the starting citizens needs to know of the rows
# (TRO-4.1, TRO-14.3).
PLACEMENT_HELP = (
    "Put each starting citizen on any empty space. A building's rows are marked with die "
    "values: later in the game, a citizen placed with a die goes to the row of its value, on "
    "its first space, and those already in the row move one space along; a full row lays down "
    "its last citizen. The Palace has one space per value, and a newcomer lays down the one there."
)
