"""Drawing Coup's cards on the table page."""

from django import template

register = template.Library()

GLYPHS = {
    "duke": "♛",
    "assassin": "†",
    "captain": "⚓",
    "ambassador": "✉",
    "contessa": "♕",
}


@register.filter
def glyph(card: str) -> str:
    return GLYPHS.get(card, "?")
