"""Words for dice, points, moves and prompts."""

from __future__ import annotations

from typing import Any


def points(n: int) -> str:
    return f"{n} victory point" if abs(n) == 1 else f"{n} victory points"


def die_text(d: dict[str, Any]) -> str:
    return f"a {d['colour']} {d['value']}"


def dice_text(dice: list[Any]) -> str:
    """'red 4, red 2' for dice; '5 and 3' for black values."""
    if dice and isinstance(dice[0], int):
        values = [str(v) for v in dice]
        return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " and " + values[-1]
    return ", ".join(f"{d['colour']} {d['value']}" for d in dice)
