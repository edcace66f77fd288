"""Drawing Coup's cards and grouping its moves on the table page.

The move picker has one row per kind of decision, each with a reminder of
what it costs and claims (the action table of COUP-5.3, with Convert and
Embezzle of COUP-10.4 and COUP-10.5).
"""

from django import template

register = template.Library()

GLYPHS = {
    "duke": "♛",
    "assassin": "†",
    "captain": "⚓",
    "ambassador": "✉",
    "contessa": "♕",
}

# Rows of the move picker, in the order a player reads them: the row's
# title, and a reminder of its cost or claim.
ROWS = {
    "income": ("Take coins", "a Duke may block Foreign Aid"),
    "foreign_aid": ("Take coins", "a Duke may block Foreign Aid"),
    "tax": ("Take coins", "a Duke may block Foreign Aid"),
    "exchange": ("Cards", "claims the Ambassador"),
    "steal": ("Steal from", "claims the Captain"),
    "assassinate": ("Assassinate", "claims the Assassin · 3 coins"),
    "coup": ("Coup against", "7 coins · cannot be blocked"),
    "convert": ("Convert", "coins go to the almshouse"),
    "embezzle": ("Almshouse", "claims you hold no Duke"),
    "challenge": ("Answer", ""),
    "block": ("Answer", ""),
    "pass": ("Answer", ""),
    "reveal": ("Answer the challenge", "show the card you claimed, or lose one"),
    "lose": ("Lose a card", "it is turned face up"),
    "return": ("Return to the deck", "one card at a time"),
}
_ORDER = {action: index for index, action in enumerate(ROWS)}

# Within a row named after the action, a button needs only what differs.
PREFIXES = ("Steal from ", "Coup against ", "Assassinate ", "Convert ")


@register.filter
def glyph(card: str) -> str:
    return GLYPHS.get(card, "?")


@register.filter
def move_rows(moves: list[dict]) -> list[dict]:
    """Legal moves grouped into labelled rows ("Steal from: Ana, Ben")."""
    rows: dict[str, dict] = {}
    # Within a row the engine's order, except that the winning answer to a
    # challenge ("Show your Captain: ...") comes first.
    for m in sorted(
        moves,
        key=lambda m: (_ORDER.get(m["move"].get("action"), 99), not m["label"].startswith("Show ")),
    ):
        title, hint = ROWS.get(m["move"].get("action"), ("Moves", ""))
        row = rows.setdefault(title, {"title": title, "hint": hint, "moves": []})
        row["moves"].append(m)
    return list(rows.values())


@register.filter
def short_label(m: dict) -> str:
    """Inside a "Steal from" row, the button only needs the target's name."""
    label = m["label"]
    for prefix in PREFIXES:
        if label.startswith(prefix):
            rest = label[len(prefix) :]
            # Player names keep their own case; only "yourself" is ours.
            return "Y" + rest[1:] if rest.startswith("yourself") else rest
    return label


@register.filter
def forced_coup(moves: list[dict]) -> bool:
    """COUP-4.3: with 10 coins or more a Coup is the only move offered."""
    return bool(moves) and all(m["move"].get("action") == "coup" for m in moves)
