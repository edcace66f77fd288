"""Words shared by the games' texts: counts of things, read as English.

Pure Python, like the engines that use it: no Django.
"""

from __future__ import annotations

# Nouns whose plural is not the noun with an "s".
IRREGULAR = {
    "die": "dice",
    "energy": "energies",
    "victory point": "victory points",
    "influence": "influence",
}


def plural_of(noun: str) -> str:
    """The plural of `noun`: 'crystal' → 'crystals', 'die' → 'dice'."""
    if noun in IRREGULAR:
        return IRREGULAR[noun]
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def noun_for(count: int, noun: str, plural: str | None = None) -> str:
    """The noun as it agrees with `count`: 'denier' for 1, 'deniers' for 2."""
    if count == 1 or count == -1:
        return noun
    return plural or plural_of(noun)


def count_of(count: int, noun: str, plural: str | None = None) -> str:
    """'1 crystal', '2 crystals', '0 deniers': a number and its noun, agreed."""
    return f"{count} {noun_for(count, noun, plural)}"


def times(count: int) -> str:
    """'once', 'twice', '3 times'."""
    return {1: "once", 2: "twice"}.get(count) or f"{count} times"


def indefinite(words: str) -> str:
    """'a Monk marker', 'an Apprenticeship marker' (by the first letter: the
    names we use have no silent h nor a 'u' read as 'you')."""
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def join_words(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c': a list read as English."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
