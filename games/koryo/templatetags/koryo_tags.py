"""Drawing a Koryo table: the board's pieces, each a control for the moves
the engine says act on it (`move_info`), and the final score sheet.

Everything here is built from the `TableView` the page receives (the engine's
view for the viewer, the seats' names, the legal moves and their labels),
never from a raw state. The only other input is static: what each family is
called, its number and its power (KOR-1.1, KOR-1.2), for the cards and the
reference table.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from django import template

from games.koryo.rules import text
from games.koryo.rules.text import powers

register = template.Library()

# A card's look: its kind (family number or event slug) -> glyph and CSS class.
GLYPHS: dict[int | str, str] = {
    1: "◉",
    2: "◐",
    3: "⚜",
    4: "☸",
    5: "⚓",
    6: "¤",
    7: "♜",
    8: "✒",
    9: "⚖",
    "barbarians": "⚔",
    "lobbying": "⇄",
}


EVENT_NAMES = {"barbarians": "Barbarians", "lobbying": "Lobbying"}


def kind_class(kind: int | str) -> str:
    """CSS class of a card kind: `fam-6` for the Bankers, `ev-barbarians`..."""
    return f"ev-{kind}" if isinstance(kind, str) else f"fam-{kind}"


def _kind_order(kind: int | str) -> tuple[int, int]:
    # Families by number, then the events.
    return (1, 0 if kind == "barbarians" else 1) if isinstance(kind, str) else (0, kind)


@dataclass
class Stack:
    """Cards of one kind drawn together, as a player sorts them in front of them."""

    kind: int | str
    name: str
    cards: list[dict[str, Any]]
    majority: bool = False
    # In the viewer's hand: the kind they chose to place, before the count.
    chosen: bool = False
    # The piece's name for the moves that act on it, from the view.
    target: str = ""

    @property
    def count(self) -> int:
        return len(self.cards)

    @property
    def css(self) -> str:
        return kind_class(self.kind)

    @property
    def glyph(self) -> str:
        return GLYPHS.get(self.kind, "?")

    @property
    def event(self) -> bool:
        return isinstance(self.kind, str)


def stacks(cards: list[dict[str, Any]], majorities: Collection[int] = ()) -> list[Stack]:
    """Cards grouped by kind, families in number order then the events."""
    groups: dict[int | str, Stack] = {}
    for card in cards:
        kind = card["kind"]
        if kind not in groups:
            # The cards of a stack are one piece, named by the view.
            groups[kind] = Stack(kind, card["name"], [], kind in majorities, target=card["piece"])
        groups[kind].cards.append(card)
    return [groups[kind] for kind in sorted(groups, key=_kind_order)]


@dataclass
class PlayerPanel:
    seat: int
    name: str
    is_me: bool
    is_first: bool
    acting: bool
    tokens: int
    tokens_piece: str
    hand_count: int
    orders_count: int
    tableau_count: int
    limit: int
    score_now: int
    tableau: list[Stack]
    # Only for the viewer's own panel: what they alone may see.
    hand: list[Stack] = field(default_factory=list)
    my_orders: list[Stack] = field(default_factory=list)

    @property
    def over_limit(self) -> bool:
        return self.tableau_count > self.limit


@dataclass
class Board:
    view: dict[str, Any]
    players: list[PlayerPanel]
    me: PlayerPanel | None
    phase_text: str
    pending_text: str
    season_pips: list[dict[str, Any]]
    bank_pips: list[bool]


@register.simple_tag
def koryo_board(tv) -> Board:
    """Everything the board template draws, prepared from the viewer's view."""
    v = tv.view
    names = tv.names
    to_act = set(v["to_act"])
    scored = _scored_families(v)
    panels = []
    for p in v["players"]:
        seat = p["seat"]
        panel = PlayerPanel(
            seat=seat,
            name=names.get(seat, f"seat {seat}"),
            is_me=seat == tv.my_seat,
            is_first=seat == v["first_player"],
            acting=seat in to_act,
            tokens=p["tokens"],
            tokens_piece=p["tokens_piece"],
            hand_count=p["hand_count"],
            orders_count=p["orders_count"],
            tableau_count=len(p["tableau"]),
            limit=p["limit"],
            score_now=p["score_now"],
            tableau=stacks(p["tableau"], scored[seat] if scored else p["majorities"]),
        )
        if panel.is_me:
            panel.hand = stacks(v["hand"] or [])
            for stack in panel.hand:
                stack.chosen = stack.kind == v.get("my_order_kind")
            panel.my_orders = stacks(v["my_orders"] or [])
        panels.append(panel)
    me = next((panel for panel in panels if panel.is_me), None)
    return Board(
        view=v,
        players=panels,
        me=me,
        phase_text=_phase_text(v, me),
        pending_text=_pending_text(v, names, tv.my_seat),
        season_pips=[
            {"round": r, "current": r == v["round"], "past": r < v["round"]}
            for r in range(1, v["rounds"] + 1)
        ],
        bank_pips=[i < v["bank"] for i in range(v["bank_size"])],
    )


def _phase_text(v: dict[str, Any], me: PlayerPanel | None) -> str:
    """The phase in words; to the player placing an order, its next step."""
    chosen = next((stack for stack in (me.hand if me else []) if stack.chosen), None)
    if v["phase"] == "orders" and chosen is not None:
        return text.ORDER_COUNT_STEP.format(family=chosen.name)
    return text.PHASES.get(v["phase"], "")


def _scored_families(v: dict[str, Any]) -> dict[int, list[int]] | None:
    """Once the game is over, the families each player scored: the
    Omniscient no longer breaks ties (KOR-9.2), so these are the majorities
    to mark."""
    sheet = v.get("final_scores")
    if not sheet:
        return None
    return {row["seat"]: [f["family"] for f in row["families"] if f["points"]] for row in sheet}


def _pending_text(v: dict[str, Any], names: dict[int, str], my_seat: int | None) -> str:
    """The event being resolved, in words (KOR-7.8, KOR-7.9), addressed to
    the viewer when it is theirs."""
    pending = v.get("pending")
    if not pending:
        return ""
    mine = pending["seat"] == my_seat
    who = "You" if mine else names.get(pending["seat"], "A player")
    if pending["event"] == "barbarians":
        return f"{who} revealed {text.BARBARIANS_PENDING}"
    first = pending.get("first")
    if first is None:
        return f"{who} revealed {text.LOBBYING_FIRST}"
    owner = "your" if first["seat"] == my_seat else f"{names.get(first['seat'], 'a player')}'s"
    card = first["card"]["name"]
    return f"{who} revealed Lobbying and picked {owner} {card}: {text.LOBBYING_SECOND}"


@register.simple_tag
def koryo_majority_help() -> str:
    return text.MAJORITY_HELP


@register.simple_tag
def koryo_powers() -> list[dict[str, Any]]:
    return [
        {
            "kind": kind,
            "name": name,
            "text": power,
            "points": points,
            "css": kind_class(kind),
            "glyph": GLYPHS[kind],
            "event": isinstance(kind, str),
        }
        for kind, name, power, points in powers()
    ]


@register.filter
def glyph(kind: int | str) -> str:
    return GLYPHS.get(kind, "?")


@register.filter
def signed(points: int) -> str:
    """Points as a score sheet prints them: +3, \N{MINUS SIGN}2, 0."""
    if points < 0:
        return f"\N{MINUS SIGN}{-points}"
    return f"+{points}" if points else "0"


@register.filter
def kclass(kind: int | str) -> str:
    return kind_class(kind)


# -- the final score sheet (KOR-9) -------------------------------------------------


@register.simple_tag
def koryo_score_sheet(tv) -> dict[str, Any] | None:
    """Rows family by family (9 down to 1), then events, tokens and the total;
    one column per player, the winners' marked."""
    sheet = tv.view.get("final_scores")
    if not sheet:
        return None
    # The winners are the outcome's (KOR-9.5, KOR-OP17), not read again from totals.
    ranks = (tv.table.outcome or {}).get("ranks") or []
    columns = [
        {
            "name": tv.names.get(row["seat"], f"seat {row['seat']}"),
            "winner": row["seat"] < len(ranks) and ranks[row["seat"]] == 1,
        }
        for row in sheet
    ]
    families = []
    for index in reversed(range(len(sheet[0]["families"]))):
        first = sheet[0]["families"][index]
        families.append(
            {
                "family": first["family"],
                "name": first["name"],
                "css": kind_class(first["family"]),
                "glyph": GLYPHS.get(first["family"], ""),
                "cells": [row["families"][index] for row in sheet],
            }
        )
    return {
        "columns": columns,
        "families": families,
        "events": [row["events"] for row in sheet],
        "tokens": [row["tokens"] for row in sheet],
        "totals": [row["total"] for row in sheet],
    }
