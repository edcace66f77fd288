"""Drawing a Seasons table: the board's pieces and the move picker's groups.

Built only from the `TableView` the page receives (the engine's view for the
viewer, the seats' names, the legal moves and their labels), never from a
raw state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django import template
from django.conf import settings
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from games.seasons.rules import text
from games.seasons.rules.data import ELEMENTS
from games.seasons.rules.text import SYMBOLS
from games.words import count_of

register = template.Library()

GLYPHS = {"air": "≋", "water": "◆", "fire": "▲", "earth": "●"}


def _tokens(counts: dict[str, int]) -> list[str]:
    return [e for e in ELEMENTS for _ in range(counts.get(e, 0))]


def energy_text(counts: dict[str, int]) -> str:
    parts = [f"{counts[e]} {e}" for e in ELEMENTS if counts.get(e)]
    return ", ".join(parts) if parts else "no energy"


@dataclass
class CardFace:
    """One card as drawn: cost symbols, points, kind, short and full text."""

    card: dict[str, Any]
    tapped: bool = False
    tokens: list[str] = field(default_factory=list)
    note: str = ""

    @property
    def cost_tokens(self) -> list[str]:
        cost = self.card["cost"]
        if cost is None:
            return []
        return [e for e, n in zip(ELEMENTS, cost["energy"], strict=True) for _ in range(n)]

    @property
    def cost_crystals(self) -> int:
        cost = self.card["cost"]
        return cost["crystals"] if cost else 0

    @property
    def cost_text(self) -> str:
        cost = self.card["cost"]
        if cost is None:
            return "no usual cost"
        parts = [f"{n} {e}" for e, n in zip(ELEMENTS, cost["energy"], strict=True) if n]
        if cost["crystals"]:
            parts.append(count_of(cost["crystals"], "crystal"))
        return ", ".join(parts) or "free"

    @property
    def label(self) -> str:
        c = self.card
        words = [
            f"{c['name']}, card {c['number']}, "
            f"{'magic item' if c['kind'] == 'item' else 'familiar'}",
            f"cost {self.cost_text}",
            f"{c['points']} prestige points",
        ]
        if self.tapped:
            words.append("activated this round")
        if self.tokens:
            counts = {e: self.tokens.count(e) for e in ELEMENTS}
            words.append(f"holding {energy_text(counts)}")
        return "; ".join(words)


@dataclass
class Die:
    index: int
    season: str
    energy: list[str]
    star: bool
    card: bool
    transmute: bool
    crystals: int
    dots: int
    taken_by: str
    mine: bool
    # The die as a piece, named by the view.
    piece: str = ""

    @property
    def dots_text(self) -> str:
        return "•" * self.dots

    @property
    def gives(self) -> str:
        """What the die gives the player who takes it, in words."""
        parts = [f"{self.energy.count(e)} {e}" for e in ELEMENTS if e in self.energy]
        if self.crystals:
            parts.append(count_of(self.crystals, "crystal"))
        parts += [SYMBOLS[w] for w, on in (("star", self.star), ("card", self.card)) if on]
        if self.transmute:
            parts.append(SYMBOLS["transmute"])
        return ", ".join(parts) or "nothing"

    @property
    def dots_meaning(self) -> str:
        months = count_of(self.dots, "month")
        return f"{count_of(self.dots, 'dot')}: left over, it moves the season marker {months}"

    @property
    def label(self) -> str:
        text = f"{self.season.capitalize()} die: {self.gives}; {self.dots_meaning}"
        return text + (f"; taken by {self.taken_by}" if self.taken_by else "; not taken")


# What each drawn symbol means, for the dice's tooltips and their legend.
SYMBOL_TIPS = {
    "star": f"Star: {SYMBOLS['star']}",
    "card": f"Card: {SYMBOLS['card']}",
    "transmute": f"Framed: {SYMBOLS['transmute']} this turn",
    "dots": "Dots: if this die is the one left over, the season marker moves that many months",
}


@dataclass
class Panel:
    seat: int
    name: str
    is_me: bool
    is_first: bool
    acting: bool
    crystals: int
    gauge: int
    in_play: int
    tokens: list[str]
    energy_label: str
    limit: int
    bonuses: int
    hand_count: int
    year_counts: list[int]
    picked_count: int
    ready: bool
    cards: list[CardFace]
    # Once the game is over: the cards this player was left holding.
    hand_shown: list[CardFace] | None = None
    # The pieces the view names: the player, and their tokens by element.
    piece: str = ""
    reserve_pieces: dict[str, str] = field(default_factory=dict)

    @property
    def token_groups(self) -> list[dict[str, Any]]:
        """The reserve by element, one piece each (tokens on an Amulet of
        Water may be spent too: an element may have moves and none held)."""
        return [
            {"element": e, "count": n, "tokens": range(n), "piece": self.reserve_pieces.get(e, "")}
            for e in ELEMENTS
            for n in [self.tokens.count(e)]
        ]

    @property
    def bonus_slots(self) -> list[bool]:
        return [i < self.bonuses for i in range(text.BONUS_LIMIT)]


@dataclass
class Board:
    view: dict[str, Any]
    players: list[Panel]
    me: Panel | None
    months: list[dict[str, Any]]
    years: list[dict[str, Any]]
    chart: list[dict[str, Any]]
    dice: list[Die]
    hand: list[CardFace]
    year_sets: list[dict[str, Any]]
    packet: list[CardFace]
    picked: list[CardFace]
    choice: list[CardFace]
    phase_text: str
    final: list[dict[str, Any]] | None
    # The four bonuses as drawn on their tiles (SEA-8.2).
    bonus_limit: int = text.BONUS_LIMIT
    hand_penalty: str = text.HAND_PENALTY_TEXT
    draft_cards: int = text.DRAFT_CARDS

    @property
    def bonus_tiles(self) -> list[dict[str, Any]]:
        """The bonus tiles of the viewer's turn: each one's piece (from the
        view) and the words on it (SEA-8.2)."""
        turn = self.view.get("turn") or {}
        words = dict(text.BONUS_TILES)
        return [dict(tile, word=words[tile["bonus"]]) for tile in turn.get("bonus_pieces", [])]


def faces(cards: list[dict[str, Any]] | None) -> list[CardFace]:
    return [CardFace(c) for c in cards or []]


@register.simple_tag
def seasons_board(tv) -> Board:
    v = tv.view
    names = tv.names
    to_act = set(v["to_act"])
    panels = []
    for p in v["players"]:
        seat = p["seat"]
        panels.append(
            Panel(
                seat=seat,
                name=names.get(seat, f"seat {seat + 1}"),
                is_me=seat == tv.my_seat,
                is_first=seat == v["first"],
                acting=seat in to_act,
                crystals=p["crystals"],
                gauge=p["gauge"],
                in_play=len(p["play"]),
                tokens=_tokens(p["energy"]),
                energy_label=(
                    f"Reserve: {energy_text(p['energy'])} ({p['reserve']} of {p['limit']})"
                ),
                limit=p["limit"],
                bonuses=p["bonuses"],
                hand_count=p["hand_count"],
                year_counts=p["year_counts"],
                picked_count=p["picked_count"],
                ready=p["ready"],
                cards=[
                    CardFace(c, tapped=c["tapped"], tokens=_tokens(c["tokens"])) for c in p["play"]
                ],
                hand_shown=None if p["hand_shown"] is None else faces(p["hand_shown"]),
                piece=p["piece"],
                reserve_pieces=p["reserve_pieces"],
            )
        )
    assign = v["assign"] or {}
    picked = []
    for c in v["picked"] or []:
        year = assign.get(str(c["id"]))
        picked.append(CardFace(c, note=f"year {year}" if year else ""))
    return Board(
        view=v,
        players=panels,
        me=next((p for p in panels if p.is_me), None),
        months=[
            {
                "month": m,
                "season": season,
                "current": m == v["month"],
            }
            for m, season in enumerate(text.MONTH_SEASONS, start=1)
        ],
        years=[
            {"year": y, "current": y == v["year"], "past": y < v["year"]} for y in text.YEAR_NUMBERS
        ],
        chart=[{"element": e, "rate": v["chart"][e], "glyph": GLYPHS[e]} for e in ELEMENTS],
        dice=[
            Die(
                index=d["index"],
                season=v["dice_season"],
                energy=d["energy"],
                star=d["star"],
                card=d["card"],
                transmute=d["transmute"],
                crystals=d["crystals"],
                dots=d["dots"],
                taken_by=names.get(d["by"], "") if d["by"] is not None else "",
                mine=d["by"] is not None and d["by"] == tv.my_seat,
                piece=d["piece"],
            )
            for d in v["dice"]
        ]
        if v["phase"] == "duel"
        else [],
        hand=faces(v["hand"]),
        # The sets still to come are the last years' (SEA-9.3): in year 2,
        # or back in year 1 by the Temporal Boots, the one left is year 3's.
        year_sets=[
            {"year": text.YEAR_NUMBERS[-1] + 1 - len(v["years"]) + i, "cards": faces(cards)}
            for i, cards in enumerate(v["years"] or [])
        ],
        packet=faces(v["packet"]),
        picked=picked,
        choice=faces((v["choice"] or {}).get("cards")),
        phase_text=text.PHASES[v["phase"]]
        if v["phase"] != "duel"
        else text.duel_text(v["round"], v["year"], v["season"], v["month"]),
        final=_final(v, names),
    )


def _final(v: dict[str, Any], names: dict[int, str]) -> list[dict[str, Any]] | None:
    if not v["final"]:
        return None
    return [
        {**row, "name": names.get(row["seat"], f"seat {row['seat'] + 1}")} for row in v["final"]
    ]


# A card's printed part by (number, cost): a page draws some twenty cards, and
# this part is most of what each costs to draw.
_PRINTS: dict[tuple, SafeString] = {}


@register.simple_tag
def card_print(face: CardFace) -> SafeString:
    """The printed part of a card (name, number, points, cost, short text,
    kind), drawn once per process for each card and cost (a card's cost
    depends on the number of players) and kept; drawn afresh in DEBUG, where
    templates change under a running server."""
    cost = face.card["cost"]
    key = (face.card["number"], None if cost is None else (*cost["energy"], cost["crystals"]))
    printed = None if settings.DEBUG else _PRINTS.get(key)
    if printed is None:
        printed = _PRINTS[key] = mark_safe(
            render_to_string("seasons/_card_print.html", {"face": face})
        )
    return printed


@register.simple_tag
def symbol_tip(symbol: str) -> str:
    return SYMBOL_TIPS[symbol]


@register.filter
def glyph(element: str) -> str:
    return GLYPHS.get(element, "")


@register.filter
def signed(points: int) -> str:
    return f"+{points}" if points > 0 else f"{points}".replace("-", "\N{MINUS SIGN}")
