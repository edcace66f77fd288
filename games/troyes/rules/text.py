"""Words for dice, points, cards and the buildings' rows, read as English."""

from __future__ import annotations

from typing import Any

from games.troyes.rules import cards as C
from games.words import count_of, join_words


def _columns_giving(influence: int) -> str:
    """The Cathedral's columns whose markers give that influence, as a range."""
    columns = [c for c, ip in enumerate(C.CATHEDRAL_INFLUENCE, start=1) if ip == influence]
    return f"{columns[0]}–{columns[-1]}" if len(columns) > 1 else str(columns[0])


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


# -- the board's words: the rules said beside the pieces they concern ----------

# TRO-9.5, TRO-OP8.
FIGHT_RULE = "red dice count double, equal beats"
# TRO-12.3 to TRO-12.5.
CATHEDRAL_HELP = (
    f"columns 1–{C.CATHEDRAL_COLUMNS} (die value); {_columns_giving(1)} give 1 influence,"
    f" {_columns_giving(2)} give 2"
)
# TRO-15.1, TRO-15.2.
AGRICULTURE_HELP = f"1–3 yellow dice: deniers for their total ÷ {C.AGRICULTURE_DIVISOR}."
# TRO-OP26.
CATHEDRAL_MISSING_TIP = (
    f"−{C.CATHEDRAL_MISSING_LEVEL} for each Cathedral level without a marker of yours"
)
# TRO-1.5.
INFLUENCE_TIP = f"Influence (at most {C.MAX_INFLUENCE})"
# TRO-7 to TRO-10 and TRO-16, in one paragraph for the board's help.
ROUND_HELP = (
    f"Income {deniers(C.INCOME)}, wages ({C.WAGES[C.WHITE]} per Monastery citizen,"
    f" {C.WAGES[C.RED]} per Palace citizen). One die per citizen. Events take effect and roll"
    " black dice: the start player, then the others, beat the highest (red dice count double,"
    f" equal beats; +1 influence each; −{points(C.PENALTY)} when beaten). Then in turn: one"
    " action with 1–3 dice of one colour (others' dice cost"
    f" {deniers(C.DIE_PRICE)} each per die in the action) or pass"
    f" (+{deniers(C.PASS_DENIERS)}). Influence: reroll {C.REROLL_COST}, new citizen"
    f" {C.RECRUIT_COST}, turn over up to 3 dice {C.TURN_COST}."
)
