"""What each legal Troyes move says of itself (`About`): its button text and
the piece of the board it acts on, made together by one describer per kind
of move; the group it is listed under, whether it is forced, and how the
turn's own buttons are stressed (`emphasis`). Every Troyes move is public.

Pieces are named as the board draws them (the names are listed in `pieces`).
A die of another district reads with its price (TRO-10.4); a red die counts
double against the black dice (TRO-11).
"""

from __future__ import annotations

from collections.abc import Callable

from games.engine import About, Move, State
from games.troyes.rules import build as B
from games.troyes.rules import cards as C
from games.troyes.rules import choices as M
from games.troyes.rules import pieces as P
from games.troyes.rules import table as T
from games.troyes.rules.text import deniers, row_text, the_name
from games.words import count_of, indefinite, times


def _die_label(state: State, seat: int, die_id: int) -> str:
    """'the red 4'."""
    d = T.die(state, die_id)
    return f"the {d['colour']} {d['value']}"


def _owner_text(owner: int) -> str:
    return "the neutral district" if owner == C.NEUTRAL else f"{{p{owner}}}"


def _add_label(state: State, seat: int, move: Move) -> str:
    """A die of another district reads with its price (TRO-10.4): what this
    click costs, and, when it raises the price of dice already bought, why."""
    build = state["build"]
    d = T.die(state, move["die"])
    text = f"Add a {d['colour']} {d['value']}"
    if d["owner"] == seat:
        return text
    text += f" from {_owner_text(d['owner'])}"
    if B.marker_effect(build) == C.FREE_YELLOW:
        return f"{text}, free with Tithing"
    after = build["dice"] + [d["id"]]
    price = B.dice_price(state, seat, build, after) - B.dice_price(
        state, seat, build, build["dice"]
    )
    each = C.DIE_PRICE * len(after)
    if price == each:
        return f"{text} for {deniers(price)}"
    return (
        f"{text} for {deniers(price)} more "
        f"({deniers(each)} a bought die in an action of {count_of(len(after), 'die')})"
    )


def _choose(state: State, seat: int, move: Move) -> tuple[str, str]:
    """An action to start, on the piece that names it."""
    kind = move["kind"]
    if kind == "card":
        return f"Activate {the_name(C.CARDS[move['card']])}", P.card_piece(move["card"])
    if kind == "event":
        return f"Fight {the_name(C.EVENT_CARDS[move['event']])}", P.event_piece(move["event"])
    if kind == "citizen":
        building = move["building"]
        return f"Place a citizen in the {C.BUILDING_NAMES[building]}", P.building_piece(building)
    if kind == "cathedral":
        return "Build the Cathedral", P.CATHEDRAL
    return "Farm (Agriculture)", P.AGRICULTURE


def _supervisor(state: State, seat: int, move: Move) -> tuple[str, str]:
    """A supervisor hired from the supply or a building, or moved from a card."""
    hire = deniers(C.CARDS[state["build"]["target"]].hire)
    source = move["source"]
    if source == "hire":
        return f"Hire a supervisor from your supply for {hire}", P.SUPPLY
    if source in C.COLOURS:
        building = C.BUILDING_NAMES[source]
        return f"Hire your citizen from the {building} for {hire}", P.building_piece(source)
    return f"Move your supervisor from {the_name(C.CARDS[source])} (free)", P.card_piece(source)


def _defend_label(state: State, seat: int, move: Move) -> str:
    d = T.die(state, move["die"])
    verb = "Take back the" if d["id"] in state["fight"]["own"] else "Defend with a"
    double = f" (counts {2 * d['value']})" if d["colour"] == C.RED else ""
    return f"{verb} {d['colour']} {d['value']}{double}"


def _uses_label(state: State, seat: int, move: Move) -> str:
    card = C.CARDS[state["uses"]["card"]]
    return f"Use {the_name(card)} {times(move['count'])}"


def _place_label(state: State, seat: int, move: Move) -> str:
    """'Monastery: the row for a 1 or 2, space 1 of 2' (TRO-4.1, TRO-14.3)."""
    colour, row = move["building"], move["row"]
    where = f"{C.BUILDING_NAMES[colour]}: {row_text(colour, row)}"
    spaces = C.BUILDINGS[colour][row].spaces
    if spaces == 1:
        return where
    return f"{where}, space {move['space'] + 1} of {spaces}"


def _control(label: str) -> Describer:
    """A button of the turn, drawn beside the dice it concludes."""
    return lambda s, p, m: (label, P.control_piece(m["action"]))


# action -> (state, seat, move) -> (label, target)
Describer = Callable[[State, int, Move], tuple[str, str]]
DESCRIBERS: dict[str, Describer] = {
    "place": lambda s, p, m: (
        _place_label(s, p, m),
        P.space_piece(m["building"], m["row"], m["space"]),
    ),
    "select_black": lambda s, p, m: (
        f"{'Drop' if m['index'] in s['fight']['black'] else 'Also fight'} "
        f"the black {s['black'][m['index']]}",
        P.black_piece(m["index"]),
    ),
    "select_own": lambda s, p, m: (_defend_label(s, p, m), P.die_piece(m["die"])),
    "fight": _control("Fight with the chosen dice"),
    "concede": lambda s, p, m: (
        f"Give up against the black {s['black'][0]} (−{count_of(C.PENALTY, 'victory point')})",
        P.control_piece("concede"),
    ),
    "reroll": lambda s, p, m: (
        f"Reroll {_die_label(s, p, m['die'])} ({count_of(C.REROLL_COST, 'influence')})",
        P.influence_piece("reroll", m["die"]),
    ),
    "recruit": lambda s, p, m: (
        f"Take a new citizen ({count_of(C.RECRUIT_COST, 'influence')})",
        P.RECRUIT,
    ),
    "turn": lambda s, p, m: (
        f"Turn over {_die_label(s, p, m['die'])} "
        f"({'free' if s['turning'] else f'{C.TURN_COST} influence, up to 3 dice'})",
        P.influence_piece("turn", m["die"]),
    ),
    "choose": _choose,
    "marker": lambda s, p, m: (
        f"Use {indefinite(C.CARDS[m['card']].name)} marker",
        P.card_piece(m["card"]),
    ),
    "supervisor": _supervisor,
    "add_die": lambda s, p, m: (_add_label(s, p, m), P.die_piece(m["die"])),
    "remove_die": lambda s, p, m: (
        f"Take back {_die_label(s, p, m['die'])}",
        P.die_piece(m["die"]),
    ),
    "cancel": _control("Cancel this action"),
    "confirm": _control("Confirm"),
    "pass": _control("Pass"),
    "uses": lambda s, p, m: (_uses_label(s, p, m), P.control_piece(f"uses:{m['count']}")),
}

# The group of the actions a turn may start (the board lists them again by
# the piece they act on).
CHOOSE = "Choose an action"

GROUPS = {
    "place": "Place a starting citizen",
    "select_black": "Black dice to fight",
    "select_own": "Your dice against the black dice",
    "fight": "Fight",
    "concede": "Fight",
    "reroll": "Spend influence",
    "recruit": "Spend influence",
    "turn": "Spend influence",
    "choose": CHOOSE,
    "marker": "Use a marker (one per action)",
    "supervisor": "Your supervisor",
    "add_die": "Add dice",
    "remove_die": "Take back",
    "uses": "How many uses",
    "confirm": "Done",
    "cancel": "Done",
    "pass": "Done",
}

# The turn's buttons: the one that carries the turn on, and those that give
# up, undo or end it.
EMPHASIS = {
    "confirm": "primary",
    "fight": "primary",
    "cancel": "secondary",
    "pass": "secondary",
    "concede": "secondary",
}


def _forced(state: State, seat: int, move: Move) -> bool:
    """The seat's only legal move, which hides nothing (all of Troyes' moves
    are public): the one use a trade card allows, the last empty space of the
    starting placement, giving up with no die to fight with (TRO-OP10)."""
    action = move["action"]
    if action == "uses":
        return state["uses"]["max"] == 1
    if action == "place":
        empty = sum(row.count(None) for colour in C.COLOURS for row in state["buildings"][colour])
        return empty == 1
    if action == "concede":
        return not T.own_dice(state, seat) and len(M.legal_moves(state, seat)) == 1
    return False


def describe(state: State, seat: int, move: Move) -> About:
    action = move["action"]
    label, target = DESCRIBERS[action](state, seat, move)
    return About(
        label,
        target=target,
        group=GROUPS.get(action, ""),
        forced=_forced(state, seat, move),
        emphasis=EMPHASIS.get(action, ""),
    )
