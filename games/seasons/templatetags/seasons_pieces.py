"""The Seasons board's pieces as controls: whether a piece is one (the board
names its pieces as `rules.pieces` names the moves' targets, with the shared
`at` filter), and the line that says where a choice made of several clicks
stands (tokens chosen, still needed).

Built only from the `TableView` (the viewer's own view and legal moves).
"""

from __future__ import annotations

from typing import Any

from django import template

from games.seasons.rules import text
from games.seasons.rules.data import ELEMENTS

register = template.Library()


@register.filter
def acts(tv, target: str) -> bool:
    """Whether a legal move of the viewer acts on this piece (it is a control)."""
    return tv is not None and str(target) in tv.moves_by_target


def _kinds(tv) -> set[str]:
    return {t.split(":", 1)[0] for t in tv.moves_by_target}


def _names(elements: list[int]) -> list[str]:
    return [ELEMENTS[e] for e in elements]


@register.simple_tag
def seasons_step(tv) -> dict[str, Any] | None:
    """What the board draws for the viewer's choice in progress: the line,
    the tokens chosen so far, the energy to take, the marker's and the
    mirror's numbers. None when the viewer has no choice of that kind."""
    v = tv.view
    if not tv.moves or v is None:
        return None
    me = next((p for p in v["players"] if p["seat"] == tv.my_seat), None)
    choice = v["choice"] or {}
    kinds = _kinds(tv)
    chosen = _names(choice.get("chosen") or choice.get("used") or [])
    step = {
        "line": text.choice_line(choice, me),
        "chosen": chosen,
        "supply": list(ELEMENTS) if "supply" in kinds else [],
        "marker": [d for d in (-3, -2, -1, 1, 2, 3) if f"marker:{d}" in tv.moves_by_target],
        "counts": sorted(
            int(t.split(":")[1]) for t in tv.moves_by_target if t.startswith("count:")
        ),
        "buttons": [t for t in ("choice:discard", "choice:done") if t in tv.moves_by_target],
    }
    if not any(step.values()):
        return None
    return step
