"""Seasons' words: card names with or without their article, counts, costs,
die faces and what a decision is about (the labels of the moves are in
`records`).

Everything here reads only public parts of the state and the move it is
given. Plurals go through `games.words.count_of`; a card's name goes through
`card_name`, which alone knows which names take "the".
"""

from __future__ import annotations

from games.seasons.rules.data import ELEMENTS, Face
from games.seasons.rules.hooks import CARDS
from games.seasons.rules.table import number
from games.words import count_of

# Familiars named as people, and items named for their owner, take no
# article: "Pick Kairn the Destroyer", "Ragfield's Helm"; the others do:
# "Summon the Crystal Orb".
NO_ARTICLE = frozenset({10, 11, 12, 16, 17, 19, 21, 29, 30, 39, 49})


def card_name(num: int, *, article: bool = False) -> str:
    """The name of card number `num`, with "the" in front where English puts
    one when `article` is set."""
    name = CARDS[num].name
    return f"the {name}" if article and num not in NO_ARTICLE else name


def card_list(cards: list[int]) -> str:
    """The names of these cards (ids), in order: 'Amulet of Air, Hand of Fortune'."""
    return ", ".join(card_name(number(c)) for c in cards)


def crystals(n: int) -> str:
    return count_of(n, "crystal")


def energy_text(energy: list[int] | tuple[int, ...]) -> str:
    """'1 air, 2 water'; 'nothing' for none."""
    parts = [f"{n} {ELEMENTS[e]}" for e, n in enumerate(energy) if n]
    return ", ".join(parts) if parts else "nothing"


def cost_text(energy: list[int] | tuple[int, ...], crystal_cost: int = 0) -> str:
    """'2 water, 3 crystals'; 'free' for nothing."""
    parts = [f"{n} {ELEMENTS[e]}" for e, n in enumerate(energy) if n]
    if crystal_cost:
        parts.append(crystals(crystal_cost))
    return ", ".join(parts) if parts else "free"


# What each symbol of a die face does (SEA-6.4 to SEA-6.8, SEA-9.1).
SYMBOLS = {
    "star": "summoning gauge +1",
    "card": "draw a card",
    "transmute": "may transmute",
}


def face_text(face: Face) -> str:
    """'2 water, summoning gauge +1 · 3 dots': what a die face gives, then
    how far it moves the season marker when it is the die left over."""
    parts = [energy_text([face.energy.count(e) for e in range(4)])] if face.energy else []
    if face.crystals:
        parts.append(crystals(face.crystals))
    parts += [
        SYMBOLS[symbol]
        for symbol, on in (("star", face.star), ("card", face.card), ("transmute", face.transmute))
        if on
    ]
    return ", ".join(parts) + f" · {count_of(face.dots, 'dot')}"


def why_text(why: int) -> str:
    """What gives a choice: a card's number, or 0 (the card symbol), -1 (the
    end of the round), -4 (the draw-2 bonus)."""
    if why == 0:
        return "the card symbol"
    if why == -4:
        return "the draw-2 bonus"
    if why == -1:
        return "the end of round"
    return card_name(why, article=True)
