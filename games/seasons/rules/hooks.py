"""Where the cards and the decisions register themselves.

`CARDS[number]` is a card's catalogue entry with its effect functions
(games/seasons/rules/cards.py defines all 50, each in one place).
`DECISIONS[kind]` is how one kind of decision is asked and answered: its
legal moves, what a move does, and what the seat is being asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

ITEM, FAMILIAR = "item", "familiar"
ON_SUMMON, PERMANENT, ACTIVATED, END_OF_ROUND, END_OF_GAME, SEASON_CHANGE = (
    "on summon",
    "permanent",
    "activated",
    "end of round",
    "end of game",
    "change of season",
)


@dataclass
class Card:
    number: int
    name: str
    kind: str
    # (air, water, fire, earth, crystals), or {players: that}; None: no cost
    # to pay in the usual way (Temporal Boots, Die of Malice, Elemental
    # Amulet, Glutton Cauldron).
    cost: Any
    points: int
    timing: tuple[str, ...]
    short: str
    text: str
    rule: str
    on_summon: Callable | None = None
    # Brought into play by another card's effect (Chalice, Orb, Dreams),
    # when that differs from `on_summon` (Elemental Amulet).
    on_free_summon: Callable | None = None
    # (state, seat) -> bool: what summoning it from hand needs beyond its cost.
    summon_condition: Callable | None = None
    activations: Callable | None = None
    activate: Callable | None = None
    end_of_round: Callable | None = None
    season_change: Callable | None = None
    end_of_game: Callable | None = None
    on_sacrifice: Callable | None = None
    # Activated at the start of its owner's turn, before the die is used,
    # rather than in the main part of the turn (Die of Malice).
    turn_start: bool = False
    # Permanent effects that other steps ask the cards in play about:
    # (state, seat, card, log) when its owner summons a card from hand,
    # before that card enters play (Staff of Spring, Yjang's Vase);
    own_summon: Callable | None = None
    # crystals an opponent gives its owner before summoning from hand (Leech);
    opponent_summon_fee: int = 0
    # (state, owner, activator, log) when an opponent activates a card (Fairies);
    opponent_activation: Callable | None = None
    # crystals more per energy token its owner transmutes (Purse of Io);
    transmute_extra: int = 0
    # the size of its owner's reserve while it is in play (Bespelled Grimoire);
    reserve_limit: int | None = None
    # energy tokens it spares on each of its owner's summons (Hand of Fortune).
    energy_discount: int = 0

    def cost_for(self, players: int) -> tuple[int, int, int, int, int] | None:
        if isinstance(self.cost, dict):
            return self.cost[players]
        return self.cost


@dataclass
class Decision:
    moves: Callable  # (state, task) -> list[move]
    apply: Callable  # (state, task, move, log) -> None; pops the task when done
    prompt: Callable  # (state, task) -> str, completing "Waiting for Ana to ..."
    timeout: Callable | None = None  # (state, task, moves) -> move; default first
    # Some move is always possible (ending the turn): the queue need not list
    # the moves to know the decision waits.
    never_empty: bool = False


CARDS: dict[int, Card] = {}
DECISIONS: dict[str, Decision] = {}


def card(number: int, name: str, kind: str, cost: Any, points: int, timing, short, text, rule):
    entry = Card(number, name, kind, cost, points, tuple(timing), short, text, rule)
    CARDS[number] = entry
    return entry


def decision(kind: str, moves, prompt, timeout=None, never_empty=False):
    """Register the answer function of a decision kind (used as a decorator)."""

    def register(apply):
        DECISIONS[kind] = Decision(moves, apply, prompt, timeout, never_empty)
        return apply

    return register
