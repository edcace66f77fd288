"""Drawing Coup's cards and grouping its moves on the table page."""

from django import template

register = template.Library()

GLYPHS = {
    "duke": "♛",
    "assassin": "†",
    "captain": "⚓",
    "ambassador": "✉",
    "contessa": "♕",
}

# Rows of the move picker, in the order a player reads them.
GROUPS = [
    ("income", "Take coins"),
    ("foreign_aid", "Take coins"),
    ("tax", "Take coins"),
    ("exchange", "Cards"),
    ("steal", "Steal from"),
    ("assassinate", "Assassinate"),
    ("coup", "Coup against"),
    ("convert", "Convert"),
    ("embezzle", "Almshouse"),
    ("challenge", "Answer"),
    ("block", "Answer"),
    ("pass", "Answer"),
    ("reveal", "Reveal"),
    ("lose", "Lose a card"),
    ("return", "Return to the deck"),
]
_ORDER = {action: index for index, (action, _) in enumerate(GROUPS)}
_TITLES = dict(GROUPS)


@register.filter
def glyph(card: str) -> str:
    return GLYPHS.get(card, "?")


@register.filter
def move_rows(moves: list[dict]) -> list[tuple[str, list[dict]]]:
    """Legal moves grouped into labelled rows ("Steal from: Ana, Ben")."""
    rows: dict[str, list[dict]] = {}
    for m in sorted(moves, key=lambda m: _ORDER.get(m["move"].get("action"), 99)):
        title = _TITLES.get(m["move"].get("action"), "Moves")
        rows.setdefault(title, []).append(m)
    return list(rows.items())


@register.filter
def short_label(m: dict) -> str:
    """Inside a "Steal from" row, the button only needs the target's name."""
    label = m["label"]
    for prefix in ("Steal from ", "Coup against ", "Assassinate "):
        if label.startswith(prefix):
            return label[len(prefix) :]
    return label
