"""A whole Koryo state rebuilt from one seat's view, its secrets drawn anew.

What a seat sees (section 3): every tableau, token and count of cards, its
own hand and face-down orders. What it does not: the other hands, the other
face-down orders, the deck and the generator. The 55 cards (KOR-1.1, KOR-1.2)
less every tableau and the seat's own cards are the unseen ones; they are
dealt to the hidden places in the counts the view shows.

Face-down orders are dealt as orders are placed (KOR-6.1, KOR-6.3): all of
one kind, the kind drawn in proportion to the ways the unseen cards could
make it up, or, for two cards of a seat holding the Shipowner majority, as
often as not a pair of two kinds. What a seat has already revealed this turn
is not in the view, so the rest of a half-revealed order is drawn like any
other. Another player's kind chosen but not yet placed is a secret too: the
sample has them still choosing.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import comb
from typing import Any

from games.engine import Rng, State
from games.koryo.rules.cards import CARD_COUNT, CARD_KINDS, SHIPOWNER, internal_kind


def sample_state(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    players = view["players"]
    n = len(players)
    tableaux = [sorted(card["id"] for card in player["tableau"]) for player in players]
    own_hand = sorted(card["id"] for card in view["hand"] or [])
    own_orders = sorted(card["id"] for card in view["my_orders"] or [])

    seen = set(own_hand) | set(own_orders)
    for tableau in tableaux:
        seen.update(tableau)
    unseen = [card for card in range(CARD_COUNT) if card not in seen]
    rng.shuffle(unseen)

    hands: list[list[int]] = [[] for _ in range(n)]
    orders: list[list[int]] = [[] for _ in range(n)]
    hands[seat], orders[seat] = own_hand, own_orders
    # The largest orders first: they are the hardest to make up.
    for other in sorted(range(n), key=lambda i: -players[i]["orders_count"]):
        player = players[other]
        if other == seat:
            continue
        pair = (
            player["orders_count"] == 2 and SHIPOWNER in player["majorities"] and rng.below(2) == 0
        )
        orders[other] = draw_order(unseen, player["orders_count"], pair, rng)
    for other, player in enumerate(players):
        if other != seat:
            size = player["hand_count"]
            hands[other] = sorted(unseen[:size])
            del unseen[:size]
    if len(unseen) != view["deck_size"]:
        raise ValueError("The view's card counts do not add up to the 55 cards.")

    pending = view["pending"]
    own_kind = view["my_order_kind"]
    return {
        "players": n,
        "round": view["round"],
        "first_player": view["first_player"],
        "phase": view["phase"],
        "current": view["current"],
        "deck": unseen,
        "hands": hands,
        "orders": orders,
        "tableaux": tableaux,
        "tokens": [player["tokens"] for player in players],
        "bank": view["bank"],
        "dealt": [player["dealt"] for player in players],
        "order_kind": None if own_kind is None else internal_kind(own_kind),
        "used": list(view["used"]),
        "pending": None
        if pending is None
        else {
            "card": pending["card"]["id"],
            "first": None if pending["first"] is None else pending["first"]["card"]["id"],
        },
        "rng": rng.next64(),
        "log": [],
    }


def draw_order(unseen: list[int], count: int, pair: bool, rng: Rng) -> list[int]:
    """Take `count` cards of one kind from `unseen` (or, for `pair`, one card
    of each of two kinds), the kinds weighted by the ways to make the order."""
    if count == 0:
        return []
    by_kind: dict[int, list[int]] = {}
    for card in unseen:
        by_kind.setdefault(CARD_KINDS[card], []).append(card)
    kinds = sorted(by_kind)
    if pair and len(kinds) >= 2:
        first = weighted_kind(kinds, by_kind, 1, rng)
        second = weighted_kind([k for k in kinds if k != first], by_kind, 1, rng)
        chosen = [by_kind[first][0], by_kind[second][0]]
    elif any(len(by_kind[kind]) >= count for kind in kinds):
        kind = weighted_kind(kinds, by_kind, count, rng)
        chosen = by_kind[kind][:count]
    else:
        # Other orders drawn first took the cards this one was made of: the
        # likeliest kinds, mixed, keep the counts right.
        plentiful = sorted(unseen, key=lambda card: -len(by_kind[CARD_KINDS[card]]))
        chosen = plentiful[:count]
    for card in chosen:
        unseen.remove(card)
    return sorted(chosen)


def weighted_kind(kinds: list[int], by_kind: dict[int, list[int]], count: int, rng: Rng) -> int:
    weights = [comb(len(by_kind[kind]), count) for kind in kinds]
    point = rng.below(sum(weights))
    for kind, weight in zip(kinds, weights, strict=True):
        point -= weight
        if point < 0:
            return kind
    raise AssertionError("unreachable: the draw is below the weights' sum")
