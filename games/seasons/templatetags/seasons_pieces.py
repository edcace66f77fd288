"""The Seasons board's pieces as controls: whether a piece is one (the board
names its pieces as the view carries them, made by `rules.pieces` as the
moves' targets are), and the line that says where a choice made of several clicks
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
def years_open(tv, card: dict[str, Any]) -> list[dict[str, Any]]:
    """The years a picked card may be put in now, each with its piece (from
    the view); none once the sets are made, so no empty row is drawn."""
    if tv is None:
        return []
    return [
        {"year": year, "piece": piece}
        for year, piece in enumerate(card.get("year_pieces", []), start=1)
        if piece in tv.moves_by_target
    ]


@register.filter
def acts(tv, target: str) -> bool:
    """Whether a legal move of the viewer acts on this piece (it is a control)."""
    return tv is not None and str(target) in tv.moves_by_target


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
    chosen = _names(choice.get("chosen") or choice.get("used") or [])
    step = {
        "line": text.choice_line(choice, me),
        "chosen": chosen,
        # Each a piece the view names; drawn when a move acts on it.
        "supply": [
            {"element": element, "piece": piece}
            for element, piece in (choice.get("supply_pieces") or {}).items()
            if piece in tv.moves_by_target
        ],
        # The Elemental Amulet's effects, each said by its move.
        "effects": [
            dict(e, label=tv.moves_by_target[e["piece"]][0]["label"])
            for e in choice.get("effects", [])
            if e["piece"] in tv.moves_by_target
        ],
        "marker": [m for m in choice.get("markers", []) if m["piece"] in tv.moves_by_target],
        "counts": [c for c in choice.get("counts", []) if c["piece"] in tv.moves_by_target],
        # Done, or discarding the card just drawn: the move's own words.
        "buttons": [
            {"piece": piece, "label": tv.moves_by_target[piece][0]["label"]}
            for piece in choice.get("buttons", [])
            if piece in tv.moves_by_target
        ],
        # Paying for a card: its ways to pay, in words, where the line asks.
        "ways": [
            move
            for card in (choice.get("cards") or [])[:1]
            if choice.get("kind") == "pay"
            for move in tv.moves_by_target.get(card["piece"], [])
        ],
    }
    if not any(step.values()):
        return None
    return step
