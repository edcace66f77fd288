"""Words: cards and counts read as English, prompts, the summary line and
the result (the labels of the moves are in `records`).

Prompts, the summary and the result read only public parts of the state
(tableaux, tokens, the phase, the event being resolved); `hand_text` is for
log lines meant for the hand's owner. Players appear
as `{pN}` placeholders.

Rules: the Season (KOR-1.3, KOR-OP1), the limit with the Senator (KOR-8.3)
and the shared victory (KOR-9.5, KOR-OP17) as players read them.
"""

from __future__ import annotations

from games.engine import State
from games.koryo.rules.cards import (
    BANKER,
    BARBARIANS,
    CARD_KINDS,
    EVENT_POINTS,
    EVENTS,
    GUARDIAN,
    JOURNALIST,
    LOBBYING,
    MERCHANT,
    NAMES,
    OMNISCIENT,
    PLURALS,
    PRIEST,
    ROUNDS,
    SENATOR,
    SHIPOWNER,
    SPY,
    public_kind,
)
from games.koryo.rules.table import limit, score_sheet
from games.words import count_of, join_words


def a_card(kind: int) -> str:
    """'a Banker', 'an Omniscient', 'a Lobbying card'."""
    if kind in EVENTS:
        return f"a {NAMES[kind]} card"
    article = "an" if NAMES[kind][0] in "AEIOU" else "a"
    return f"{article} {NAMES[kind]}"


def cards_text(kind: int, count: int) -> str:
    """'1 Spy', '3 Spies'."""
    return count_of(count, NAMES[kind], PLURALS[kind])


def hand_text(cards: list[int]) -> str:
    """Cards counted by kind, in kind order: '2 Spies, 1 Banker'."""
    counts: dict[int, int] = {}
    for card in cards:
        counts[CARD_KINDS[card]] = counts.get(CARD_KINDS[card], 0) + 1
    return ", ".join(cards_text(kind, n) for kind, n in sorted(counts.items()))


def points(total: int) -> str:
    return count_of(total, "point")


def result_text(state: State) -> str:
    """Who won, or who share the victory (KOR-OP17)."""
    totals = [row["total"] for row in score_sheet(state)]
    best = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    if len(winners) == 1:
        return f"{{p{winners[0]}}} wins with {points(best)}."
    names = join_words([f"{{p{seat}}}" for seat in winners])
    return f"{names} share the victory with {points(best)}."


def prompt(state: State) -> str:
    phase = state["phase"]
    if phase == "orders":
        return "place orders"
    if phase == "actions":
        pending = state["pending"]
        if pending is None:
            return "reveal orders and use powers"
        if CARD_KINDS[pending["card"]] == BARBARIANS:
            return "choose a Barbarian target"
        return "choose cards to swap"
    if phase == "discard":
        return f"discard down to {limit(state, state['current'])} cards"
    return "finish"


def summary(state: State) -> str:
    if state["phase"] == "over":
        return result_text(state)
    words = {"orders": "orders", "actions": "actions", "discard": "end of round"}
    return f"Season {state['round']} of {ROUNDS} · {words[state['phase']]}"


# What each family's majority and each event does (KOR-1.1, KOR-1.2, KOR-7.3,
# KOR-7.8 to KOR-7.10, KOR-8.3, KOR-9.2), for the board's reference.
POWERS = {
    MERCHANT: "No power: 9 points for the majority.",
    JOURNALIST: "One more card at each deal.",
    GUARDIAN: "Cannot be the target of Barbarians.",
    BANKER: "On your turn, take a victory token from the bank.",
    SHIPOWNER: "Place 2 cards of different kinds as your order.",
    PRIEST: "On your turn, destroy one of your own event cards.",
    SENATOR: "Keep 2 more cards than the limit at the end of a round.",
    SPY: "On your turn, steal a token from a player; safe from Lobbying "
    "(unless you hold a Guardian; not with 2 players).",
    OMNISCIENT: "Wins ties for majorities during play (not at the final count).",
    BARBARIANS: "\N{MINUS SIGN}1 point. Destroy a character of an opponent.",
    LOBBYING: "\N{MINUS SIGN}1 point. Swap two characters of two players.",
}


def powers() -> list[tuple[int | str, str, str, int]]:
    """(public kind, name, power, the number in its corner) for every kind,
    highest family first: a family's number, an event's cost (KOR-9.3)."""
    return [
        (public_kind(kind), NAMES[kind], text, EVENT_POINTS if kind in EVENTS else kind)
        for kind, text in POWERS.items()
    ]


# -- the board's words: the rules said beside the pieces they concern ----------

# What each phase of a round asks of the players (KOR-3 to KOR-8).
PHASES = {
    "orders": "Orders: each player in turn places cards face down",
    "actions": "Actions: each player in turn reveals their cards and uses their powers",
    "discard": "End of round: players over the limit discard characters",
    "over": "Game over",
}

# KOR-6.1, KOR-6.2: the second step of an order, said to its player only
# (the prompt names the whole decision, one turn and one clock).
ORDER_COUNT_STEP = (
    "Orders: you chose the {family}; now choose how many to place face down"
    " (or choose another kind)"
)

# KOR-9.1 to KOR-9.3, for the reference of families and powers.
MAJORITY_HELP = (
    "A family's majority holder (more cards than anyone else) uses its power during play and"
    " scores its number at the end; a tie scores nothing. Events cost 1 point each."
)

# The event being resolved (KOR-7.8, KOR-7.9), after "ana revealed".
BARBARIANS_PENDING = (
    "Barbarians and may destroy one character card of an opponent"
    " (not of a player with the Guardian majority)."
)
LOBBYING_FIRST = (
    "Lobbying and may swap two character cards of two players: first the card to give away."
)
LOBBYING_SECOND = "now the card of another player to swap it with."
