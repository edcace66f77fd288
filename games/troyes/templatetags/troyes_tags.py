"""Drawing a Troyes table: buildings, dice with pips, the Cathedral, events,
activity cards, the players' panels, and the turn's controls beside them
(the list of moves is the platform's shared one).

Everything comes from the `TableView` the page receives (the engine's view
for the viewer, the seats' names, the legal moves and their labels), never
from a raw state.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games.troyes.rules import pieces as P
from games.troyes.rules import records, text
from games.words import count_of

register = template.Library()

NEUTRAL = -1
COLOUR_WORDS = {"red": "red", "white": "white", "yellow": "yellow"}
# Pip cells of a 3 x 3 grid, read row by row, for each face.
PIPS = {
    1: (4,),
    2: (0, 8),
    3: (0, 4, 8),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 2, 3, 5, 6, 8),
}
HOUSE_TIP = "House card: this effect (or these numbers) are ours; the published text is not known."


def pips(value: int) -> list[bool]:
    on = PIPS.get(value, ())
    return [i in on for i in range(9)]


def _name(names: dict[int, str], seat: int | None) -> str:
    if seat is None:
        return ""
    if seat == NEUTRAL:
        return "neutral"
    return names.get(seat, f"seat {seat + 1}")


class Face:
    """What the `die` tag draws of a die: its value as pips."""

    value: int

    @property
    def pips(self) -> list[bool]:
        return pips(self.value)


@dataclass
class Die(Face):
    id: int
    colour: str
    value: int
    owner: int
    owner_name: str
    chosen: bool = False
    # The pieces' names, from the view (`rules.pieces`): the die itself, and
    # the influence spent on it.
    target: str = ""
    reroll_target: str = ""
    turn_target: str = ""

    @property
    def label(self) -> str:
        return f"{self.colour} die showing {self.value}, {self.owner_name}"


@dataclass
class BlackDie(Face):
    """A black die of the events' attack, drawn by the same `die` tag."""

    index: int
    value: int
    chosen: bool = False
    target: str = ""
    colour = "black"

    @property
    def label(self) -> str:
        return f"black die showing {self.value}"


@register.simple_tag
def die(d: Die | BlackDie) -> SafeString:
    """A die, a citizen's or a black one, its pips on a 3 x 3 grid (drawn by
    CSS). Built here, not in a template: a board draws some thirty dice."""
    return format_html(
        '<span class="die d-{}{}" role="img" aria-label="{}{}" title="{} {}">{}</span>',
        d.colour,
        " chosen" if d.chosen else "",
        d.label,
        ", chosen" if d.chosen else "",
        d.colour,
        d.value,
        format_html_join("", '<i class="{}"></i>', (("on" if on else "",) for on in d.pips)),
    )


@dataclass
class District:
    seat: int
    name: str
    dice: list[Die]
    deniers: int = 0
    css: str = ""


@dataclass
class Space:
    occupant: int | None
    name: str
    target: str = ""

    @property
    def css(self) -> str:
        if self.occupant is None:
            return "empty"
        return "grey" if self.occupant == NEUTRAL else f"seat-{self.occupant}"

    @property
    def label(self) -> str:
        return "empty space" if self.occupant is None else f"citizen of {self.name}"


@dataclass
class Board:
    view: dict[str, Any]
    players: list[dict[str, Any]]
    buildings: list[dict[str, Any]]
    districts: list[District]
    cathedral: list[dict[str, Any]]
    events: list[dict[str, Any]]
    activity: list[dict[str, Any]]
    black: list[BlackDie]
    status: str
    me: dict[str, Any] | None
    build: dict[str, Any] | None
    final: list[dict[str, Any]] | None = None
    house_tip: str = HOUSE_TIP
    # The rules said beside the pieces they concern (rules/text.py).
    fight_rule: str = text.FIGHT_RULE
    cathedral_help: str = text.CATHEDRAL_HELP
    agriculture_help: str = text.AGRICULTURE_HELP
    influence_tip: str = text.INFLUENCE_TIP
    cathedral_missing_tip: str = text.CATHEDRAL_MISSING_TIP
    round_help: str = text.ROUND_HELP
    explain: str = ""
    legend: list[dict[str, Any]] = field(default_factory=list)
    # The turn's own buttons (confirm, cancel, pass, fight, uses).
    controls: list[dict[str, Any]] = field(default_factory=list)
    # Influence the viewer may spend now: each a piece (a die to reroll or turn over, a citizen).
    influence: list[dict[str, Any]] = field(default_factory=list)
    fight: dict[str, Any] | None = None
    # The actions the viewer may start, listed again in the turn's panel for
    # a phone, where the cards and events are screens below.
    choices: list[dict[str, Any]] = field(default_factory=list)


@register.simple_tag
def troyes_board(tv) -> Board:
    v = tv.view
    names = tv.names
    me = tv.my_seat
    fight = v["fight"]
    build = v["build"]
    chosen = set(fight["own"]) | set(build["dice"] if build else [])

    players = []
    for p in v["players"]:
        seat = p["seat"]
        players.append(
            dict(
                p,
                name=_name(names, seat),
                css=f"seat-{seat}",
                is_me=seat == me,
                acting=seat in v["to_act"],
                is_start=seat == v["start"],
                supervising=sum(1 for c in v["activity"] if seat in c.get("supervisors", [])),
            )
        )
    districts = []
    for seat in [*range(v["players_count"]), NEUTRAL]:
        dice = [
            Die(
                d["id"],
                d["colour"],
                d["value"],
                seat,
                _name(names, seat),
                d["id"] in chosen,
                d["piece"],
                d["reroll_piece"],
                d["turn_piece"],
            )
            for d in v["dice"]
            if d["owner"] == seat
        ]
        deniers = v["players"][seat]["square_deniers"] if seat != NEUTRAL else 0
        css = "grey" if seat == NEUTRAL else f"seat-{seat}"
        districts.append(District(seat, _name(names, seat), dice, deniers, css))
    buildings = []
    for b in v["buildings"]:
        rows = [
            {
                "faces": "–".join(str(f) for f in (row["faces"][0], row["faces"][-1]))
                if len(row["faces"]) > 1
                else str(row["faces"][0]),
                "called": row["called"],
                "spaces": [
                    Space(o, _name(names, o), piece)
                    for o, piece in zip(row["spaces"], row["pieces"], strict=True)
                ],
            }
            for row in b["rows"]
        ]
        lying = [Space(o, _name(names, o)) for o in b["lying"]]
        buildings.append(dict(b, rows_drawn=rows, lying_drawn=lying, target=b["piece"]))
    cathedral = []
    for level in reversed(range(v["cathedral_levels"])):
        cells = []
        for column, owners in enumerate(v["cathedral"], start=1):
            owner = owners[level] if len(owners) > level else None
            cells.append(
                {
                    "column": column,
                    "owner": owner,
                    "css": "empty" if owner is None else f"seat-{owner}",
                    "name": _name(names, owner),
                    "ip": v["cathedral_influence"][column - 1],
                }
            )
        cathedral.append({"level": level + 1, "cells": cells})
    events = []
    for e in v["events"]:
        marks = [{"seat": s, "css": f"seat-{s}", "name": _name(names, s)} for s in e["marks"]]
        free = e["flags"] - len(marks)
        events.append(
            dict(
                e,
                marks_drawn=marks,
                free=range(free),
                fight_word=e["fight"],
                target=e["piece"],
                black_text=count_of(e["black"], "black die", "black dice"),
            )
        )
    activity = []
    for c in v["activity"]:
        if not c["revealed"]:
            activity.append(c)
            continue
        sups = [
            {
                "seat": s,
                "css": f"seat-{s}",
                "name": _name(names, s),
                "vp": c["supervisor_points"][i],
            }
            for i, s in enumerate(c["supervisors"])
        ]
        markers = [
            {"seat": s, "css": f"seat-{s}", "name": _name(names, s), "count": n}
            for s, n in enumerate(c["markers"])
            if n
        ]
        activity.append(dict(c, sups=sups, marker_list=markers, target=c["piece"]))
    black = [
        BlackDie(i, value, i in fight["black"], piece)
        for i, (value, piece) in enumerate(zip(v["black"], v["black_pieces"], strict=True))
    ]
    own = next((p for p in players if p["is_me"]), None)
    return Board(
        view=v,
        players=players,
        buildings=buildings,
        districts=districts,
        cathedral=cathedral,
        events=events,
        activity=activity,
        black=black,
        status=_status(v, names),
        me=own,
        build=_build_text(v, build),
        final=_final(v, names, tv.table.outcome),
        explain=text.PLACEMENT_HELP if v["phase"] == "placement" else "",
        controls=_controls(tv),
        influence=_influence(tv, districts),
        fight=_fight(v, tv, names, districts),
        choices=_choices(tv, v),
    )


def _choices(tv, v: dict[str, Any]) -> list[dict[str, Any]]:
    """The actions the viewer may start, each named short by its piece (the
    button's name is still the whole move: 'Activate the Archer')."""
    names = {c["piece"]: c["name"] for c in v["activity"] if c["revealed"]}
    names |= {e["piece"]: e["name"] for e in v["events"]}
    names |= {b["piece"]: b["name"] for b in v["buildings"]}
    names |= {v["pieces"]["cathedral"]: "Cathedral", v["pieces"]["agriculture"]: "Agriculture"}
    return [
        dict(m, short=names.get(m["target"], m["label"]))
        for m in tv.moves
        if m["group"] == records.CHOOSE
    ]


VERBS = {"reroll": "Reroll", "turn": "Turn over"}


def _controls(tv) -> list[dict[str, Any]]:
    """The turn's own buttons (fight, confirm, cancel, pass, how many uses)."""
    return [
        dict(
            m,
            primary=m["emphasis"] == "primary",
            secondary=m["emphasis"] == "secondary",
        )
        for m in tv.moves
        if P.is_control(m["target"])
    ]


def _influence(tv, districts: list[District]) -> list[dict[str, Any]]:
    """Influence spent on the viewer's own dice or on a new citizen (TRO-9.9,
    TRO-10.5): each a piece the view names, shown when a move acts on it."""
    acts = tv.moves_by_target
    found = []
    for die in (d for dist in districts for d in dist.dice):
        for target, verb in ((die.reroll_target, "Reroll"), (die.turn_target, "Turn over")):
            if target in acts:
                # The chip draws the die as it is, not as chosen for the fight
                # or the action: the chip is a different piece.
                found.append({"target": target, "verb": verb, "die": replace(die, chosen=False)})
    recruit = tv.view["pieces"]["recruit"]
    if recruit in acts:
        found.append({"target": recruit, "verb": "New citizen", "die": None})
    return found


def _fight(v, tv, names, districts: list[District]) -> dict[str, Any] | None:
    """The defence in one line (TRO-9.4, TRO-9.5): the chosen dice, their
    total and each one's strength (red counted double) and the black total
    to beat, from the view."""
    if v["phase"] != "defence":
        return None
    fight = v["fight"]
    dice = {d.id: d for dist in districts for d in dist.dice}
    parts = [
        f"{dice[i].colour} {dice[i].value}"
        + (f" (counts {strength})" if strength != dice[i].value else "")
        for i, strength in zip(fight["own"], fight["strengths"], strict=True)
        if i in dice
    ]
    black = [v["black"][i] for i in sorted(fight["black"])]
    return {
        "chosen": parts,
        "total": fight["total"],
        "black": black,
        "against": fight["against"],
        "problem": fight["problem"],
        "acting": bool(tv.moves),
        "who": _name(names, v["current"]),
    }


def _status(v: dict[str, Any], names: dict[int, str]) -> str:
    phase = v["phase"]
    if phase == "over":
        return ""  # the table page says "Game over" and the result above the board
    who = _name(names, v["current"])
    if phase == "placement":
        left = count_of(v["placement_left"], "citizen")
        return f"Placing the starting citizens: {who} places one ({left} still to place)."
    if phase == "defence":
        return f"Black dice attack the city: {who} must beat the black {v['black'][0]}."
    if phase == "uses":
        return f"{who} chooses how many times to use the card."
    return f"Round {v['round']} of {v['rounds']}, actions: {who} takes an action or passes."


def _build_text(v: dict[str, Any], build: dict[str, Any] | None) -> dict[str, Any] | None:
    if not build:
        return None
    kind = build["kind"]
    if kind == "card":
        target = next(c["called"] for c in v["activity"] if c.get("id") == build["target"])
        title = f"Activate {target}"
    elif kind == "event":
        target = next(e["called"] for e in v["events"] if e["id"] == build["target"])
        title = f"Fight {target}"
    elif kind == "citizen":
        building = next(b["name"] for b in v["buildings"] if b["colour"] == build["target"])
        title = f"Place a citizen in the {building}"
    elif kind == "cathedral":
        title = "Build the Cathedral"
    else:
        title = "Agriculture"
    return dict(
        build,
        title=title,
        dice_text=count_of(len(build["dice"]), "die"),
        price_text=count_of(build["price"], "denier"),
    )


def _final(
    v: dict[str, Any], names: dict[int, str], outcome: dict[str, Any] | None
) -> list[dict[str, Any]] | None:
    """The score sheet, its winners marked as the outcome ranks them (TRO-OP27)."""
    sheet = v.get("final")
    if not sheet:
        return None
    ranks = (outcome or {}).get("ranks") or []
    return [
        dict(row, name=_name(names, row["seat"]), winner=ranks[row["seat"]] == 1)
        if row["seat"] < len(ranks)
        else dict(row, name=_name(names, row["seat"]), winner=False)
        for row in sheet
    ]
