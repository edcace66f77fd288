"""What each legal Seasons move says of itself (`About`): its button text
("Summon the Staff of Spring (3 earth)") and the piece it acts on, made
together by one describer per kind of move; the group it is listed under,
whether it is forced and whether it is private.

Pieces are named from the acting seat's side of the table, from the move and
the decision it answers only, so a name never says more than the seat's own
legal moves do (the names are listed in `pieces`). Labels read only public
parts of the state and the move they are given.
"""

from __future__ import annotations

from collections.abc import Callable

from games.engine import About, Move, State
from games.seasons.rules import flow, pieces
from games.seasons.rules.data import ELEMENTS
from games.seasons.rules.hooks import CARDS
from games.seasons.rules.pieces import TITLE_OF
from games.seasons.rules.table import face_of, find_in_play, head, number, rate
from games.seasons.rules.text import (
    ELEMENTAL_EFFECTS,
    card_name,
    cost_text,
    crystals,
    energy_text,
    face_text,
)
from games.words import count_of

BONUSES = {
    1: "Bonus: exchange 2 energy",
    2: "Bonus: transmute +1 this turn",
    3: "Bonus: summoning gauge +1",
    4: "Bonus: draw 2 cards, keep 1",
}


# An activation with a mode (the Tree of Light, the Crystal Orb): what
# the mode does, after "Activate <card>: ".
MODES = {
    "energy": "3 crystals for 1 energy",
    "transmute": "give 1 {element} to transmute",
    "look": "look at the top card",
    "bury": "3 crystals to discard the top card",
}


def _activation_label(state: State, seat: int, move: Move) -> str:
    num = number(move["card"])
    card = card_name(num, article=True)
    element = ELEMENTS[move["element"]] if "element" in move else ""
    mode = move.get("mode")
    if mode in MODES:
        return f"Activate {card}: {MODES[mode].format(element=element)}"
    if "familiar" in move:
        where = "discard from hand" if move["from"] == "hand" else "sacrifice"
        return f"Activate {card}: {where} {card_name(number(move['familiar']), article=True)}"
    if "from" in move:
        return f"Activate {card}: change {ELEMENTS[move['from']]} into {ELEMENTS[move['to']]}"
    if num == 35:
        return f"Activate {card}: put in 1 {element}"
    if num == 5:
        return f"Activate {card}: 4 {element}"
    if element:
        return f"Activate {card} with 1 {element}"
    return f"Activate {card}"


def _pay_label(state: State, seat: int, move: Move) -> str:
    cost = CARDS[number(head(state)["card"])].cost_for(state["players"])
    need = list(cost[:4])
    for e in move["skip"]:
        need[e] -= 1
    reserve = [need[e] - move["amulet"][e] for e in range(4)]
    if not any(move["amulet"]):
        text = f"Pay {cost_text(reserve, cost[4])}"
    else:
        parts = [f"{cost_text(reserve)} from your reserve"] if any(reserve) else []
        parts.append(f"{cost_text(move['amulet'])} from the Amulet of Water")
        if cost[4]:
            parts.append(crystals(cost[4]))
        text = "Pay " + " and ".join(parts)
    if move["skip"]:
        text += f" (Hand of Fortune spares 1 {ELEMENTS[move['skip'][0]]})"
    return text


def _in_play_note(state: State, seat: int, card: int) -> str:
    """What tells a copy in play from the other: ' (activated, holding 2 water)'."""
    inst = find_in_play(state, seat, card)
    if inst is None:
        return ""
    notes = ["activated"] if inst["tapped"] else []
    if any(inst["tokens"]):
        notes.append(f"holding {energy_text(inst['tokens'])}")
    return f" ({', '.join(notes)})" if notes else ""


def _room_after(state: State, seat: int) -> bool:
    """Whether the gauge has room for one more card after this one (SEA-7.1)."""
    p = state["p"][seat]
    return len(p["play"]) + 1 < p["gauge"]


def _card(move: Move) -> str:
    return card_name(number(move["card"]), article=True)


def _element(move: Move) -> str:
    return ELEMENTS[move["element"]]


def _summon(state: State, seat: int, move: Move, kind: str) -> tuple[str, str]:
    num = number(move["card"])
    cost = CARDS[num].cost_for(state["players"])
    if num == 31:  # its energy is given once it is in play
        price = "then 1 to 4 energy"
    else:
        price = "free" if cost is None else cost_text(cost[:4], cost[4])
    if num == 9 and not _room_after(state, seat):
        price += "; no room left for its free card"
    return f"Summon {_card(move)} ({price})", pieces.card_piece("hand", move["card"])


def _summon_free(state: State, seat: int, move: Move, kind: str) -> tuple[str, str]:
    # The Potion of Dreams summons from hand.
    where = "hand" if kind == "dreams" else "choice"
    return f"Summon {_card(move)} for free", f"{where}:{move['card']}"


def _discard(state: State, seat: int, move: Move, kind: str) -> tuple[str, str]:
    # A card of the hand (Vampiric Crown), or the card just drawn.
    if "card" in move:
        return f"Discard {_card(move)}", pieces.card_piece("hand", move["card"])
    return "Discard it", pieces.DISCARD_DRAWN


def _from_reserve(verb: str) -> Describer:
    """Energy given from (or back to) the reserve, one token per move."""
    return lambda s, p, m, k: (f"{verb} 1 {_element(m)}", pieces.reserve_piece(_element(m)))


def _in_play(verb: str, after: str = "") -> Describer:
    """Sacrificing a card in play, or taking one back into the hand."""
    return lambda s, p, m, k: (
        f"{verb} {_card(m)}{after}{_in_play_note(s, p, m['card'])}",
        pieces.card_piece("play", m["card"]),
    )


def _chosen(state: State) -> str:
    """The card being paid for, or seen in the Crystal Orb."""
    return pieces.card_piece("choice", head(state)["card"])


def _elemental_use(state: State, move: Move) -> tuple[str, str]:
    """One element for the Elemental Amulet: a token from the reserve, or,
    when it came into play for nothing, one of its effects taken free."""
    element = _element(move)
    if head(state).get("gift"):
        effect = ELEMENTAL_EFFECTS[move["element"]]
        return f"Take the {element} effect: {effect}", pieces.effect_piece(element)
    return f"Give 1 {element}", pieces.reserve_piece(element)


# action -> (state, seat, move, kind of the decision) -> (label, target)
Describer = Callable[[State, int, Move, str], tuple[str, "str | None"]]
DESCRIBERS: dict[str, Describer] = {
    "pick": lambda s, p, m, k: (f"Pick {_card(m)}", pieces.card_piece("packet", m["card"])),
    "assign": lambda s, p, m, k: (
        f"{card_name(number(m['card']))} to year {m['year']}",
        pieces.set_piece(m["card"], m["year"]),
    ),
    "clear": lambda s, p, m, k: ("Start the sets again", pieces.SETS_CLEAR),
    "confirm": lambda s, p, m, k: ("Confirm my three sets", pieces.SETS_CONFIRM),
    "take_die": lambda s, p, m, k: (
        f"Take the die: {face_text(face_of(s, m['die']))}",
        pieces.die_piece(m["die"]),
    ),
    "proceed": lambda s, p, m, k: ("Keep this die", pieces.MYDIE_KEEP),
    "star": lambda s, p, m, k: ("Raise my summoning gauge by 1", pieces.MYDIE_STAR),
    # The die's card symbol, or a card drawn for the Vampiric Crown.
    "draw": lambda s, p, m, k: (
        "Draw a card",
        pieces.DRAW_PILE if k == "crown" else pieces.MYDIE_CARD,
    ),
    "transmute": lambda s, p, m, k: (
        f"Transmute 1 {_element(m)} into {crystals(rate(s, m['element']))}",
        pieces.reserve_piece(_element(m)),
    ),
    "summon": _summon,
    "activate": lambda s, p, m, k: (
        _activation_label(s, p, m),
        pieces.card_piece("play", m["card"]),
    ),
    "bonus": lambda s, p, m, k: (BONUSES[m["bonus"]], pieces.bonus_piece(m["bonus"])),
    "end_turn": lambda s, p, m, k: ("End my turn", pieces.TURN_END),
    "pay": lambda s, p, m, k: (_pay_label(s, p, m), _chosen(s)),
    "take": lambda s, p, m, k: (f"Take 1 {_element(m)}", pieces.supply_piece(_element(m))),
    "give_back": _from_reserve("Give"),
    "return": _from_reserve("Give back"),
    "use": lambda s, p, m, k: _elemental_use(s, m),
    "keep": lambda s, p, m, k: (f"Keep {_card(m)}", pieces.card_piece("choice", m["card"])),
    "discard": _discard,
    "sacrifice": _in_play("Sacrifice"),
    "take_back": _in_play("Take", " back"),
    "summon_free": _summon_free,
    "give": lambda s, p, m, k: (
        f"Give {_card(m)} to {{p{m['to']}}}",
        pieces.card_piece("choice", m["card"]),
    ),
    "copy": lambda s, p, m, k: (
        f"Copy {{p{m['target']}}}'s reserve",
        pieces.player_piece(m["target"]),
    ),
    "move_marker": lambda s, p, m, k: (
        f"Move the season marker {m['by']:+d}",
        pieces.marker_piece(m["by"]),
    ),
    "count": lambda s, p, m, k: (f"Change {count_of(m['n'], 'token')}", pieces.count_piece(m["n"])),
    "orb_summon": lambda s, p, m, k: ("Pay 4 energy and summon it", _chosen(s)),
    "orb_back": lambda s, p, m, k: ("Leave it on the pile", _chosen(s)),
    "done": lambda s, p, m, k: ("Done", pieces.DONE),
    "cancel": lambda s, p, m, k: ("Cancel this bonus", pieces.BONUS_CANCEL),
}


def _forced(state: State, kind: str, seat: int, move: Move) -> bool:
    """The seat's only legal move: playing it for the seat decides nothing.
    The main part of a turn always offers ending it, so only that can be
    alone there (listing the turn's moves is not needed for the others)."""
    if kind == "main" and move["action"] != "end_turn":
        return False
    legal = flow.legal_moves(state, seat)
    return len(legal) == 1 and legal[0] == move


# Moves that name a card only the seat sees: the draft packet and the year
# sets (SEA-4), the hand, and the cards it is choosing among or paying for.
PRIVATE = (
    "pick",
    "assign",
    "summon",
    "summon_free",
    "keep",
    "give",
    "pay",
    "orb_summon",
    "orb_back",
)


def describe(state: State, seat: int, move: Move) -> About:
    task = head(state)
    kind = task["k"] if task else ""
    action = move["action"]
    label, target = DESCRIBERS[action](state, seat, move, kind)
    group = TITLE_OF.get(action, "Choose")
    if action == "activate" and kind == "malice":
        group = "Die of Malice"
    return About(
        label,
        target=target,
        group=group,
        forced=_forced(state, kind, seat, move),
        private=action in PRIVATE or (action == "discard" and "card" in move),
    )
