"""The Seasons board's pieces as controls: whether a piece is one (the board
names its pieces as `rules.pieces` names the moves' targets, with the shared
`at` filter), and the line that says where a choice made of several clicks
stands (tokens chosen, still needed).

Built only from the `TableView` (the viewer's own view and legal moves).
"""

from __future__ import annotations

from typing import Any

from django import template

from games.words import count_of

register = template.Library()

ELEMENTS = ("air", "water", "fire", "earth")


@register.filter
def acts(tv, target: str) -> bool:
    """Whether a legal move of the viewer acts on this piece (it is a control)."""
    return tv is not None and str(target) in tv.moves_by_target


def _kinds(tv) -> set[str]:
    return {t.split(":", 1)[0] for t in tv.moves_by_target}


def _names(elements: list[int]) -> list[str]:
    return [ELEMENTS[e] for e in elements]


def _line(v: dict[str, Any], me: dict[str, Any] | None) -> str:
    """Where a choice of several clicks stands, in one line."""
    choice = v["choice"] or {}
    kind = choice.get("kind")
    if kind == "gain":
        return f"Take {count_of(choice['n'], 'energy token')} from {choice['why']}."
    if kind == "overflow" and me is not None:
        over = me["reserve"] - me["limit"]
        return (
            f"Your reserve holds {me['reserve']} of {me['limit']}: "
            f"give back {count_of(over, 'token')} from it."
        )
    if kind == "exchange":
        if choice.get("give"):
            give = count_of(choice["give"], "token")
            return f"Exchange: give {give} from your reserve, then take 2."
        return f"Exchange: take {count_of(choice['take'], 'token')} of your choice."
    if kind == "orb" and "chosen" in choice:
        return (
            f"Crystal Orb: {len(choice['chosen'])} of 4 energy tokens chosen; "
            f"{4 - len(choice['chosen'])} more from your reserve."
        )
    if kind == "elemental":
        return (
            f"Elemental Amulet: {len(choice['used'])} of up to 4 energy given; "
            "each different element from your reserve gives its effect."
        )
    if kind == "pay" and me is not None:
        card = choice["cards"][0]
        cost = card["cost"]
        need = [f"{n} {e}" for e, n in zip(ELEMENTS, cost["energy"], strict=True) if n]
        if cost["crystals"]:
            need.append(count_of(cost["crystals"], "crystal"))
        have = [f"{me['energy'][e]} {e}" for e in ELEMENTS if me["energy"][e]]
        return (
            f"{card['name']} costs {', '.join(need) or 'nothing'}; your reserve holds "
            f"{', '.join(have) or 'no energy'}. Choose on the card how to pay."
        )
    return ""


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
        "line": _line(v, me),
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
