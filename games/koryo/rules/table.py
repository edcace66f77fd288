"""The Koryo state: its layout, cheap copying, read-only queries, the
majorities and the score sheet.

State layout (plain JSON):

- `players`, `round`, `first_player`, `phase` ("orders", "actions",
  "discard", "over"), `current` (the seat to act; None once the game is over);
- `deck` (secret: its order and contents), `hands` (each secret but to its
  owner), `orders` (the face-down cards: secret but to their owner),
  `tableaux` (face up, each kept sorted), `dealt` (cards dealt this round),
  `tokens`, `bank`;
- `order_kind` (the kind the current player chose and has not placed yet),
  `used` (the abilities the current player used this turn), `pending` (None
  or the event being resolved: {"card", "first": the first Lobbying card or
  None});
- `rng` (the Rng integer: secret) and `log`.

Rules: the majorities (KOR-2.1 to KOR-2.4, KOR-OP4, KOR-OP4a), turn order
(KOR-OP3), the Spy's protection from Lobbying (KOR-7.10, KOR-OP12a), the
end-of-round limit with the Senator (KOR-8.2, KOR-8.3, KOR-OP9, KOR-OP16) and
the final score (KOR-9.1 to KOR-9.4, KOR-OP17).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from games.engine import State, shared_ranks
from games.koryo.rules.cards import (
    BANK_TOKENS,
    CARD_COUNT,
    CARD_KINDS,
    EVENT_POINTS,
    EVENTS,
    FAMILIES,
    GUARDIAN,
    KIND_IDS,
    NAMES,
    OMNISCIENT_CARD,
    SENATOR,
    season,
)


def new_state(num_players: int, first: int, rng: int) -> State:
    """Round 1 before its Season is revealed: the deck whole, nothing dealt."""
    return {
        "players": num_players,
        "round": 1,
        "first_player": first,
        "phase": "orders",
        "current": first,
        "deck": list(range(CARD_COUNT)),
        "hands": [[] for _ in range(num_players)],
        "orders": [[] for _ in range(num_players)],
        "tableaux": [[] for _ in range(num_players)],
        "tokens": [0] * num_players,
        "bank": BANK_TOKENS,
        "dealt": [0] * num_players,
        "order_kind": None,
        "used": [],
        "pending": None,
        "rng": rng,
        "log": [],
    }


def copy_state(state: State) -> State:
    """A copy whose containers may be changed; cheaper than a deep copy."""
    new = dict(state)
    new["deck"] = state["deck"][:]
    new["hands"] = [cards[:] for cards in state["hands"]]
    new["orders"] = [cards[:] for cards in state["orders"]]
    new["tableaux"] = [cards[:] for cards in state["tableaux"]]
    new["tokens"] = state["tokens"][:]
    new["dealt"] = state["dealt"][:]
    new["used"] = state["used"][:]
    new["pending"] = dict(state["pending"]) if state["pending"] else None
    new["log"] = []
    return new


# -- turn order and cards (KOR-OP3) ------------------------------------------------


def turn_order(state: State) -> list[int]:
    first, count = state["first_player"], state["players"]
    return [(first + i) % count for i in range(count)]


def next_seat(state: State) -> int | None:
    """The next seat in this phase, or None once every seat has had its turn."""
    nxt = (state["current"] + 1) % state["players"]
    return None if nxt == state["first_player"] else nxt


def owner(state: State, card: int) -> int:
    for seat, tableau in enumerate(state["tableaux"]):
        if card in tableau:
            return seat
    raise ValueError(f"card {card} is in no tableau")


def first_of_each_kind(cards: list[int], characters_only: bool = False) -> list[int]:
    """One card per kind: the others of the same kind would do the same."""
    seen: set[int] = set()
    result = []
    for card in sorted(cards):
        kind = CARD_KINDS[card]
        if kind in seen or (characters_only and kind in EVENTS):
            continue
        seen.add(kind)
        result.append(card)
    return result


def has_character(cards: list[int]) -> bool:
    return any(CARD_KINDS[card] not in EVENTS for card in cards)


# -- majorities (KOR-2) -------------------------------------------------------


def family_counts(tableaux: list[list[int]], family: int) -> list[int]:
    # Tableaux are kept sorted and ids are grouped by kind: two bisections count.
    low, high = KIND_IDS[family]
    return [bisect_left(tableau, high) - bisect_left(tableau, low) for tableau in tableaux]


def leader(counts: list[int], tableaux: list[list[int]] | None) -> int | None:
    """The seat with strictly the most cards. On a tie, the Omniscient's owner
    if they are among the tied seats (only when `tableaux` is given: during
    play, KOR-2.3). Nobody leads with zero cards (KOR-OP4a)."""
    best = max(counts)
    if best == 0:
        return None
    leaders = [seat for seat, count in enumerate(counts) if count == best]
    if len(leaders) == 1:
        return leaders[0]
    if tableaux is None:
        return None
    omniscient = _omniscient_owner(tableaux)
    return omniscient if omniscient in leaders else None


def _omniscient_owner(tableaux: list[list[int]]) -> int | None:
    for seat, tableau in enumerate(tableaux):
        if OMNISCIENT_CARD in tableau:
            return seat
    return None


def holder(tableaux: list[list[int]], family: int) -> int | None:
    """Who holds a family's majority during play, Omniscient tie-break
    included (KOR-2.3). Only face-up cards count (KOR-OP4)."""
    return leader(family_counts(tableaux, family), tableaux)


def holds(tableaux: list[list[int]], family: int, seat: int) -> bool:
    """Whether a seat holds a family's majority during play."""
    low, high = KIND_IDS[family]
    own = tableaux[seat]
    # Most seats hold no card of the family: no need to count the others.
    if bisect_left(own, high) == bisect_left(own, low):
        return False
    return holder(tableaux, family) == seat


def play_majorities(tableaux: list[list[int]]) -> list[int | None]:
    """Majority holders during play, indexed by family (index 0 unused)."""
    counts = [[0] * 12 for _ in tableaux]
    for seat, tableau in enumerate(tableaux):
        for card in tableau:
            counts[seat][CARD_KINDS[card]] += 1
    return [None] + [leader([c[f] for c in counts], tableaux) for f in FAMILIES]


def lobby_protected(state: State, seat: int, spy_holder: int | None) -> bool:
    """Spy majority protects from Lobbying unless the player has a Guardian
    (KOR-7.10); never with two players (KOR-OP12a)."""
    if state["players"] == 2 or spy_holder != seat:
        return False
    return not any(CARD_KINDS[card] == GUARDIAN for card in state["tableaux"][seat])


# -- the end-of-round limit (KOR-8) ------------------------------------------------


def limit(state: State, seat: int) -> int:
    """End-of-round limit, +2 with the Senator majority now (KOR-8.3, KOR-OP9)."""
    bonus = 2 if holds(state["tableaux"], SENATOR, seat) else 0
    return season(state["round"])["limit"] + bonus


def must_discard(state: State, seat: int) -> bool:
    """Over the limit with a character left to discard (KOR-8.2, KOR-OP16)."""
    tableau = state["tableaux"][seat]
    return len(tableau) > limit(state, seat) and has_character(tableau)


# -- scoring (KOR-9) ----------------------------------------------------------


def score_sheet(state: State) -> list[dict[str, Any]]:
    """Scores as if the game ended now: majorities without tie-break
    (KOR-9.1, 9.2), -1 per event (KOR-9.3), +1 per token (KOR-9.4)."""
    tableaux = state["tableaux"]
    sheet = []
    for seat, tableau in enumerate(tableaux):
        kinds = [CARD_KINDS[card] for card in tableau]
        sheet.append(
            {
                "seat": seat,
                "families": [],
                "events": EVENT_POINTS * sum(1 for kind in kinds if kind in EVENTS),
                "tokens": state["tokens"][seat],
                "total": 0,
            }
        )
    for family in FAMILIES:
        counts = family_counts(tableaux, family)
        winner = leader(counts, None)  # no tie-break at scoring (KOR-9.2)
        for seat, row in enumerate(sheet):
            points = family if winner == seat else 0
            row["families"].append(
                {"family": family, "name": NAMES[family], "cards": counts[seat], "points": points}
            )
    for row in sheet:
        row["total"] = sum(f["points"] for f in row["families"]) + row["events"] + row["tokens"]
    return sheet


def ranks(totals: list[int]) -> list[int]:
    """Tied players share a place (KOR-OP17)."""
    return shared_ranks(totals)
