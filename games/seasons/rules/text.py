"""Seasons' words: card names with or without their article, counts, costs,
die faces and what a decision is about (the labels of the moves are in
`records`).

Everything here reads only public parts of the state and the move it is
given. Plurals go through `games.words.count_of`; a card's name goes through
`card_name`, which alone knows which names take "the".
"""

from __future__ import annotations

from games.seasons.rules.data import (
    ELEMENTS,
    HAND_PENALTY,
    MAX_BONUSES,
    MONTHS,
    ORB_ENERGY,
    SEASONS,
    YEARS,
    Face,
    season_of,
)
from games.seasons.rules.hooks import CARDS
from games.seasons.rules.table import number
from games.words import count_of

# Familiars named as people, and items named for their owner, take no
# article: "Pick Kairn the Destroyer", "Ragfield's Helm"; the others do:
# "Summon the Crystal Orb".
NO_ARTICLE = frozenset({10, 11, 12, 16, 17, 19, 21, 29, 30, 39, 49})

# What each element of the Elemental Amulet gives (data #31), by element.
ELEMENTAL_EFFECTS = ("summoning gauge +1", "2 energy tokens", "draw a card", "5 crystals")


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


# -- the board's words: the rules said beside the pieces they concern ----------

# SEA-1.2: the season of each month, January first.
MONTH_SEASONS = tuple(SEASONS[season_of(month)] for month in range(1, MONTHS + 1))
YEAR_NUMBERS = tuple(range(1, YEARS + 1))
# SEA-8.1: how many bonuses a player may use in the game.
BONUS_LIMIT = MAX_BONUSES
# SEA-10.1: a card left in hand at the end.
HAND_PENALTY_TEXT = f"\N{MINUS SIGN}{HAND_PENALTY} each at the end"
# SEA-4.1: the cards each player drafts.
DRAFT_CARDS = 9
# SEA-8.2: the bonuses as drawn on their tiles.
BONUS_TILES = (
    (1, "Exchange 2 energy"),
    (2, "Transmute +1"),
    (3, "Gauge +1"),
    (4, "Draw 2, keep 1"),
)
# SEA-4, SEA-9: what each phase asks of the players.
PHASES = {
    "draft": "Prelude: every player picks a card from the packet they hold; packets pass left",
    "sets": "Prelude: every player splits their nine cards into the sets for years 1, 2 and 3",
    "duel": "Duel",
    "over": "Game over",
}
# SEA-8.2 bonus 1: give 2 energy, take 2.
EXCHANGE_TAKE = 2


def duel_text(round_: int, year: int, season: str, month: int) -> str:
    """ "Duel · round 3 · year 1 of 3, spring (month 4)"."""
    return f"Duel · round {round_} · year {year} of {YEARS}, {season} (month {month})"


def choice_line(choice: dict, me: dict | None) -> str:
    """Where a choice made of several clicks stands, in one line, from the
    seat's own view of it (`view["choice"]`) and its panel."""
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
            return f"Exchange: give {give} from your reserve, then take {EXCHANGE_TAKE}."
        return f"Exchange: take {count_of(choice['take'], 'token')} of your choice."
    if kind == "orb" and "chosen" in choice:
        chosen = len(choice["chosen"])
        return (
            f"Crystal Orb: {chosen} of {ORB_ENERGY} energy tokens chosen; "
            f"{ORB_ENERGY - chosen} more from your reserve."
        )
    if kind == "elemental" and choice.get("gift"):
        return (
            f"Elemental Amulet, for nothing: {len(choice['used'])} of {len(ELEMENTS)} effects "
            "taken; take another or stop (a card drawn counts against you at the end if it "
            "stays in your hand)."
        )
    if kind == "elemental":
        return (
            f"Elemental Amulet: {len(choice['used'])} of up to {len(ELEMENTS)} energy given; "
            "each different element from your reserve gives its effect."
        )
    if kind == "pay" and me is not None:
        card = choice["cards"][0]
        cost = card["cost"]
        need = [f"{n} {e}" for e, n in zip(ELEMENTS, cost["energy"], strict=True) if n]
        if cost["crystals"]:
            need.append(crystals(cost["crystals"]))
        have = [f"{me['energy'][e]} {e}" for e in ELEMENTS if me["energy"][e]]
        return (
            f"{card['name']} costs {', '.join(need) or 'nothing'}; your reserve holds "
            f"{', '.join(have) or 'no energy'}. Choose how to pay:"
        )
    return ""
