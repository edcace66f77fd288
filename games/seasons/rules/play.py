"""Cards entering and leaving play, paying for them, activating them, moving
the season marker: the steps the turn and the cards share.

Rules: SEA-7.1 to SEA-7.5 (summoning, the gauge, activation once a round),
SEA-OP13a (a card leaving play loses its tokens), SEA-9.1 to SEA-9.4 with
SEA-OP16 and SEA-OP17 (the marker, seasons and years), SEA-11.9. Where a
card in play changes one of these steps (a summon's cost, an activation, a
transmutation), the step asks the cards in play through their hooks
(hooks.Card); the effect itself is written beside the card in cards.py.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from games.engine import LogLine, State, line
from games.seasons.rules.data import MONTHS, SEASONS, YEARS, season_of
from games.seasons.rules.hooks import CARDS, ITEM, Card
from games.seasons.rules.table import (
    find_in_play,
    limit,
    lose_crystals,
    number,
    opponents,
    order_from,
    pay_to,
    schedule,
    spend,
    spendable,
)
from games.seasons.rules.text import card_list, card_name, cost_text, crystals


def is_item(card: int) -> bool:
    return CARDS[number(card)].kind == ITEM


# -- energy gifts ------------------------------------------------------------------


def offer_energy(state: State, seat: int, n: int, why: int, onto: int | None = None) -> None:
    """Let the seat choose `n` tokens, one move each. More than the reserve
    can hold would be given back anyway: the seat chooses at most its limit."""
    staged = state["staged"]
    if staged and staged[-1] == {
        "k": "gain",
        "seat": seat,
        "n": staged[-1]["n"],
        "why": why,
        "onto": onto,
    }:
        n += staged.pop()["n"]  # two copies of a card give one choice of both tokens
    if onto is None:
        n = min(n, limit(state, seat))
    if n > 0:
        schedule(state, "gain", seat, n=n, why=why, onto=onto)


def offer_cards(state: State, seat: int, cards: list[int], why: int, may_discard: bool) -> None:
    """The seat keeps one of `cards` in hand (or, if allowed, none); the rest
    are discarded."""
    if cards:
        schedule(state, "keep", seat, cards=cards, why=why, may_discard=may_discard)


# -- summoning ---------------------------------------------------------------------


def room(state: State, seat: int) -> bool:
    """SEA-7.1, SEA-E1: one more card needs a gauge above the cards in play."""
    p = state["p"][seat]
    return len(p["play"]) < p["gauge"]


def entries_in_play(state: State, seat: int) -> list[Card]:
    """The catalogue entry of each card the seat has in play, a copy each."""
    return [CARDS[number(inst["id"])] for inst in state["p"][seat]["play"]]


def summon_fee(state: State, seat: int) -> int:
    """Crystals the seat's opponents' cards take before it summons from hand."""
    return sum(
        entry.opponent_summon_fee
        for o in opponents(state, seat)
        for entry in entries_in_play(state, o)
    )


def energy_discount(state: State, seat: int) -> int:
    """Energy tokens the seat's cards spare on each summon."""
    return sum(entry.energy_discount for entry in entries_in_play(state, seat))


def transmute_bonus(state: State, seat: int, tokens: int) -> int:
    """Crystals more the seat's cards give for `tokens` tokens transmuted."""
    return tokens * sum(entry.transmute_extra for entry in entries_in_play(state, seat))


def summon_means(state: State, seat: int) -> tuple[int, int, list[int]]:
    """What any summon from hand works with now: the crystals the opponents'
    cards take first, the energy tokens the seat's cards spare, and the
    tokens of each element it may spend. Listing the summons asks once."""
    spend = [spendable(state, seat, e) for e in range(4)]
    return summon_fee(state, seat), energy_discount(state, seat), spend


def can_pay(
    state: State, seat: int, card: int, means: tuple[int, int, list[int]] | None = None
) -> bool:
    """Whether some payment exists (what `payment_options` would list), cheaply.
    `means` is `summon_means(state, seat)`, when the caller has it."""
    entry = CARDS[number(card)]
    cost = entry.cost_for(state["players"])
    fee, discount, spend = means or summon_means(state, seat)
    if (cost[4] if cost else 0) + fee > state["p"][seat]["crystals"]:
        return False
    if entry.summon_condition is not None and not entry.summon_condition(state, seat):
        return False
    if cost is None:
        return True
    short = sum(max(0, cost[e] - spend[e]) for e in range(4) if cost[e])
    return short <= min(discount, max(0, sum(cost[:4]) - 1))


def payment_options(state: State, seat: int, card: int) -> list[dict[str, Any]]:
    """Every distinct way to pay for a card from hand: which energy Hand of
    Fortune spares (SEA-11.20, SEA-OP32) and how many tokens come from
    Amulets of Water (SEA-OP23). Empty when the seat cannot pay."""
    entry = CARDS[number(card)]
    cost = entry.cost_for(state["players"])
    p = state["p"][seat]
    if (cost[4] if cost else 0) + summon_fee(state, seat) > p["crystals"]:
        return []
    if entry.summon_condition is not None and not entry.summon_condition(state, seat):
        return []
    if cost is None:
        return [{"skip": [], "amulet": [0, 0, 0, 0]}]
    energy = list(cost[:4])
    total = sum(energy)
    spare = min(energy_discount(state, seat), max(0, total - 1))
    tokens = [e for e in range(4) for _ in range(energy[e])]
    amulet = [sum(c["tokens"][e] for c in p["play"] if number(c["id"]) == 4) for e in range(4)]
    options = []
    for skip in sorted(set(combinations(tokens, spare))):
        need = energy[:]
        for e in skip:
            need[e] -= 1
        ranges = []
        for e in range(4):
            low, high = max(0, need[e] - p["energy"][e]), min(need[e], amulet[e])
            if low > high:
                break
            ranges.append(range(low, high + 1))
        else:
            for split in product(*ranges):
                options.append({"skip": list(skip), "amulet": list(split)})
    return options


def pay(state: State, seat: int, card: int, option: dict[str, Any], log: list[LogLine]) -> None:
    """Pay a card's cost (and the Leeches' fee), then put it into play."""
    entry = CARDS[number(card)]
    cost = entry.cost_for(state["players"])
    for owner in opponents(state, seat):
        for other in entries_in_play(state, owner):
            if other.opponent_summon_fee:
                given = pay_to(state, seat, owner, other.opponent_summon_fee)
                log.append(
                    line(
                        f"{{p{seat}}} gives {crystals(given)} to "
                        f"{{p{owner}}}'s {card_name(other.number)}."
                    )
                )
    paid, crystal_cost = [0, 0, 0, 0], 0
    if cost is not None:
        need = list(cost[:4])
        for e in option["skip"]:
            need[e] -= 1
        for e in range(4):
            if need[e]:
                spend(state, seat, e, need[e], amulet_first=option["amulet"][e])
        paid, crystal_cost = need, cost[4]
        lose_crystals(state, seat, crystal_cost)
    state["p"][seat]["hand"].remove(card)
    named = card_name(number(card), article=True)
    log.append(line(f"{{p{seat}}} summons {named} ({cost_text(paid, crystal_cost)})."))
    enter_play(state, seat, card, log, free=False)


def enter_play(state: State, seat: int, card: int, log: list[LogLine], *, free: bool) -> None:
    """A card comes into play. Paid for from hand, the seat's cards in play
    react to the summon (Staff of Spring, Yjang's Vase); brought in `free` by
    another card's effect (Chalice, Orb, Dreams) they do not (SEA-11.6,
    11.9). Either way its on-summon effect applies (SEA-OP31)."""
    if not free:  # the cards already in play, not the one arriving
        for entry in entries_in_play(state, seat):
            if entry.own_summon is not None:
                entry.own_summon(state, seat, card, log)
    state["p"][seat]["play"].append({"id": card, "tapped": False, "tokens": [0, 0, 0, 0]})
    entry = CARDS[number(card)]
    effect = entry.on_free_summon if free and entry.on_free_summon else entry.on_summon
    if effect is not None:
        effect(state, seat, card, log)


def leave_play(state: State, seat: int, card: int, log: list[LogLine], *, to: str) -> None:
    """A card leaves play, sacrificed (`to` "discard") or taken back ("hand").
    Its tokens and effects go with it (SEA-OP13a); the reserve limit is
    checked after the move."""
    p = state["p"][seat]
    p["play"] = [c for c in p["play"] if c["id"] != card]
    if to == "hand":
        p["hand"].append(card)
        return
    if to == "none":  # moved elsewhere by its own effect (Damned Soul of Onys)
        return
    state["discard"].append(card)
    entry = CARDS[number(card)]
    if entry.on_sacrifice is not None:
        entry.on_sacrifice(state, seat, card, log)


def sacrifice(state: State, seat: int, card: int, log: list[LogLine], why: str = "") -> None:
    log.append(line(f"{{p{seat}}} sacrifices {card_name(number(card), article=True)}{why}."))
    leave_play(state, seat, card, log, to="discard")


# -- activation --------------------------------------------------------------------


def activation_moves(state: State, seat: int) -> list[dict[str, Any]]:
    """Every activation the seat may make now: each untapped card once a
    round (SEA-7.5), with the card's own parameters."""
    moves = []
    seen: set[tuple] = set()
    for inst in state["p"][seat]["play"]:
        entry = CARDS[number(inst["id"])]
        if inst["tapped"] or entry.activations is None or entry.turn_start:
            continue
        for params in entry.activations(state, seat, inst):
            key = (number(inst["id"]), tuple(sorted(params.items())))
            if key in seen:  # two untapped copies: offer the first one
                continue
            seen.add(key)
            moves.append({"action": "activate", "card": inst["id"], **params})
    return moves


def activate(state: State, seat: int, card: int, params: dict[str, Any], log: list[LogLine]):
    inst = find_in_play(state, seat, card)
    inst["tapped"] = True
    entry = CARDS[number(card)]
    log.append(line(f"{{p{seat}}} activates {card_name(number(card), article=True)}."))
    for owner in opponents(state, seat):
        for other in entries_in_play(state, owner):
            if other.opponent_activation is not None:
                other.opponent_activation(state, owner, seat, log)
    entry.activate(state, seat, inst, params, log)


# -- the season marker -------------------------------------------------------------


def marker_moves(state: State) -> list[int]:
    """Temporal Boots: 1 to 3 spaces either way, never before the first
    month of year 1."""
    position = (state["year"] - 1) * MONTHS + state["month"]
    return [d for d in (-3, -2, -1, 1, 2, 3) if position + d >= 1]


def move_marker(state: State, delta: int, log: list[LogLine]) -> None:
    """Move the marker; a new season runs its cards' effects in turn order
    from the first player (SEA-9.2, SEA-OP16); crossing 12 -> 1 starts a new
    year (SEA-9.3) or, in year 3, ends the game (SEA-9.4, SEA-OP17)."""
    before = state["month"]
    month = before + delta
    if month > MONTHS:
        month -= MONTHS
        if state["year"] == YEARS:
            state["ended"] = True
        else:
            state["year"] += 1
    elif month < 1:
        month += MONTHS
        state["year"] -= 1
    state["month"] = month
    season = season_of(month)
    log.append(line(f"The season marker moves to {SEASONS[season]}, month {month}."))
    if season_of(before) != season:
        for seat in order_from(state, state["first"]):
            for inst in list(state["p"][seat]["play"]):
                entry = CARDS[number(inst["id"])]
                if entry.season_change is not None:
                    entry.season_change(state, seat, inst, log)
    if state["year"] > state["sets_added"] and not state["ended"]:
        state["sets_added"] = state["year"]
        log.append(line(f"Year {state['year']} begins: each player takes their next set."))
        for seat, p in enumerate(state["p"]):
            cards = p["years"].pop(0)
            p["hand"].extend(cards)
            names = card_list(cards)
            log.append(line(f"Year {state['year']}: you take {names} into hand.", to=[seat]))
