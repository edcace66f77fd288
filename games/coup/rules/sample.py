"""A whole Coup state rebuilt from one seat's view, its secrets drawn anew.

What a seat sees (section 2): every coin, every dead card, how many living
cards each player holds, the deck's size, the pending action and who has
answered, its own hand and, while it exchanges, its own draw. What it does
not see: the other living cards, the deck's order, another player's Exchange
draw and the generator. Those are drawn here: the cards the seat has not seen
(the fifteen of COUP-1.1 less its own and the dead) are shuffled with the
caller's generator and dealt to the hidden places in the counts the view
shows; the table gets a fresh generator.

The pending action's bookkeeping that the view leaves out (what was paid, which
claim a challenge is against, who is losing a card and what comes next) follows
from the phase and the public fields, as `flow` sets it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from games.coup.rules.cards import (
    ACTIONS,
    CHARACTERS,
    COPIES,
    EXCHANGE,
    GAME_OVER,
    LOSE,
    TOTAL_COINS,
)
from games.coup.rules.flow import BLOCKED, END, STANDS
from games.engine import Rng, State


def sample_state(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    players = view["players"]
    n = len(players)
    over = view["phase"] == GAME_OVER
    own_hand = list(view["hand"] or [])
    own_draw = list(view["exchange_draw"] or [])

    hands: list[list[str] | None] = []
    for i, player in enumerate(players):
        if over:
            hands.append(list(player["shown"] or []))
        elif i == seat:
            hands.append(own_hand)
        else:
            hands.append(None)
    dead = [list(player["dead"]) for player in players]

    pending = view["pending"]
    someone_elses_draw = view["phase"] == EXCHANGE and pending["actor"] != seat
    held = sum(player["influence"] for player in players)
    draw_size = (
        COPIES * len(CHARACTERS) - sum(len(c) for c in dead) - held - view["deck_size"]
        if someone_elses_draw
        else 0
    )
    # In the deck, in other hands or in someone else's Exchange draw: every
    # such card is one the seat has not seen.
    unseen = Counter({card: COPIES for card in CHARACTERS})
    unseen.subtract(own_draw)
    for cards in dead:
        unseen.subtract(cards)
    for hand in hands:
        if hand is not None:
            unseen.subtract(hand)
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    for i, hand in enumerate(hands):
        if hand is None:
            size = players[i]["influence"]
            hands[i], pool = pool[:size], pool[size:]
    draw = own_draw
    if someone_elses_draw:
        draw, pool = pool[:draw_size], pool[draw_size:]
    deck = pool
    if len(deck) != view["deck_size"]:
        raise ValueError("The view's card counts do not add up to the fifteen cards.")

    coins = [player["coins"] for player in players]
    almshouse = view["almshouse"]
    return {
        "options": dict(view["options"]),
        "num_players": n,
        "rng": rng.next64(),
        "round": view["round"],
        "wins": [player["wins"] for player in players],
        "round_winners": list(view["round_winners"]),
        "eliminations": [list(order) for order in view["eliminations_by_round"]],
        "winner": view["winner"],
        "last_reveal": _copy_reveal(view["last_reveal"]),
        "answers": [dict(record) for record in view["answers"]],
        "log": [],
        "hands": hands,
        "dead": dead,
        "deck": deck,
        "coins": coins,
        # Coins, the almshouse and the treasury always hold the box's 50.
        "treasury": TOTAL_COINS - sum(coins) - (almshouse or 0),
        "almshouse": almshouse,
        "factions": [player["faction"] for player in players] if view["factions"] else None,
        "first": view["first"],
        "turn": view["turn"],
        "phase": view["phase"],
        "pending": _full_pending(view),
        "exchange_draw": draw,
    }


def _copy_reveal(reveal: Mapping[str, Any] | None) -> dict[str, Any] | None:
    return None if reveal is None else {**reveal, "cards": list(reveal["cards"])}


def _full_pending(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The pending action with the fields `flow` keeps beside the public ones."""
    public = view["pending"]
    if public is None:
        return None
    pending = dict(public)
    pending["responded"] = list(public["responded"])
    pending["cost"] = ACTIONS[public["action"]].cost
    challenger = public["challenger"]
    # A challenge is against the block once there is one (blocks come after
    # the action's own challenge window, which a new window clears).
    if challenger is None:
        pending["challenged"] = None
    else:
        pending["challenged"] = "block" if public["blocker"] is not None else "action"
    pending["loser"] = pending["then"] = None
    if view["phase"] == LOSE:
        loser = view["to_act"][0]
        pending["loser"] = loser
        if loser == challenger:
            # A challenger who lost: the claim they doubted goes on.
            pending["then"] = STANDS if pending["challenged"] == "action" else BLOCKED
        else:
            pending["then"] = END
    return pending
