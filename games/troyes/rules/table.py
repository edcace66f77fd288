"""The state of a Troyes table: its layout, the setup, and queries over it.

State (plain JSON):
- "players", "rounds", "round", "phase" ("placement", "defence", "actions",
  "uses", "over"), "start" (start player of the round), "current";
- per seat lists: "ip", "deniers", "vp", "characters", "owned" (citizens
  owned), "supply" (citizens in personal supply), "passed", "pass_bonus",
  "square_deniers" (deniers waiting on the seat's district, TRO-OP23),
  "won" (event ids), "event_markers" (markers ever placed on events);
- "buildings": colour -> rows -> spaces (seat, -1 neutral, None empty);
  "lying": colour -> owners of the citizens laid down; "grey_box";
- "activity": colour -> the three card ids (levels I, II, III);
  "supervisors": card id -> seats in position order; "markers": card id ->
  markers per seat; "cathedral": columns of owners, bottom level first;
- "events": the row, left to right, each {"id", "marks": [seat per marker
  in the order placed]}; "decks": colour -> event ids still face down;
- "dice": the square, each {"id", "owner", "colour", "value"}; "black": the
  black dice still to fight; "fight": the defender's selection;
- "placement": seats still to place a starting citizen, in order;
- "build": the action being put together, "uses": a trade card's uses to
  choose, "turning": a paid turn-over with free dice left;
- "final": the score sheet once over; "rng"; "log".
"""

from __future__ import annotations

import marshal
from typing import Any

from games.engine import Rng, State, shared_ranks
from games.troyes.rules import cards as C


def copy_state(value: Any) -> Any:
    """A deep copy of plain JSON data; a marshal round trip is several times
    faster than copy.deepcopy or a recursive copy in Python, and faster
    than pickle's (as Seasons copies its states)."""
    return marshal.loads(marshal.dumps(value))


def new_state(num_players: int, seed: int) -> State:
    rng = Rng.from_seed(seed)
    n = num_players
    # TRO-OP1a: characters dealt at random, 2 each with 2 players.
    characters = [c.id for c in C.CHARACTERS]
    rng.shuffle(characters)
    each = C.CHARACTERS_EACH[n]
    dealt = [sorted(characters[i * each : (i + 1) * each]) for i in range(n)]
    # TRO-OP2a, TRO-OP3: one random card per colour and level, face down.
    activity = {}
    for colour in C.COLOURS:
        activity[colour] = [rng.choice(C.cards_of(colour, level)).id for level in (1, 2, 3)]
    # TRO-OP6: as many red events as rounds; the other decks shuffled.
    decks = {}
    for colour in C.COLOURS:
        ids = C.deck(colour)
        rng.shuffle(ids)
        decks[colour] = ids[: C.ROUNDS[n]] if colour == C.RED else ids
    first = rng.below(n)
    # Snake order (TRO-OP2): 1..n, n..1, ... until every starting citizen is placed.
    order = list(range(first, first + n))
    order = [seat % n for seat in order]
    placement: list[int] = []
    for i in range(C.START_CITIZENS[n]):
        placement += order if i % 2 == 0 else order[::-1]
    buildings = {
        colour: [[None] * row.spaces for row in rows] for colour, rows in C.BUILDINGS.items()
    }
    grey_box = C.GREY_CITIZENS
    if n == C.NEUTRAL_FIRST_PLAYERS:  # TRO-OP2: the neutral citizens go first
        for colour, spaces in C.NEUTRAL_FIRST.items():
            for r, s in spaces:
                buildings[colour][r][s] = C.NEUTRAL
                grey_box -= 1
    return {
        "players": n,
        "rounds": C.ROUNDS[n],
        "round": 0,
        "phase": "placement",
        "start": first,
        "current": placement[0],
        "placement": placement,
        "ip": [C.START_INFLUENCE] * n,
        "deniers": [C.START_DENIERS] * n,
        "vp": [0] * n,
        "characters": dealt,
        "owned": [C.START_CITIZENS[n]] * n,
        "supply": [C.START_CITIZENS[n]] * n,
        "passed": [False] * n,
        "pass_bonus": [False] * n,
        "square_deniers": [0] * n,
        "won": [[] for _ in range(n)],
        "event_markers": [0] * n,
        "buildings": buildings,
        "lying": {colour: [] for colour in C.COLOURS},
        "grey_box": grey_box,
        "activity": activity,
        "supervisors": {},
        "markers": {},
        "cathedral": [[] for _ in range(C.CATHEDRAL_COLUMNS)],
        "events": [{"id": C.LOOTING.id, "marks": []}],
        "decks": decks,
        "dice": [],
        "black": [],
        "fight": {"black": [], "own": []},
        "build": None,
        "uses": None,
        "turning": None,
        "final": None,
        "rng": rng.state,
        "log": [],
    }


# -- turn order -----------------------------------------------------------------


def order_from(state: State, seat: int) -> list[int]:
    n = state["players"]
    return [(seat + i) % n for i in range(n)]


def revealed_levels(state: State) -> int:
    return min(state["round"], 3)


def revealed_cards(state: State) -> list[str]:
    levels = revealed_levels(state)
    return [cid for colour in C.COLOURS for cid in state["activity"][colour][:levels]]


# -- citizens ---------------------------------------------------------------------


def standing(state: State, colour: str, owner: int) -> int:
    return sum(row.count(owner) for row in state["buildings"][colour])


def citizens_on_board(state: State, owner: int) -> int:
    """Standing and lying citizens of an owner."""
    return sum(
        standing(state, colour, owner) + state["lying"][colour].count(owner) for colour in C.COLOURS
    )


def supervisors_of(state: State, seat: int) -> list[str]:
    return [cid for cid, seats in state["supervisors"].items() if seat in seats]


def row_of(colour: str, value: int) -> int:
    for index, row in enumerate(C.BUILDINGS[colour]):
        if value in row.faces:
            return index
    raise ValueError(value)


def pushed_out(state: State, colour: str, value: int) -> int | None:
    """Who a citizen placed with this die value would push out (TRO-14.3)."""
    row = state["buildings"][colour][row_of(colour, value)]
    if None in row:
        return None
    return row[-1]


def can_place(state: State, colour: str, value: int) -> bool:
    """TRO-14.3 item 3, TRO-OP22: a player with a citizen lying on the
    building cannot be pushed out of it again this round."""
    out = pushed_out(state, colour, value)
    return out is None or out == C.NEUTRAL or out not in state["lying"][colour]


def place(state: State, colour: str, value: int, owner: int) -> int | None:
    """Put a citizen on the row of this die value; returns who was laid down."""
    row = state["buildings"][colour][row_of(colour, value)]
    out = None
    if row[0] is not None:
        gap = row.index(None) if None in row else None
        if gap is None:
            out = row.pop()
        else:
            row.pop(gap)
        row.insert(0, owner)
        if out is not None:
            state["lying"][colour].append(out)
    else:
        row[0] = owner
    return out


def take_citizen(state: State, colour: str, owner: int) -> None:
    """Take the owner's last standing citizen out of a building."""
    rows = state["buildings"][colour]
    for row in reversed(rows):
        for i in range(len(row) - 1, -1, -1):
            if row[i] == owner:
                row[i] = None
                return
    raise ValueError(f"no citizen of {owner} in {colour}")


def first_free_space(state: State, colour: str) -> tuple[int, int] | None:
    for r, row in enumerate(state["buildings"][colour]):
        for s, occupant in enumerate(row):
            if occupant is None:
                return r, s
    return None


def empty_spaces(state: State, colour: str) -> int:
    return sum(row.count(None) for row in state["buildings"][colour])


# -- dice -------------------------------------------------------------------------


def die(state: State, die_id: int) -> dict[str, Any]:
    for d in state["dice"]:
        if d["id"] == die_id:
            return d
    raise KeyError(die_id)


def own_dice(state: State, seat: int) -> list[dict[str, Any]]:
    return [d for d in state["dice"] if d["owner"] == seat]


def strength(dice: list[dict[str, Any]]) -> int:
    """Against black dice, red dice count double (TRO-9.5)."""
    return sum(d["value"] * (2 if d["colour"] == C.RED else 1) for d in dice)


def beats(own: int, black: int) -> bool:
    """TRO-OP8: equal or greater beats the black dice (the published rule)."""
    return own >= black


def roll_dice(state: State) -> None:
    """TRO-8: one die per standing citizen, the neutral district too."""
    rng = Rng(state["rng"])
    dice = []
    for owner in [*list(range(state["players"])), C.NEUTRAL]:
        for colour in C.COLOURS:
            for _ in range(standing(state, colour, owner)):
                dice.append(
                    {"id": len(dice), "owner": owner, "colour": colour, "value": rng.below(6) + 1}
                )
    state["dice"] = dice
    state["rng"] = rng.state


def roll(state: State) -> int:
    rng = Rng(state["rng"])
    value = rng.below(6) + 1
    state["rng"] = rng.state
    return value


# -- points and money -------------------------------------------------------------


def gain_ip(state: State, seat: int, amount: int) -> int:
    """TRO-1.5: influence above 20 is lost. Returns what was gained."""
    before = state["ip"][seat]
    state["ip"][seat] = min(C.MAX_INFLUENCE, before + amount)
    return state["ip"][seat] - before


def lose_vp(state: State, seat: int, amount: int) -> None:
    state["vp"][seat] = max(0, state["vp"][seat] - amount)  # TRO-OP5


def cathedral_markers(state: State, seat: int) -> int:
    return sum(column.count(seat) for column in state["cathedral"])


def cathedral_levels(state: State, seat: int) -> int:
    """How many of the three levels bear a marker of the seat."""
    return sum(
        1
        for level in range(C.CATHEDRAL_LEVELS)
        if any(len(col) > level and col[level] == seat for col in state["cathedral"])
    )


def events_with_marks(state: State, seat: int) -> int:
    return sum(1 for ev in state["events"] if seat in ev["marks"])


# -- final score (TRO-18, TRO-OP26, TRO-OP27) -------------------------------------


def character_points(state: State, character: C.Character, seat: int) -> int:
    kind = character.scores
    if kind == "influence":
        units = state["ip"][seat]
    elif kind == "deniers":
        units = state["deniers"][seat]
    elif kind == "cathedral":
        units = cathedral_markers(state, seat)
    elif kind == "supervisors":
        units = len(supervisors_of(state, seat))
    elif kind == "citizens":
        units = sum(standing(state, colour, seat) for colour in C.COLOURS)
    else:  # events
        return 2 * len(state["won"][seat]) + events_with_marks(state, seat)
    return character.per * (units // character.unit)


def supervisor_points(card: C.ActivityCard, position: int) -> int:
    """What a card's supervisor in that position (0: the first) scores at the
    end: the card's slots for the first two, nothing after (DOJ)."""
    return card.slots[position] if position < C.SCORING_SUPERVISORS else 0


def strength_of(die: dict[str, Any]) -> int:
    """One die's strength against the black dice (TRO-9.5)."""
    return strength([die])


def score_sheet(state: State) -> list[dict[str, Any]]:
    in_play = sorted({cid for dealt in state["characters"] for cid in dealt})
    sheet = []
    for seat in range(state["players"]):
        supervisors = 0
        for cid, seats in state["supervisors"].items():
            if seat in seats:
                supervisors += supervisor_points(C.CARDS[cid], seats.index(seat))
        chars = [
            {
                "id": cid,
                "name": C.CHARACTER_CARDS[cid].name,
                "points": character_points(state, C.CHARACTER_CARDS[cid], seat),
            }
            for cid in in_play
        ]
        row = {
            "seat": seat,
            "tokens": state["vp"][seat],
            "supervisors": supervisors,
            "events_won": C.WON_EVENT_VP * len(state["won"][seat]),
            "events_present": C.UNFOUGHT_EVENT_VP * events_with_marks(state, seat),
            "cathedral": -C.CATHEDRAL_MISSING_LEVEL
            * (C.CATHEDRAL_LEVELS - cathedral_levels(state, seat)),
            "characters": chars,
        }
        row["total"] = (
            row["tokens"]
            + row["supervisors"]
            + row["events_won"]
            + row["events_present"]
            + row["cathedral"]
            + sum(c["points"] for c in chars)
        )
        sheet.append(row)
    return sheet


def ranks(totals: list[int]) -> list[int]:
    """TRO-OP27: tied players share the rank."""
    return shared_ranks(totals)
