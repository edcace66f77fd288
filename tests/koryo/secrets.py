"""Scramble what a seat may not know, to prove that nothing it sees depends on it.

`scramble_secrets(state, seat, rng)` returns a copy of a Koryo state where
every secret hidden from `seat` (None: a spectator) is changed and every count
kept: other players' hands and face-down orders are swapped with deck cards of
other kinds where the deck has them, the deck is reordered, the rng state and
any kind another player is choosing are changed. A view, prompt or summary
that differs between a state and its scramble leaks a secret. Also used by the
web and API tests.
"""

from __future__ import annotations

import random

from games.engine import State
from games.koryo.rules.cards import CARD_KINDS


def _swap_cards(cards: list[int], deck: list[int], rng: random.Random) -> list[int]:
    """Replace each card by a deck card of another kind (the card goes to the deck)."""
    result = []
    for card in cards:
        others = [i for i, c in enumerate(deck) if CARD_KINDS[c] != CARD_KINDS[card]]
        if not others:
            result.append(card)
            continue
        index = rng.choice(others)
        result.append(deck[index])
        deck[index] = card
    return sorted(result)


def _swap_orders(cards: list[int], deck: list[int], rng: random.Random) -> list[int]:
    """Replace each group of same-kind orders by as many deck cards of one
    other kind, so the orders stay a legal order (all alike, or a pair)."""
    result = []
    for kind in sorted({CARD_KINDS[card] for card in cards}):
        group = [card for card in cards if CARD_KINDS[card] == kind]
        taken = {CARD_KINDS[card] for card in cards}
        choices = [
            k
            for k in sorted(set(CARD_KINDS))
            if k not in taken and sum(1 for c in deck if CARD_KINDS[c] == k) >= len(group)
        ]
        if not choices:
            result += group
            continue
        new_kind = rng.choice(choices)
        for card in group:
            index = next(i for i, c in enumerate(deck) if CARD_KINDS[c] == new_kind)
            result.append(deck[index])
            deck[index] = card
    return sorted(result)


def scramble_secrets(state: State, seat: int | None, rng: random.Random) -> State:
    new = dict(state)
    deck = list(state["deck"])
    hands = [list(hand) for hand in state["hands"]]
    orders = [list(cards) for cards in state["orders"]]
    for other in range(state["players"]):
        if other == seat:
            continue
        hands[other] = _swap_cards(hands[other], deck, rng)
        orders[other] = _swap_orders(orders[other], deck, rng)
    rng.shuffle(deck)
    new.update(deck=deck, hands=hands, orders=orders, rng=rng.getrandbits(64))
    if state["order_kind"] is not None and state["current"] != seat:
        # The kind being chosen is part of that hand: follow the new hand.
        current_hand = hands[state["current"]]
        new["order_kind"] = CARD_KINDS[current_hand[-1]] if current_hand else None
    return new
