"""Drawing a Koryo table: the board's pieces and the move picker's rows.

Everything here is built from the `TableView` the page receives (the engine's
view for the viewer, the seats' names, the legal moves and their labels),
never from a raw state. The only other input is static: what each family is
called, its number and its power (KOR-1.1, KOR-1.2), for the cards and the
reference table.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from django import template

from games.koryo.rules.cards import PLURALS

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

# The reference of the families and their powers (KOR-1.1, KOR-1.2),
# highest family first.
POWERS: list[tuple[int | str, str, str]] = [
    (9, "Merchant", "No power: 9 points for the majority."),
    (8, "Journalist", "One more card at each deal."),
    (7, "Guardian", "Cannot be the target of Barbarians."),
    (6, "Banker", "On your turn, take a victory token from the bank."),
    (5, "Shipowner", "Place 2 cards of different kinds as your order."),
    (4, "Priest", "On your turn, destroy one of your own event cards."),
    (3, "Senator", "Keep 2 more cards than the limit at the end of a round."),
    (
        2,
        "Spy",
        "On your turn, steal a token from a player; safe from Lobbying "
        "(unless you hold a Guardian; not with 2 players).",
    ),
    (1, "Omniscient", "Wins ties for majorities during play (not at the final count)."),
    ("barbarians", "Barbarians", "\N{MINUS SIGN}1 point. Destroy a character of an opponent."),
    ("lobbying", "Lobbying", "\N{MINUS SIGN}1 point. Swap two characters of two players."),
]

PHASES = {
    "orders": "Orders: each player in turn places cards face down",
    "actions": "Actions: each player in turn reveals their cards and uses their powers",
    "discard": "End of round: players over the limit discard characters",
    "over": "Game over",
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
    # The move clicking these cards makes, when one of the viewer's moves
    # uses them (a MoveButton); the move picker offers the same move.
    pick: Any = None

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
            groups[kind] = Stack(kind, card["name"], [], kind in majorities)
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
    if tv.moves:
        _attach_picks(panels, koryo_move_rows(tv))
    return Board(
        view=v,
        players=panels,
        me=me,
        phase_text=PHASES.get(v["phase"], ""),
        pending_text=_pending_text(v, names, tv.my_seat),
        season_pips=[
            {"round": r, "current": r == v["round"], "past": r < v["round"]}
            for r in range(1, v["rounds"] + 1)
        ],
        bank_pips=[i < v["bank"] for i in range(8)],
    )


def _attach_picks(panels: list[PlayerPanel], rows: list[MoveRow]) -> None:
    """Make the drawn cards clickable where one of the viewer's moves uses
    them: a stack in the hand places its kind, a face-down stack is revealed,
    a card in front of a player is the target of a discard, an event or a
    power. Cards of one kind are alike, so a stack takes the move of any of
    its cards."""
    by_card: dict[int, MoveButton] = {}
    by_kind: dict[int | str, MoveButton] = {}
    for row in rows:
        buttons = row.buttons + [b for _, owned in row.owners for b in owned]
        for button in buttons:
            if button.action == "order_kind":
                by_kind[button.card["kind"]] = button
            elif button.card is not None and "id" in button.card:
                by_card.setdefault(button.card["id"], button)
    for panel in panels:
        for stack in panel.hand:
            stack.pick = by_kind.get(stack.kind)
        for stack in panel.my_orders + panel.tableau:
            stack.pick = next((by_card[c["id"]] for c in stack.cards if c["id"] in by_card), None)


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
        return (
            f"{who} revealed Barbarians and may destroy one character card of an opponent "
            "(not of a player with the Guardian majority)."
        )
    first = pending.get("first")
    if first is None:
        return (
            f"{who} revealed Lobbying and may swap two character cards of two players: "
            "first the card to give away."
        )
    owner = "your" if first["seat"] == my_seat else f"{names.get(first['seat'], 'a player')}'s"
    return (
        f"{who} revealed Lobbying and picked {owner} {first['card']['name']}: "
        "now the card of another player to swap it with."
    )


@register.simple_tag
def koryo_powers() -> list[dict[str, Any]]:
    return [
        {
            "kind": kind,
            "name": name,
            "text": text,
            "css": kind_class(kind),
            "glyph": GLYPHS[kind],
            "event": isinstance(kind, str),
        }
        for kind, name, text in POWERS
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
    best = max(row["total"] for row in sheet)
    columns = [
        {"name": tv.names.get(row["seat"], f"seat {row['seat']}"), "winner": row["total"] == best}
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


# -- the move picker ----------------------------------------------------------------


@dataclass
class MoveButton:
    action: str
    json: str
    label: str
    # The engine's whole sentence ("Destroy ben's Banker"), as the tooltip.
    full: str
    # The card the button stands for, drawn on it (number and glyph).
    card: dict[str, Any] | None = None
    secondary: bool = False
    # The family whose colour the button takes without drawing a card
    # ("Play 2 Merchants" after choosing the Merchants).
    tint: int | str | None = None

    @property
    def css(self) -> str:
        kind = self.card["kind"] if self.card else self.tint
        return "" if kind is None else f"kbtn {kind_class(kind)}"


@dataclass
class MoveRow:
    title: str
    note: str = ""
    buttons: list[MoveButton] = field(default_factory=list)
    # Card targets grouped by their owner: [(name, [buttons])].
    owners: list[tuple[str, list[MoveButton]]] = field(default_factory=list)


# Rows in the order a player reads them; each action belongs to one row.
_ROWS = {
    "order_kind": "place",
    "order_count": "count",
    "order_pair": "pair",
    "order_back": "back",
    "reveal": "reveal",
    "bank_take": "powers",
    "priest_destroy": "powers",
    "spy_steal": "powers",
    "end_turn": "end",
    "barbarians": "event",
    "lobby_first": "event",
    "lobby_second": "event",
    "decline": "event",
    "discard": "discard",
}
_ROW_ORDER = (
    "place",
    "count",
    "pair",
    "back",
    "reveal",
    "powers",
    "event",
    "discard",
    "end",
    "other",
)
# Actions whose button needs only the card's name: the row says what happens
# to it ("Reveal", "Discard", "Barbarians"). The Priest's button shares the
# Powers row with other powers, so it keeps its whole sentence.
_SHORT_ACTIONS = {"reveal", "barbarians", "lobby_first", "lobby_second", "discard"}
# Actions whose cards belong to several players: grouped by owner.
_TARGET_ACTIONS = {"barbarians", "lobby_first", "lobby_second"}


def _visible_cards(v: dict[str, Any]) -> tuple[dict[int, dict], dict[int, int]]:
    """Every card the viewer can see by id, and the owner of each face-up one."""
    cards: dict[int, dict] = {}
    owners: dict[int, int] = {}
    for p in v["players"]:
        for card in p["tableau"]:
            cards[card["id"]] = card
            owners[card["id"]] = p["seat"]
    for card in (v.get("hand") or []) + (v.get("my_orders") or []):
        cards[card["id"]] = card
    return cards, owners


def _row_titles(v: dict[str, Any]) -> dict[str, tuple[str, str]]:
    chosen = v.get("my_order_kind")
    if isinstance(chosen, str):
        how_many = f"How many {EVENT_NAMES.get(chosen, chosen)} cards?"
    elif isinstance(chosen, int):
        how_many = f"How many {PLURALS[chosen]}?"
    else:
        how_many = "How many?"
    pending = v.get("pending") or {}
    if pending.get("event") == "barbarians":
        event = ("Barbarians", "Destroy one character card of an opponent, or let them pass.")
    elif pending.get("first"):
        event = ("Lobbying", "Now pick the card to swap it with, from another player.")
    else:
        event = ("Lobbying", "Pick the first of the two character cards to swap.")
    return {
        "place": (
            "Place face down",
            "Choose one kind of card; the rest of your hand goes back to the deck.",
        ),
        "count": (how_many, ""),
        "pair": ("Shipowner", "Or place one card each of two different kinds."),
        "reveal": ("Reveal", "Turn your face-down cards up one at a time."),
        "powers": ("Powers", "Each once per turn, while you hold the majority."),
        "event": event,
        "discard": (
            "Discard",
            f"Too many cards in front of you: discard characters down to "
            f"{_my_limit(v)} (events stay).",
        ),
        "back": ("", ""),
        "end": ("", ""),
        "other": ("Moves", ""),
    }


def _my_limit(v: dict[str, Any]) -> int | str:
    current = v.get("current")
    for p in v["players"]:
        if p["seat"] == current:
            return p["limit"]
    return ""


def _short_label(action: str, label: str, card: dict | None) -> str:
    """Inside a row that already says what happens, a card button needs only
    the card's name."""
    if card is not None and action in _SHORT_ACTIONS:
        return card["name"]
    return label


@register.simple_tag
def koryo_move_rows(tv) -> list[MoveRow]:
    """The move picker's rows; the board makes its cards clickable from the
    same rows, so they are built once per page."""
    return tv.drawn_once("koryo_move_rows", lambda: _move_rows(tv))


def _move_rows(tv) -> list[MoveRow]:
    v = tv.view
    cards, owners = _visible_cards(v)
    titles = _row_titles(v)
    rows: dict[str, MoveRow] = {}
    for m in tv.moves:
        move = m["move"]
        action = move.get("action", "")
        key = _ROWS.get(action, "other")
        row = rows.get(key)
        if row is None:
            title, note = titles[key]
            row = rows[key] = MoveRow(title, note)
        card = cards.get(move["card"]) if "card" in move else None
        if action == "order_kind":
            kind = move["kind"]
            card = {"kind": kind, "name": _kind_name(v, kind), "event": isinstance(kind, str)}
        button = MoveButton(
            action=action,
            json=m["json"],
            label=_short_label(action, m["label"], card),
            full=m["label"],
            card=card,
            secondary=action in ("decline", "order_back"),
            tint=v.get("my_order_kind") if action == "order_count" else None,
        )
        if action == "order_kind":
            held = sum(1 for c in v.get("hand") or [] if c["kind"] == move["kind"])
            button.label = f"{card['name']} \N{MULTIPLICATION SIGN}{held}"
        if action == "reveal" and card is not None and not card.get("event"):
            same = [c["id"] for c in v.get("my_orders") or [] if c["kind"] == card["kind"]]
            if len(same) > 1:
                # One click for a stack of identical characters.
                button.json = json.dumps(
                    [{"action": "reveal", "card": c} for c in same], separators=(",", ":")
                )
                button.label = f"{card['name']}: reveal all {len(same)}"
                button.full = f"Reveal all {len(same)} {PLURALS[card['kind']]}"
        if action in _TARGET_ACTIONS:
            owner = tv.names.get(owners.get(move["card"]), "")
            for name, buttons in row.owners:
                if name == owner:
                    buttons.append(button)
                    break
            else:
                row.owners.append((owner, [button]))
        else:
            row.buttons.append(button)
    return [rows[key] for key in _ROW_ORDER if key in rows]


def _kind_name(v: dict[str, Any], kind: int | str) -> str:
    for card in v.get("hand") or []:
        if card["kind"] == kind:
            return card["name"]
    return EVENT_NAMES.get(kind, str(kind)) if isinstance(kind, str) else str(kind)
