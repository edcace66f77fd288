"""Putting an action together: its dice, their price, the marker that
changes them, and what the action is worth (TRO-10 to TRO-15).

A build is `{"kind", "target", "dice": [die ids], "marker": card id or None,
"sup": None | "hire" | card id}`: `kind` is "card" (target: a card id),
"cathedral", "event" (target: an event id), "citizen" (target: a building
colour) or "agriculture". Nothing shared changes until it is confirmed.
"""

from __future__ import annotations

from typing import Any

from games.engine import State
from games.troyes.rules import cards as C
from games.troyes.rules import table as T
from games.troyes.rules.text import the_name

SUM_KINDS = ("card", "event", "agriculture")


def required_colour(state: State, build: dict[str, Any]) -> str:
    kind, target = build["kind"], build["target"]
    if kind == "card":
        return C.CARDS[target].colour
    if kind == "event":
        return C.EVENT_CARDS[target].fight
    if kind == "citizen":
        return target
    if kind == "cathedral":
        return C.WHITE
    return C.YELLOW


def marker_effect(build: dict[str, Any]) -> str | None:
    return C.CARDS[build["marker"]].effect if build["marker"] else None


def marker_applies(state: State, build: dict[str, Any], card_id: str) -> bool:
    """Whether a delayed card's marker can change this action (TRO-11.11)."""
    effect = C.CARDS[card_id].effect
    need = required_colour(state, build)
    kind = build["kind"]
    if effect == C.YELLOW_AS_RED:
        return need == C.RED
    if effect == C.FREE_YELLOW:
        return need == C.YELLOW
    if effect == C.WHITE_AS_THREE_YELLOW:
        return need == C.YELLOW and kind != "citizen"
    if effect == C.PLUS_FIVE_RED:
        return need == C.RED and kind in SUM_KINDS
    if effect == C.PLUS_THREE_YELLOW:
        return need == C.YELLOW and kind in SUM_KINDS
    return kind in SUM_KINDS  # all fives, plus one each


def allowed_colour(state: State, build: dict[str, Any]) -> str:
    effect = marker_effect(build)
    if effect == C.YELLOW_AS_RED:
        return C.YELLOW
    if effect == C.WHITE_AS_THREE_YELLOW:
        return C.WHITE
    return required_colour(state, build)


def dice_range(state: State, build: dict[str, Any]) -> tuple[int, int]:
    """How many dice the action takes (TRO-OP14); the Monk's one white die."""
    if build["kind"] == "citizen" or marker_effect(build) == C.WHITE_AS_THREE_YELLOW:
        return 1, 1
    if build["kind"] == "card":
        return C.CARDS[build["target"]].dice
    return 1, 3


def dice_price(state: State, seat: int, build: dict[str, Any], dice_ids: list[int]) -> int:
    """TRO-10.4: each die bought costs 2 deniers per die in the action;
    free from other districts with a Tithing marker."""
    if marker_effect(build) == C.FREE_YELLOW:
        return 0
    bought = sum(1 for i in dice_ids if T.die(state, i)["owner"] != seat)
    return bought * C.DIE_PRICE * len(dice_ids)


def hire_price(build: dict[str, Any]) -> int:
    """TRO-11.3, TRO-OP17: a citizen from the supply or from a building is
    hired for the card's price (JP-SUM); moving a supervisor is free."""
    hired = build["sup"] == "hire" or build["sup"] in C.COLOURS
    return C.CARDS[build["target"]].hire if hired else 0


def total_price(state: State, seat: int, build: dict[str, Any], dice_ids: list[int]) -> int:
    return dice_price(state, seat, build, dice_ids) + (
        hire_price(build) if build["kind"] == "card" else 0
    )


def values(state: State, build: dict[str, Any]) -> list[int]:
    """The pips that count for a sum-based action, after the marker."""
    dice = [T.die(state, i) for i in build["dice"]]
    effect = marker_effect(build)
    vals = [d["value"] for d in dice]
    if effect == C.WHITE_AS_THREE_YELLOW:
        return vals * 3
    if effect == C.ALL_FIVES:
        return [5] * len(vals)
    if effect == C.PLUS_THREE_YELLOW:
        return [v + 3 for v in vals]
    if effect == C.PLUS_ONE_EACH:
        return [v + 1 for v in vals]
    return vals


def pips(state: State, build: dict[str, Any]) -> int:
    total = sum(values(state, build))
    if marker_effect(build) == C.PLUS_FIVE_RED:
        total += 5
    return total


def effectiveness(state: State, build: dict[str, Any]) -> int:
    """TRO-10.6, TRO-OP15: pips divided by the card's number, rounded down."""
    kind = build["kind"]
    if kind == "card":
        return pips(state, build) // C.CARDS[build["target"]].divisor
    if kind == "event":
        return pips(state, build) // C.EVENT_CARDS[build["target"]].divisor
    if kind == "agriculture":
        return pips(state, build) // C.AGRICULTURE_DIVISOR  # TRO-15.2
    return len(build["dice"])


def cathedral_fits(state: State, faces: list[int]) -> bool:
    """TRO-OP20: every die finds a free level in its column."""
    for face in set(faces):
        if len(state["cathedral"][face - 1]) + faces.count(face) > C.CATHEDRAL_LEVELS:
            return False
    return True


def can_add(state: State, seat: int, build: dict[str, Any], d: dict[str, Any]) -> bool:
    if d["id"] in build["dice"] or d["colour"] != allowed_colour(state, build):
        return False
    _low, high = dice_range(state, build)
    if len(build["dice"]) >= high:
        return False
    if marker_effect(build) == C.FREE_YELLOW and d["owner"] != seat:
        owners = {T.die(state, i)["owner"] for i in build["dice"]}
        if d["owner"] in owners:
            return False  # one die from each other district
    dice_ids = build["dice"] + [d["id"]]
    if total_price(state, seat, build, dice_ids) > state["deniers"][seat]:
        return False
    kind = build["kind"]
    if kind == "cathedral":
        return cathedral_fits(state, [T.die(state, i)["value"] for i in dice_ids])
    if kind == "citizen":
        return T.can_place(state, build["target"], d["value"])
    return True


def needs_supervisor(state: State, seat: int, build: dict[str, Any]) -> bool:
    return (
        build["kind"] == "card"
        and seat not in state["supervisors"].get(build["target"], [])
        and build["sup"] is None
    )


def trade_affordable(state: State, seat: int, card: C.ActivityCard, deniers: int) -> int:
    """How many uses of a trade card the seat can pay for."""
    most = 10**6
    for what, amount in card.pays.items():
        have = deniers if what == "deniers" else state["ip"][seat]
        most = min(most, have // amount)
    return most


def confirm_problem(state: State, seat: int, build: dict[str, Any]) -> str | None:
    """Why this build cannot be confirmed yet, or None."""
    low, _high = dice_range(state, build)
    count = len(build["dice"])
    if count < low:
        return "Add dice to the action first."
    if needs_supervisor(state, seat, build):
        return "Choose where your supervisor comes from."
    price = total_price(state, seat, build, build["dice"])
    if price > state["deniers"][seat]:
        return "You cannot pay for these dice."
    if build["kind"] == "card":
        card = C.CARDS[build["target"]]
        if effectiveness(state, build) < 1:
            return f"These dice do not reach {card.divisor}: the card must be used at least once."
        left = state["deniers"][seat] - price
        if card.effect == C.TRADE and trade_affordable(state, seat, card, left) < 1:
            return f"You cannot pay for even one use of {the_name(card)}."
    return None
