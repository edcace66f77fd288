"""Seasons' fixed data: elements, seasons, the transmutation chart, the 20
season dice, the bonus penalties and the Apprentice sets.

Source: shared/data/seasons_dice.md (faces and chart) and rules SEA-1.2 to
SEA-1.6, SEA-3.3, SEA-8.3.
"""

from __future__ import annotations

from typing import NamedTuple

# Energy is counted as four ints in this order everywhere (reserve, costs,
# tokens lying on a card).
AIR, WATER, FIRE, EARTH = range(4)
ELEMENTS = ("air", "water", "fire", "earth")
ELEMENT_OF = {name: i for i, name in enumerate(ELEMENTS)}

WINTER, SPRING, SUMMER, AUTUMN = range(4)
SEASONS = ("winter", "spring", "summer", "autumn")

# SEA-1.3: crystals per token, by season then element (air, water, fire, earth).
CHART = (
    (1, 1, 2, 3),
    (2, 1, 3, 1),
    (3, 2, 1, 1),
    (1, 3, 1, 2),
)

RESERVE_LIMIT = 7  # SEA-1.6
GAUGE_MAX = 15  # SEA-OP2
MAX_BONUSES = 3  # SEA-8.1
BONUS_PENALTY = (0, 5, 12, 20)  # SEA-8.3, SEA-E6
HAND_PENALTY = 5  # SEA-10.1
YEARS = 3
ORB_ENERGY = 4  # the Crystal Orb summons the card seen for 4 energy (data #34)
MONTHS = 12

# SEA-3.3, SEA-OP6.
READY_SETS = (
    (1, 2, 7, 17, 18, 20, 26, 29, 30),
    (3, 5, 9, 14, 15, 21, 23, 25, 28),
    (4, 6, 7, 9, 12, 16, 22, 24, 30),
    (1, 2, 3, 11, 13, 15, 18, 25, 27),
)


def season_of(month: int) -> int:
    """SEA-1.2: months 1-3 are winter, 4-6 spring, 7-9 summer, 10-12 autumn."""
    return (month - 1) // 3


class Face(NamedTuple):
    energy: tuple[int, ...]  # element per token gained
    star: bool
    card: bool
    transmute: bool
    crystals: int
    dots: int


_LETTERS = {"a": AIR, "w": WATER, "f": FIRE, "e": EARTH}


def _face(code: str) -> Face:
    energy, flags, crystals, dots = code.split("/")
    return Face(
        energy=tuple(_LETTERS[c] for c in energy if c != "-"),
        star="s" in flags,
        card="c" in flags,
        transmute="t" in flags,
        crystals=int(crystals),
        dots=int(dots),
    )


# The faces of the five dice of each season: energy letters (air, water,
# fire, earth) / s(tar) c(ard) t(ransmute) / crystals / dots.
_FACES = (
    # Winter
    (
        ("f/st/0/3", "ww/s/0/2", "ww/-/3/1", "aa/s/0/3", "-/c/0/2", "wa/t/0/1"),
        ("ww/s/0/3", "ww/-/1/2", "ff/s/0/1", "-/c/0/3", "wa/t/0/2", "a/st/0/1"),
        ("ww/s/0/1", "a/st/0/2", "wa/t/0/3", "-/c/0/1", "f/s/0/2", "ww/-/3/3"),
        ("wa/t/0/1", "ww/-/2/2", "a/st/0/3", "ww/s/0/1", "-/-/6/2", "f/s/0/3"),
        ("aa/t/0/2", "-/-/6/3", "f/s/0/1", "a/st/0/1", "ww/s/0/3", "ww/-/1/2"),
    ),
    # Spring
    (
        ("-/c/0/2", "ww/s/0/3", "ee/-/3/1", "ee/s/0/2", "a/st/0/3", "ew/t/0/1"),
        ("w/st/0/1", "ew/t/0/2", "-/c/0/3", "aa/s/0/1", "ee/-/1/2", "ee/s/0/3"),
        ("ee/s/0/1", "w/st/0/2", "ew/t/0/3", "-/c/0/1", "a/s/0/2", "ee/-/3/3"),
        ("ew/t/0/1", "ee/-/2/2", "w/st/0/3", "ee/s/0/1", "-/-/6/2", "a/s/0/3"),
        ("w/st/0/1", "ww/t/0/2", "-/-/6/3", "a/s/0/1", "ee/-/1/2", "ee/s/0/3"),
    ),
    # Summer
    (
        ("-/c/0/2", "ee/s/0/3", "ff/-/3/1", "ff/s/0/2", "w/st/0/3", "fe/t/0/1"),
        ("fe/t/0/2", "-/c/0/3", "ww/s/0/1", "ff/-/1/2", "ff/s/0/3", "e/st/0/1"),
        ("e/st/0/2", "fe/t/0/3", "-/c/0/1", "w/s/0/2", "ff/-/3/3", "ff/s/0/1"),
        ("ff/-/2/2", "e/st/0/3", "ff/s/0/1", "-/-/6/2", "w/s/0/3", "fe/t/0/1"),
        ("ff/s/0/3", "e/st/0/1", "ee/t/0/2", "-/-/6/3", "w/s/0/1", "ff/-/1/2"),
    ),
    # Autumn
    (
        ("fa/t/0/1", "-/c/0/2", "ff/s/0/3", "aa/-/3/1", "aa/s/0/2", "e/st/0/3"),
        ("f/st/0/1", "fa/t/0/2", "-/c/0/3", "ee/s/0/1", "aa/-/1/2", "aa/s/0/3"),
        ("aa/s/0/1", "f/st/0/2", "fa/t/0/3", "-/c/0/1", "e/s/0/2", "aa/-/3/3"),
        ("fa/t/0/1", "aa/-/2/2", "f/st/0/3", "aa/s/0/1", "-/-/6/2", "e/s/0/3"),
        ("ff/t/0/2", "-/-/6/3", "e/s/0/1", "aa/-/1/2", "aa/s/0/3", "f/st/0/1"),
    ),
)

# FACES[season][die][face], die and face counted from 0.
FACES: tuple[tuple[tuple[Face, ...], ...], ...] = tuple(
    tuple(tuple(_face(code) for code in die) for die in dice) for dice in _FACES
)
DICE_PER_SEASON = 5
