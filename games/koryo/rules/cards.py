"""The fixed parts of Koryo: the 55 cards, their kinds and names, the Seasons.

Rules: KOR-1.1 (nine families; a family's number is its count of cards and
the points its majority scores), KOR-1.2 (6 Barbarians and 4 Lobbying),
KOR-1.3 with KOR-OP1 (the Season of each round), KOR-1.4 (8 victory tokens in
the bank) and KOR-5.0 (8 rounds).

Cards are ints 0..54; `CARD_KINDS[card]` is the card's kind: the family number
1 (Omniscient) .. 9 (Merchant), 10 for Barbarians, 11 for Lobbying. Outside the
engine (moves, views) a kind is the family number or "barbarians"/"lobbying":
`public_kind` and `internal_kind` translate between the two.
"""

from __future__ import annotations

from typing import Any

ROUNDS = 8
BANK_TOKENS = 8

OMNISCIENT, SPY, SENATOR, PRIEST, SHIPOWNER, BANKER, GUARDIAN, JOURNALIST, MERCHANT = range(1, 10)
BARBARIANS, LOBBYING = 10, 11
FAMILIES = range(1, 10)
EVENTS = (BARBARIANS, LOBBYING)

NAMES = (
    "",
    "Omniscient",
    "Spy",
    "Senator",
    "Priest",
    "Shipowner",
    "Banker",
    "Guardian",
    "Journalist",
    "Merchant",
    "Barbarians",
    "Lobbying",
)
PLURALS = (
    "",
    "Omniscients",
    "Spies",
    "Senators",
    "Priests",
    "Shipowners",
    "Bankers",
    "Guardians",
    "Journalists",
    "Merchants",
    "Barbarians",
    "Lobbying",
)
EVENT_SLUGS = {BARBARIANS: "barbarians", LOBBYING: "lobbying"}
EVENT_KINDS = {slug: kind for kind, slug in EVENT_SLUGS.items()}

# A family's number is also its number of cards (KOR-1.1); 6 Barbarians and
# 4 Lobbying (KOR-1.2). Ids are ordered by kind, so sorting cards sorts kinds.
CARD_KINDS: tuple[int, ...] = tuple(
    [family for family in FAMILIES for _ in range(family)] + [BARBARIANS] * 6 + [LOBBYING] * 4
)
CARD_COUNT = len(CARD_KINDS)
OMNISCIENT_CARD = CARD_KINDS.index(OMNISCIENT)
# The ids of each kind form one range [low, high).
KIND_IDS = {
    kind: (CARD_KINDS.index(kind), CARD_KINDS.index(kind) + CARD_KINDS.count(kind))
    for kind in set(CARD_KINDS)
}


def season(round_no: int) -> dict[str, int]:
    """Season card of a round (KOR-OP1): deal 11 - r cards, keep r + 2."""
    return {"deal": 11 - round_no, "limit": round_no + 2}


def public_kind(kind: int) -> int | str:
    return EVENT_SLUGS.get(kind, kind)


def internal_kind(kind: int | str) -> int:
    return EVENT_KINDS[kind] if isinstance(kind, str) else kind


# KOR-9.3: each event card in front of a player costs a point at the end.
EVENT_POINTS = -1


def card_view(card: int) -> dict[str, Any]:
    """A face-up card as views show it, with the number printed in its corner:
    a family's (KOR-1.1), or what an event costs at the end (KOR-9.3)."""
    kind = CARD_KINDS[card]
    event = kind in EVENTS
    return {
        "id": card,
        "kind": public_kind(kind),
        "name": NAMES[kind],
        "event": event,
        "points": EVENT_POINTS if event else kind,
    }
