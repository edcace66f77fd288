"""Seasons' words: card names with or without their article, counts, costs,
die faces, what a decision is about, and the labels of the buttons ("Summon
the Staff of Spring (3 earth)").

Everything here reads only public parts of the state and the move it is
given. Plurals go through `games.words.count_of`; a card's name goes through
`card_name`, which alone knows which names take "the".
"""

from __future__ import annotations

from games.engine import Move, State
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
from games.seasons.rules.table import face_of, find_in_play, head, number, rate
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


BONUSES = {
    1: "Bonus: exchange 2 energy",
    2: "Bonus: transmute +1 this turn",
    3: "Bonus: summoning gauge +1",
    4: "Bonus: draw 2 cards, keep 1",
}


def _activation(state: State, seat: int, move: Move) -> str:
    num = number(move["card"])
    card = card_name(num, article=True)
    element = ELEMENTS[move["element"]] if "element" in move else ""
    mode = move.get("mode")
    if mode == "energy":
        return f"Activate {card}: 3 crystals for 1 energy"
    if mode == "transmute":
        return f"Activate {card}: give 1 {element} to transmute"
    if mode == "look":
        return f"Activate {card}: look at the top card"
    if mode == "bury":
        return f"Activate {card}: 3 crystals to discard the top card"
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


def _pay(state: State, seat: int, move: Move) -> str:
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


def label(state: State, seat: int, move: Move) -> str:
    action = move["action"]
    el = ELEMENTS[move["element"]] if "element" in move else ""
    card = card_name(number(move["card"]), article=True) if "card" in move else ""
    if action == "pick":
        return f"Pick {card}"
    if action == "assign":
        return f"{card_name(number(move['card']))} to year {move['year']}"
    if action == "clear":
        return "Start the sets again"
    if action == "confirm":
        return "Confirm my three sets"
    if action == "take_die":
        return f"Take the die: {face_text(face_of(state, move['die']))}"
    if action == "proceed":
        return "Keep this die"
    if action == "star":
        return "Raise my summoning gauge by 1"
    if action == "draw":
        return "Draw a card"
    if action == "transmute":
        return f"Transmute 1 {el} into {crystals(rate(state, move['element']))}"
    if action == "summon":
        num = number(move["card"])
        cost = CARDS[num].cost_for(state["players"])
        if num == 31:  # its energy is given once it is in play
            price = "then 1 to 4 energy"
        else:
            price = "free" if cost is None else cost_text(cost[:4], cost[4])
        if num == 9 and not _room_after(state, seat):
            price += "; no room left for its free card"
        return f"Summon {card} ({price})"
    if action == "activate":
        return _activation(state, seat, move)
    if action == "bonus":
        return BONUSES[move["bonus"]]
    if action == "end_turn":
        return "End my turn"
    if action == "pay":
        return _pay(state, seat, move)
    if action == "take":
        return f"Take 1 {el}"
    if action == "give_back":
        return f"Give 1 {el}"
    if action == "return":
        return f"Give back 1 {el}"
    if action == "keep":
        return f"Keep {card}"
    if action == "discard":
        return f"Discard {card}" if "card" in move else "Discard it"
    if action == "sacrifice":
        return f"Sacrifice {card}{_in_play_note(state, seat, move['card'])}"
    if action == "take_back":
        return f"Take {card} back{_in_play_note(state, seat, move['card'])}"
    if action == "summon_free":
        return f"Summon {card} for free"
    if action == "give":
        return f"Give {card} to {{p{move['to']}}}"
    if action == "copy":
        return f"Copy {{p{move['target']}}}'s reserve"
    if action == "move_marker":
        return f"Move the season marker {move['by']:+d}"
    if action == "count":
        return f"Change {count_of(move['n'], 'token')}"
    if action == "orb_summon":
        return "Pay 4 energy and summon it"
    if action == "orb_back":
        return "Leave it on the pile"
    if action == "use":
        return f"Give 1 {el}"
    if action == "done":
        return "Done"
    if action == "cancel":
        return "Cancel this bonus"
    return action


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
