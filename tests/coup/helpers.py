"""Small builders for Coup tests: a state with chosen hands and coins, moves
applied by name, and the invariants every reachable state must keep."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from games.coup.rules import ENGINE
from games.coup.rules.cards import (
    CHARACTERS,
    COPIES,
    FORCED_COUP,
    GAME_OVER,
    LOYALIST,
    REFORMIST,
    TOTAL_COINS,
    TURN,
)
from games.engine import State

FULL_DECK = Counter({card: COPIES for card in CHARACTERS})
SORTED_DECK = sorted(FULL_DECK.elements())
FACTION_CODES = {"L": LOYALIST, "R": REFORMIST}


def make_state(
    hands: list[list[str]],
    *,
    coins: list[int] | None = None,
    dead: list[list[str]] | None = None,
    turn: int = 0,
    factions: str | None = None,
    almshouse: int = 0,
    options: dict[str, Any] | None = None,
    seed: int = 7,
) -> State:
    """A state at the start of `turn`'s turn with exactly these cards and coins.

    `factions` is a string such as "LLR" (seat 0 and 1 Loyalists, seat 2
    Reformist) and switches the variant on. The deck holds the other cards.
    """
    n = len(hands)
    options = dict(options or {})
    if factions is not None:
        options["factions"] = True
    state = copy.deepcopy(ENGINE.setup(n, options, seed))
    state["hands"] = [list(hand) for hand in hands]
    state["dead"] = [list(cards) for cards in dead] if dead else [[] for _ in range(n)]
    if coins is None:
        coins = [2 if hand else 0 for hand in hands]
    state["coins"] = list(coins)
    if factions is not None:
        state["factions"] = [FACTION_CODES[code] for code in factions]
        state["almshouse"] = almshouse
    held = Counter(card for cards in state["hands"] + state["dead"] for card in cards)
    assert not held - FULL_DECK, "more copies than the deck holds"
    state["deck"] = sorted((FULL_DECK - held).elements())
    state["treasury"] = TOTAL_COINS - sum(state["coins"]) - (state["almshouse"] or 0)
    state["eliminations"][-1] = [seat for seat in range(n) if not state["hands"][seat]]
    state["turn"] = state["first"] = turn
    state["log"] = []
    check_invariants(state)
    return state


def act(state: State, seat: int, action: str, **fields: Any) -> State:
    return ENGINE.apply(state, seat, {"action": action, **fields})


def block(state: State, seat: int, card: str) -> State:
    return ENGINE.apply(state, seat, {"action": "block", "as": card})


def everyone_passes(state: State) -> State:
    """Every seat still asked in the open window passes."""
    for seat in ENGINE.to_act(state):
        state = act(state, seat, "pass")
    return state


def public_text(state: State) -> list[str]:
    return [ln["text"] for ln in state["log"] if ln["to"] is None]


def private_text(state: State, seat: int) -> list[str]:
    return [ln["text"] for ln in state["log"] if ln["to"] == [seat]]


def card_total(state: State) -> Counter:
    cards = Counter(state["deck"]) + Counter(state["exchange_draw"])
    for hand, dead in zip(state["hands"], state["dead"], strict=True):
        cards.update(hand)
        cards.update(dead)
    return cards


def all_cards(state: State) -> list[str]:
    cards = state["deck"] + state["exchange_draw"]
    for hand, dead in zip(state["hands"], state["dead"], strict=True):
        cards += hand
        cards += dead
    return cards


def check_invariants(state: State) -> None:
    """What must hold after every move (section 13, "Invariants")."""
    n = state["num_players"]
    # 15 cards: deck + living + dead + an Exchange draw held in hand.
    assert sorted(all_cards(state)) == SORTED_DECK
    coins = state["coins"]
    assert min(coins) >= 0
    almshouse = state["almshouse"] or 0
    assert almshouse >= 0
    assert state["treasury"] + almshouse + sum(coins) == TOTAL_COINS
    for seat in range(n):
        living, dead = state["hands"][seat], state["dead"][seat]
        assert len(living) + len(dead) == 2
        if not living:
            assert coins[seat] == 0, "an eliminated player's coins go to the treasury"
    for answered in state["answers"]:
        assert 0 <= answered["challenges"] <= answered["challenge_windows"]
        assert 0 <= answered["blocks"] <= answered["block_windows"]
    to_act = ENGINE.to_act(state)
    assert all(state["hands"][seat] for seat in to_act), "eliminated players never act"
    if state["phase"] == TURN and coins[state["turn"]] >= FORCED_COUP:
        moves = ENGINE.legal_moves(state, state["turn"])
        assert moves and all(move["action"] == "coup" for move in moves)
    check_rounds(state)


def check_rounds(state: State) -> None:
    """Every finished round ended with exactly one living player.

    Only the latest finished round is checked: a playout checks every state,
    so each round is checked as soon as it ends (the records never change)."""
    n = state["num_players"]
    finished = state["round_winners"]
    over = state["phase"] == GAME_OVER
    assert len(state["eliminations"]) == state["round"]
    assert len(finished) == state["round"] - (0 if over else 1)
    if finished:
        winner, eliminated = finished[-1], state["eliminations"][len(finished) - 1]
        assert len(eliminated) == n - 1 == len(set(eliminated)) and winner not in eliminated
    if over:
        living = [seat for seat in range(n) if state["hands"][seat]]
        assert living == [state["winner"]]
        assert not ENGINE.to_act(state)


# A spread of table sizes and variants for tests that sample reachable states.
SAMPLE_CONFIGS = [
    (2, {}),
    (3, {"factions": True}),
    (4, {"rounds_to_win": 2}),
    (5, {"factions": True, "rounds_to_win": 2}),
    (6, {}),
]


def reachable_states(games: int = 8, every: int = 3) -> Iterator[State]:
    """States met in seeded random games, one in `every`, and each final state."""
    for players, options in SAMPLE_CONFIGS:
        for seed in range(games):
            picker = random.Random(seed)
            state = ENGINE.setup(players, options, seed)
            count = 0
            while ENGINE.outcome(state) is None:
                if count % every == 0:
                    yield state
                seat = picker.choice(ENGINE.to_act(state))
                state = ENGINE.apply(state, seat, picker.choice(ENGINE.legal_moves(state, seat)))
                count += 1
            yield state
