"""Button texts for Seasons' moves ("Summon the Staff of Spring")."""

from __future__ import annotations

from games.engine import Move, State
from games.seasons.rules.data import ELEMENTS
from games.seasons.rules.flow import face_of, face_text
from games.seasons.rules.hooks import CARDS
from games.seasons.rules.play import cost_text, the
from games.seasons.rules.table import head, number, rate

BONUSES = {
    1: "Bonus: exchange 2 energy",
    2: "Bonus: transmute +1 this turn",
    3: "Bonus: summoning gauge +1",
    4: "Bonus: draw 2 cards, keep 1",
}


def _activation(state: State, seat: int, move: Move) -> str:
    card = move["card"]
    num = number(card)
    if "element" in move and num == 35:
        return f"Activate the Glutton Cauldron: put in 1 {ELEMENTS[move['element']]}"
    if move.get("mode") == "energy":
        return f"Activate {the(card)}: 3 crystals for 1 energy"
    if move.get("mode") == "transmute":
        return f"Activate {the(card)}: give 1 {ELEMENTS[move['element']]} to transmute"
    if move.get("mode") == "look":
        return f"Activate {the(card)}: look at the top card"
    if move.get("mode") == "bury":
        return f"Activate {the(card)}: 3 crystals to discard the top card"
    if "familiar" in move:
        where = "discard from hand" if move["from"] == "hand" else "sacrifice"
        return f"Activate {the(card)}: {where} {the(move['familiar'])}"
    if "from" in move:
        return f"Activate {the(card)}: change {ELEMENTS[move['from']]} into {ELEMENTS[move['to']]}"
    if "element" in move:
        return (
            f"Activate {the(card)} with 1 {ELEMENTS[move['element']]}"
            if num != 5
            else (f"Activate the Balance of Ishtar: 4 {ELEMENTS[move['element']]}")
        )
    return f"Activate {the(card)}"


def _pay(state: State, seat: int, move: Move) -> str:
    cost = CARDS[number(head(state)["card"])].cost_for(state["players"])
    need = list(cost[:4])
    for e in move["skip"]:
        need[e] -= 1
    reserve = [need[e] - move["amulet"][e] for e in range(4)]
    text = f"Pay {cost_text(reserve, cost[4])}"
    if any(move["amulet"]):
        text += f" and {cost_text(move['amulet'])} from the Amulet of Water"
    if move["skip"]:
        text += f" (Hand of Fortune spares 1 {ELEMENTS[move['skip'][0]]})"
    return text


def _room_after(state: State, seat: int) -> bool:
    """Whether the gauge has room for one more card after this one (SEA-7.1)."""
    p = state["p"][seat]
    return len(p["play"]) + 1 < p["gauge"]


def label(state: State, seat: int, move: Move) -> str:
    action = move["action"]
    el = ELEMENTS[move["element"]] if "element" in move else ""
    if action == "pick":
        return f"Pick {the(move['card'])}"
    if action == "assign":
        return f"{CARDS[number(move['card'])].name} to year {move['year']}"
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
        return f"Transmute 1 {el} into {rate(state, move['element'])} crystals"
    if action == "summon":
        cost = CARDS[number(move["card"])].cost_for(state["players"])
        if number(move["card"]) == 31:  # its energy is given once it is in play
            price = "then 1 to 4 energy"
        else:
            price = "free" if cost is None else cost_text(cost[:4], cost[4])
        if number(move["card"]) == 9 and not _room_after(state, seat):
            price += "; no room left for its free card"
        return f"Summon {the(move['card'])} ({price})"
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
        return f"Keep {the(move['card'])}"
    if action == "discard":
        return f"Discard {the(move['card'])}" if "card" in move else "Discard it"
    if action == "sacrifice":
        return f"Sacrifice {the(move['card'])}"
    if action == "take_back":
        return f"Take {the(move['card'])} back"
    if action == "summon_free":
        return f"Summon {the(move['card'])} for free"
    if action == "give":
        return f"Give {the(move['card'])} to {{p{move['to']}}}"
    if action == "copy":
        return f"Copy {{p{move['target']}}}'s reserve"
    if action == "move_marker":
        return f"Move the season marker {move['by']:+d}"
    if action == "count":
        return f"Change {move['n']} token{'s' if move['n'] != 1 else ''}"
    if action == "orb_summon":
        return "Pay 4 energy and summon it"
    if action == "orb_back":
        return "Leave it on the pile"
    if action == "use":
        return f"Give 1 {el}"
    if action == "done":
        return "Done"
    return action
