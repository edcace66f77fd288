"""Koryo: the pure rules engine (2 to 4 players, 8 rounds).

Implements the rules of `shared/rules/koryo.md`: components and Season values
(KOR-1.1 to 1.4, KOR-OP1), majorities with the Omniscient tie-break during
play only (KOR-2.1 to 2.4, KOR-OP4, KOR-OP4a), setup and turn order (KOR-4,
KOR-OP2, KOR-OP3), distribution with the Journalist bonus (KOR-5, KOR-OP7,
KOR-OP7a), sequential orders with the Shipowner pair (KOR-6, KOR-OP5, KOR-OP5a,
KOR-OP6), actions with the Banker, Priest and Spy abilities and the Barbarians
and Lobbying events (KOR-7, KOR-OP8, KOR-OP10 to OP13), end-of-round discards
with the Senator bonus (KOR-8, KOR-OP9, KOR-OP16) and final scoring with shared
victories (KOR-9, KOR-OP17). The phases follow the state machine of section 12.

Cards are ints 0..54; `CARD_KINDS[card]` is the card's kind: the family number
1 (Omniscient) .. 9 (Merchant), 10 for Barbarians, 11 for Lobbying. Outside the
engine (moves, views) a kind is the family number or "barbarians"/"lobbying".

Moves (each decision is one small move; `legal_moves` lists each once):

- orders, first click: `{"action": "order_kind", "kind": 6}` (a kind in hand);
- orders, second click: `{"action": "order_count", "count": 2}` (1 .. held),
  or with the Shipowner majority `{"action": "order_pair", "kinds": [6, 2]}`
  (one card of the chosen kind and one of another kind), or
  `{"action": "order_back"}` to choose another kind;
- actions: `{"action": "reveal", "card": 17}` (one face-down card per kind),
  `{"action": "bank_take"}`, `{"action": "priest_destroy", "card": 51}`,
  `{"action": "spy_steal", "target": 2}`, `{"action": "end_turn"}` (once no
  face-down card is left);
- a revealed Barbarians: `{"action": "barbarians", "card": 12}` or
  `{"action": "decline"}`; a revealed Lobbying: `{"action": "lobby_first",
  "card": 8}`, then `{"action": "lobby_second", "card": 30}`, or
  `{"action": "decline"}` at either step;
- end of round: `{"action": "discard", "card": 4}` (one character per kind).

Where several cards of one kind would do the same thing (two Bankers face
down, two Guardians in one tableau), only the lowest id is listed.

Automatic steps happen inside `apply`: dealing, returning unplayed cards,
ending a turn once nothing but `end_turn` is left, skipping an event without
a target, skipping players within the limit, the round end and the scoring.

View (`view(state, seat)`, seat None for a spectator); a card is
`{"id": 17, "kind": 6, "name": "Banker", "event": False}`:

- "round", "rounds" (8), "season": {"deal", "limit"}, "first_player",
  "phase" ("orders", "actions", "discard", "over"), "current" (seat or None),
  "to_act", "bank", "deck_size";
- "players": per seat {"seat", "tableau": [cards], "tableau_groups":
  [{"kind", "name", "count"}], "orders_count", "hand_count", "dealt",
  "tokens", "majorities": [families held now], "limit" (own end-of-round
  limit now, Senator included), "score_now"};
- "majorities": [{"family", "name", "seat" or None}] for families 1..9;
- "pending": None or {"event", "seat", "card", "first": None or
  {"seat", "card"}} (the event being resolved);
- "used": abilities the current player used this turn ("bank", "priest", "spy");
- "hand", "my_orders": the seat's own cards (None for a spectator);
  "my_order_kind": the kind the seat chose and has not placed yet, or None;
- "final_scores": None until the end, then per seat {"seat", "families":
  [{"family", "name", "cards", "points"}], "events", "tokens", "total"}.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Mapping
from typing import Any

from games.engine import Engine, IllegalMove, LogLine, Move, Outcome, Rng, State, line

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


def card_view(card: int) -> dict[str, Any]:
    kind = CARD_KINDS[card]
    return {"id": card, "kind": public_kind(kind), "name": NAMES[kind], "event": kind in EVENTS}


def _a(kind: int) -> str:
    if kind in EVENTS:
        return f"a {NAMES[kind]} card"
    article = "an" if NAMES[kind][0] in "AEIOU" else "a"
    return f"{article} {NAMES[kind]}"


def _cards_text(kind: int, count: int) -> str:
    return f"{count} {NAMES[kind] if count == 1 else PLURALS[kind]}"


def _hand_text(cards: list[int]) -> str:
    counts: dict[int, int] = {}
    for card in cards:
        counts[CARD_KINDS[card]] = counts.get(CARD_KINDS[card], 0) + 1
    return ", ".join(_cards_text(kind, n) for kind, n in sorted(counts.items()))


# -- majorities (KOR-2) -------------------------------------------------------


def _family_counts(tableaux: list[list[int]], family: int) -> list[int]:
    # Tableaux are kept sorted and ids are grouped by kind: two bisections count.
    low, high = KIND_IDS[family]
    return [bisect_left(tableau, high) - bisect_left(tableau, low) for tableau in tableaux]


def _leader(counts: list[int], tableaux: list[list[int]] | None) -> int | None:
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
    return _leader(_family_counts(tableaux, family), tableaux)


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
    return [None] + [_leader([c[f] for c in counts], tableaux) for f in FAMILIES]


def _lobby_protected(state: State, seat: int, spy_holder: int | None) -> bool:
    """Spy majority protects from Lobbying unless the player has a Guardian
    (KOR-7.10); never with two players (KOR-OP12a)."""
    if state["players"] == 2 or spy_holder != seat:
        return False
    return not any(CARD_KINDS[card] == GUARDIAN for card in state["tableaux"][seat])


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
                "events": -sum(1 for kind in kinds if kind in EVENTS),
                "tokens": state["tokens"][seat],
                "total": 0,
            }
        )
    for family in FAMILIES:
        counts = _family_counts(tableaux, family)
        winner = _leader(counts, None)  # no tie-break at scoring (KOR-9.2)
        for seat, row in enumerate(sheet):
            points = family if winner == seat else 0
            row["families"].append(
                {"family": family, "name": NAMES[family], "cards": counts[seat], "points": points}
            )
    for row in sheet:
        row["total"] = sum(f["points"] for f in row["families"]) + row["events"] + row["tokens"]
    return sheet


def _ranks(totals: list[int]) -> list[int]:
    """Competition ranks; tied players share a place (KOR-OP17)."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]


# -- state helpers -------------------------------------------------------------


def _clone(state: State) -> State:
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


def _turn_order(state: State) -> list[int]:
    first, count = state["first_player"], state["players"]
    return [(first + i) % count for i in range(count)]


def _next_seat(state: State) -> int | None:
    """The next seat in this phase, or None once every seat has had its turn."""
    nxt = (state["current"] + 1) % state["players"]
    return None if nxt == state["first_player"] else nxt


def _owner(state: State, card: int) -> int:
    for seat, tableau in enumerate(state["tableaux"]):
        if card in tableau:
            return seat
    raise ValueError(f"card {card} is in no tableau")


def _first_of_each_kind(cards: list[int], characters_only: bool = False) -> list[int]:
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


def _has_character(cards: list[int]) -> bool:
    return any(CARD_KINDS[card] not in EVENTS for card in cards)


def _limit(state: State, seat: int) -> int:
    """End-of-round limit, +2 with the Senator majority now (KOR-8.3, KOR-OP9)."""
    bonus = 2 if holds(state["tableaux"], SENATOR, seat) else 0
    return season(state["round"])["limit"] + bonus


def _must_discard(state: State, seat: int) -> bool:
    """Over the limit with a character left to discard (KOR-8.2, KOR-OP16)."""
    tableau = state["tableaux"][seat]
    return len(tableau) > _limit(state, seat) and _has_character(tableau)


# -- phase 1: distribution -----------------------------------------------------


def _start_round(state: State, log: list[LogLine]) -> None:
    """Reveal the Season, shuffle and deal (KOR-5, KOR-OP7, KOR-OP7a)."""
    card = season(state["round"])
    log.append(
        line(
            f"Season {state['round']} of {ROUNDS}: {card['deal']} cards each, "
            f"at most {card['limit']} cards in front of each player at the end of the round."
        )
    )
    # The Journalist majority is checked once, before any card is dealt.
    journalist = holder(state["tableaux"], JOURNALIST)
    deck = state["deck"]
    rng = Rng(state["rng"])
    rng.shuffle(deck)
    state["rng"] = rng.state
    for seat in _turn_order(state):
        wanted = card["deal"] + (1 if seat == journalist else 0)
        # The deck cannot run short with these Seasons; if it did, deal what is left.
        got = min(wanted, len(deck))
        hand = sorted(deck[len(deck) - got :])
        del deck[len(deck) - got :]
        state["hands"][seat] = hand
        state["dealt"][seat] = got
        log.append(line(f"Your cards: {_hand_text(hand)}." if hand else "You get no card.", [seat]))
    if journalist is not None:
        log.append(line(f"{{p{journalist}}} receives 1 extra card (Journalist majority)."))
    state["phase"] = "orders"
    state["current"] = state["first_player"]
    state["order_kind"] = None
    _settle_orders(state, log)


# -- phase 2: orders -------------------------------------------------------------


def _settle_orders(state: State, log: list[LogLine]) -> None:
    """Skip players without cards (only possible if the deck ran short)."""
    while not state["hands"][state["current"]]:
        log.append(line(f"{{p{state['current']}}} has no card to place."))
        nxt = _next_seat(state)
        if nxt is None:
            _start_actions(state, log)
            return
        state["current"] = nxt


def _order_moves(state: State, seat: int) -> list[Move]:
    hand = state["hands"][seat]
    kinds = sorted({CARD_KINDS[card] for card in hand})
    chosen = state["order_kind"]
    if chosen is None:
        return [{"action": "order_kind", "kind": public_kind(kind)} for kind in kinds]
    held = sum(1 for card in hand if CARD_KINDS[card] == chosen)
    moves: list[Move] = [{"action": "order_count", "count": n} for n in range(1, held + 1)]
    # KOR-6.3, KOR-OP6: exactly two cards of two different kinds.
    if holds(state["tableaux"], SHIPOWNER, seat):
        moves += [
            {"action": "order_pair", "kinds": [public_kind(chosen), public_kind(other)]}
            for other in kinds
            if other != chosen
        ]
    if len(kinds) > 1:
        moves.append({"action": "order_back"})
    return moves


def _take_from_hand(state: State, seat: int, kind: int, count: int) -> list[int]:
    hand = state["hands"][seat]
    taken = [card for card in hand if CARD_KINDS[card] == kind][:count]
    for card in taken:
        hand.remove(card)
    return taken


def _place_order(state: State, seat: int, cards: list[int], log: list[LogLine]) -> None:
    """Cards go face down; the rest of the hand returns to the deck (KOR-6.4)."""
    state["orders"][seat] = sorted(cards)
    rest = state["hands"][seat]
    state["deck"].extend(rest)
    state["hands"][seat] = []
    state["order_kind"] = None
    n = len(cards)
    log.append(line(f"{{p{seat}}} places {n} card{'s' if n > 1 else ''} face down."))
    back = ""
    if rest:
        back = " Your other card goes" if len(rest) == 1 else f" Your {len(rest)} other cards go"
        back += " back to the deck."
    log.append(line(f"You place {_hand_text(cards)} face down.{back}", [seat]))
    nxt = _next_seat(state)
    if nxt is None:
        _start_actions(state, log)
    else:
        state["current"] = nxt
        _settle_orders(state, log)


def _do_order_kind(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    state["order_kind"] = _internal_kind(move["kind"])
    log.append(line(f"You choose to play {PLURALS[state['order_kind']]}.", [seat]))


def _do_order_back(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    state["order_kind"] = None


def _do_order_count(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    cards = _take_from_hand(state, seat, state["order_kind"], move["count"])
    _place_order(state, seat, cards, log)


def _do_order_pair(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    cards = []
    for kind in move["kinds"]:
        cards += _take_from_hand(state, seat, _internal_kind(kind), 1)
    _place_order(state, seat, cards, log)


def _internal_kind(kind: int | str) -> int:
    return EVENT_KINDS[kind] if isinstance(kind, str) else kind


# -- phase 3: actions --------------------------------------------------------------


def _start_actions(state: State, log: list[LogLine]) -> None:
    state["phase"] = "actions"
    state["current"] = state["first_player"]
    state["used"] = []
    _settle_actions(state, log)


def _settle_actions(state: State, log: list[LogLine]) -> None:
    """End turns automatically when `end_turn` is all a player could do."""
    while (
        state["phase"] == "actions"
        and state["pending"] is None
        and _action_moves(state, state["current"]) == [{"action": "end_turn"}]
    ):
        _end_turn(state, log)


def _end_turn(state: State, log: list[LogLine]) -> None:
    state["used"] = []
    nxt = _next_seat(state)
    if nxt is None:
        _start_discard(state, log)
    else:
        state["current"] = nxt


def _action_moves(state: State, seat: int) -> list[Move]:
    """Reveal, abilities (KOR-7.2, KOR-7.3, KOR-OP8) and, once every card is
    face up, the end of the turn."""
    orders = state["orders"][seat]
    moves: list[Move] = [{"action": "reveal", "card": c} for c in _first_of_each_kind(orders)]
    tableaux, used = state["tableaux"], state["used"]
    if "bank" not in used and state["bank"] > 0 and holds(tableaux, BANKER, seat):
        moves.append({"action": "bank_take"})
    if "priest" not in used and holds(tableaux, PRIEST, seat):
        own_events = [c for c in tableaux[seat] if CARD_KINDS[c] in EVENTS]
        moves += [{"action": "priest_destroy", "card": c} for c in _first_of_each_kind(own_events)]
    if "spy" not in used and holds(tableaux, SPY, seat):
        moves += [
            {"action": "spy_steal", "target": other}
            for other in _turn_order(state)
            if other != seat and state["tokens"][other] > 0
        ]
    if not orders:
        moves.append({"action": "end_turn"})
    return moves


def _barbarian_targets(state: State, seat: int) -> list[int]:
    """Characters of opponents without the Guardian majority (KOR-7.8)."""
    guardian = holder(state["tableaux"], GUARDIAN)
    targets = []
    for other in _turn_order(state):
        if other != seat and other != guardian:
            targets += _first_of_each_kind(state["tableaux"][other], characters_only=True)
    return targets


def _lobby_seats(state: State) -> list[int]:
    """Players who can take part in a Lobbying: unprotected, with a character
    (KOR-7.10, KOR-OP12)."""
    spy = holder(state["tableaux"], SPY)
    return [
        seat
        for seat in _turn_order(state)
        if not _lobby_protected(state, seat, spy) and _has_character(state["tableaux"][seat])
    ]


def _lobby_targets(state: State, excluded: int | None) -> list[int]:
    seats = _lobby_seats(state)
    if len(seats) < 2:
        return []
    targets = []
    for seat in seats:
        if seat != excluded:
            targets += _first_of_each_kind(state["tableaux"][seat], characters_only=True)
    return targets


def _event_moves(state: State, seat: int) -> list[Move]:
    pending = state["pending"]
    if CARD_KINDS[pending["card"]] == BARBARIANS:
        moves = [{"action": "barbarians", "card": c} for c in _barbarian_targets(state, seat)]
    elif pending["first"] is None:
        moves = [{"action": "lobby_first", "card": c} for c in _lobby_targets(state, None)]
    else:
        first_owner = _owner(state, pending["first"])
        moves = [{"action": "lobby_second", "card": c} for c in _lobby_targets(state, first_owner)]
    return [*moves, {"action": "decline"}]


def _do_reveal(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    """A revealed event resolves at once, before anything else (KOR-7.4)."""
    card = move["card"]
    state["orders"][seat].remove(card)
    insort(state["tableaux"][seat], card)
    kind = CARD_KINDS[card]
    log.append(line(f"{{p{seat}}} reveals {_a(kind)}."))
    if kind in EVENTS:
        state["pending"] = {"card": card, "first": None}
        if _event_moves(state, seat) == [{"action": "decline"}]:
            # KOR-OP10: an event without a possible target simply stays.
            state["pending"] = None
            log.append(line(f"The {NAMES[kind]} card has no possible target."))
    _settle_actions(state, log)


def _do_bank_take(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    state["bank"] -= 1
    state["tokens"][seat] += 1
    state["used"].append("bank")
    log.append(line(f"{{p{seat}}} takes a victory token from the bank (Banker majority)."))
    _settle_actions(state, log)


def _do_priest_destroy(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    card = move["card"]
    state["tableaux"][seat].remove(card)
    state["deck"].append(card)
    state["used"].append("priest")
    log.append(
        line(f"{{p{seat}}} destroys their own {NAMES[CARD_KINDS[card]]} card (Priest majority).")
    )
    _settle_actions(state, log)


def _do_spy_steal(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    target = move["target"]
    state["tokens"][target] -= 1
    state["tokens"][seat] += 1
    state["used"].append("spy")
    log.append(line(f"{{p{seat}}} steals a victory token from {{p{target}}} (Spy majority)."))
    _settle_actions(state, log)


def _do_barbarians(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    """The destroyed card returns to the deck (KOR-OP11)."""
    card = move["card"]
    owner = _owner(state, card)
    state["tableaux"][owner].remove(card)
    state["deck"].append(card)
    state["pending"] = None
    log.append(line(f"{{p{seat}}}'s Barbarians destroy {{p{owner}}}'s {NAMES[CARD_KINDS[card]]}."))
    _settle_actions(state, log)


def _do_lobby_first(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    card = move["card"]
    state["pending"]["first"] = card
    owner = _owner(state, card)
    log.append(
        line(f"{{p{seat}}} picks {{p{owner}}}'s {NAMES[CARD_KINDS[card]]} for the Lobbying.")
    )


def _do_lobby_second(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    first, second = state["pending"]["first"], move["card"]
    first_owner, second_owner = _owner(state, first), _owner(state, second)
    tableaux = state["tableaux"]
    tableaux[first_owner].remove(first)
    tableaux[second_owner].remove(second)
    insort(tableaux[first_owner], second)
    insort(tableaux[second_owner], first)
    state["pending"] = None
    log.append(
        line(
            f"{{p{seat}}}'s Lobbying swaps {{p{first_owner}}}'s {NAMES[CARD_KINDS[first]]} "
            f"with {{p{second_owner}}}'s {NAMES[CARD_KINDS[second]]}."
        )
    )
    _settle_actions(state, log)


def _do_decline(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    kind = CARD_KINDS[state["pending"]["card"]]
    state["pending"] = None
    log.append(line(f"{{p{seat}}} does not use the {NAMES[kind]} card."))
    _settle_actions(state, log)


def _do_end_turn(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    log.append(line(f"{{p{seat}}} ends their turn."))
    _end_turn(state, log)
    _settle_actions(state, log)


# -- phase 4: end of round ---------------------------------------------------------


def _start_discard(state: State, log: list[LogLine]) -> None:
    state["phase"] = "discard"
    state["current"] = state["first_player"]
    _settle_discard(state, log)


def _settle_discard(state: State, log: list[LogLine]) -> None:
    """Move on past players within their limit (KOR-8.1)."""
    while not _must_discard(state, state["current"]):
        nxt = _next_seat(state)
        if nxt is None:
            _end_round(state, log)
            return
        state["current"] = nxt


def _discard_moves(state: State, seat: int) -> list[Move]:
    """Only characters may be discarded (KOR-8.2)."""
    cards = _first_of_each_kind(state["tableaux"][seat], characters_only=True)
    return [{"action": "discard", "card": card} for card in cards]


def _do_discard(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    card = move["card"]
    state["tableaux"][seat].remove(card)
    state["deck"].append(card)  # KOR-8.4
    log.append(line(f"{{p{seat}}} discards {_a(CARD_KINDS[card])}."))
    _settle_discard(state, log)


def _end_round(state: State, log: list[LogLine]) -> None:
    """Pass the First Player token and start the next round (KOR-8.5)."""
    if state["round"] == ROUNDS:
        _finish(state, log)
        return
    state["round"] += 1
    state["first_player"] = (state["first_player"] + 1) % state["players"]
    log.append(line(f"{{p{state['first_player']}}} takes the First Player token."))
    _start_round(state, log)


def _finish(state: State, log: list[LogLine]) -> None:
    state["phase"] = "over"
    state["current"] = None
    for row in score_sheet(state):
        log.append(line(f"{{p{row['seat']}}} scores {_points(row['total'])}."))
    log.append(line(_result_text(state)))


def _result_text(state: State) -> str:
    totals = [row["total"] for row in score_sheet(state)]
    best = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    if len(winners) == 1:
        return f"{{p{winners[0]}}} wins with {_points(best)}."
    names = ", ".join(f"{{p{seat}}}" for seat in winners[:-1]) + f" and {{p{winners[-1]}}}"
    return f"{names} share the victory with {_points(best)}."


def _points(total: int) -> str:
    return f"{total} point" if abs(total) == 1 else f"{total} points"


_HANDLERS = {
    "order_kind": _do_order_kind,
    "order_back": _do_order_back,
    "order_count": _do_order_count,
    "order_pair": _do_order_pair,
    "reveal": _do_reveal,
    "bank_take": _do_bank_take,
    "priest_destroy": _do_priest_destroy,
    "spy_steal": _do_spy_steal,
    "barbarians": _do_barbarians,
    "lobby_first": _do_lobby_first,
    "lobby_second": _do_lobby_second,
    "decline": _do_decline,
    "end_turn": _do_end_turn,
    "discard": _do_discard,
}

_ORDER_ACTIONS = frozenset({"order_kind", "order_count", "order_pair", "order_back"})
_TURN_ACTIONS = frozenset({"reveal", "bank_take", "priest_destroy", "spy_steal", "end_turn"})
_EVENT_ACTIONS = frozenset({"barbarians", "lobby_first", "lobby_second", "decline"})


def _step_actions(state: State) -> frozenset[str]:
    """The actions that belong to the step the game is at."""
    if state["phase"] == "orders":
        return _ORDER_ACTIONS
    if state["phase"] == "actions":
        return _TURN_ACTIONS if state["pending"] is None else _EVENT_ACTIONS
    return frozenset({"discard"})


def _refusal_reason(state: State, action: str) -> str:
    """Why a move of the current step is not one of the listed ones."""
    chosen = state["order_kind"] is not None
    pending = state["pending"]
    if action in ("order_count", "order_pair", "order_back") and not chosen:
        return "Choose the kind of card to play first."
    if action == "order_kind" and chosen:
        return "You already chose a kind: place your cards or choose another kind."
    if action == "end_turn":
        return "Reveal all your face-down cards before ending your turn."
    if action in ("lobby_first", "lobby_second"):
        if CARD_KINDS[pending["card"]] != LOBBYING:
            return "Resolve the Barbarians first."
        if (action == "lobby_second") != (pending["first"] is not None):
            return "Pick the cards to swap one after the other."
    if action == "barbarians" and CARD_KINDS[pending["card"]] != BARBARIANS:
        return "Resolve the Lobbying first."
    return _REFUSALS.get(action, "That move is not allowed now.")


_REFUSALS = {
    "order_kind": "You hold no card of that kind.",
    "order_count": "You do not hold that many cards of the chosen kind.",
    "order_pair": "A pair needs the Shipowner majority and one card each of two kinds you hold.",
    "reveal": "That card is not one of your face-down cards.",
    "bank_take": "Taking a token needs the Banker majority, a token in the bank, "
    "and can be done once per turn.",
    "priest_destroy": "The Priest majority destroys one of your own event cards, once per turn.",
    "spy_steal": "The Spy majority steals a token from a player who has one, once per turn.",
    "barbarians": "The Barbarians can destroy only a character of an unprotected opponent.",
    "lobby_first": "Only a character of a player who is not protected can be swapped.",
    "lobby_second": "Pick a character of another unprotected player.",
    "discard": "Only your own character cards can be discarded.",
}


# -- the engine ----------------------------------------------------------------------


class KoryoEngine(Engine):
    slug = "koryo"
    name = "Koryo"
    min_players = 2
    max_players = 4
    blurb = (
        "Win the majority in nine families of steampunk 10th-century Korea "
        "over eight seasons of card play."
    )

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> State:
        self.check_player_count(num_players, options)
        self.clean_options(options)
        rng = Rng.from_seed(seed)
        # KOR-OP2: the first player is drawn at random. The deck is shuffled
        # before every deal (KOR-4.1, KOR-OP7a), the first one included.
        first = rng.below(num_players)
        state: State = {
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
            "rng": rng.state,
            "log": [],
        }
        log = [line(f"{{p{first}}} takes the First Player token.")]
        _start_round(state, log)
        state["log"] = log
        return state

    def to_act(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["current"]]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if state["phase"] == "over" or seat != state["current"]:
            return []
        if state["phase"] == "orders":
            return _order_moves(state, seat)
        if state["phase"] == "actions":
            if state["pending"] is not None:
                return _event_moves(state, seat)
            return _action_moves(state, seat)
        return _discard_moves(state, seat)

    def apply(self, state: State, seat: int, move: Move) -> State:
        legal = self.legal_moves(state, seat)
        if move not in legal:
            raise IllegalMove(self._refusal(state, seat, move, legal))
        # Use the listed move itself: it has the canonical types (6, not 6.0).
        move = legal[legal.index(move)]
        new = _clone(state)
        log: list[LogLine] = []
        _HANDLERS[move["action"]](new, seat, move, log)
        new["log"] = log
        return new

    def _refusal(self, state: State, seat: int, move: Any, legal: list[Move]) -> str:
        if state["phase"] == "over":
            return "The game is over."
        if seat != state["current"]:
            return "It is not your turn."
        action = move.get("action") if isinstance(move, dict) else None
        if not isinstance(action, str) or action not in _HANDLERS:
            return "Unknown move."
        if action not in _step_actions(state):
            return f"Not now: you must {self.prompt(state)}."
        return _refusal_reason(state, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        tableaux = state["tableaux"]
        majorities = play_majorities(tableaux)
        sheet = score_sheet(state)
        over = state["phase"] == "over"
        players = [
            self._player_view(state, p, majorities, sheet[p]["total"])
            for p in range(state["players"])
        ]
        own = seat is not None
        own_kind = state["order_kind"] if own and seat == state["current"] else None
        return {
            "round": state["round"],
            "rounds": ROUNDS,
            "season": season(state["round"]),
            "first_player": state["first_player"],
            "phase": state["phase"],
            "current": state["current"],
            "to_act": self.to_act(state),
            "bank": state["bank"],
            "deck_size": len(state["deck"]),
            "players": players,
            "majorities": [
                {"family": f, "name": NAMES[f], "seat": majorities[f]} for f in FAMILIES
            ],
            "pending": self._pending_view(state),
            "used": list(state["used"]),
            "hand": [card_view(c) for c in state["hands"][seat]] if own else None,
            "my_orders": [card_view(c) for c in state["orders"][seat]] if own else None,
            "my_order_kind": public_kind(own_kind) if own_kind is not None else None,
            "final_scores": sheet if over else None,
        }

    def _player_view(
        self, state: State, seat: int, majorities: list[int | None], score: int
    ) -> dict[str, Any]:
        tableau = state["tableaux"][seat]
        groups: dict[int, int] = {}
        for card in tableau:
            groups[CARD_KINDS[card]] = groups.get(CARD_KINDS[card], 0) + 1
        return {
            "seat": seat,
            "tableau": [card_view(card) for card in tableau],
            "tableau_groups": [
                {"kind": public_kind(kind), "name": NAMES[kind], "count": count}
                for kind, count in sorted(groups.items())
            ],
            "orders_count": len(state["orders"][seat]),
            "hand_count": len(state["hands"][seat]),
            "dealt": state["dealt"][seat],
            "tokens": state["tokens"][seat],
            "majorities": [f for f in FAMILIES if majorities[f] == seat],
            "limit": _limit(state, seat),
            "score_now": score,
        }

    def _pending_view(self, state: State) -> dict[str, Any] | None:
        pending = state["pending"]
        if pending is None:
            return None
        first = pending["first"]
        return {
            "event": EVENT_SLUGS[CARD_KINDS[pending["card"]]],
            "seat": state["current"],
            "card": card_view(pending["card"]),
            "first": None
            if first is None
            else {"seat": _owner(state, first), "card": card_view(first)},
        }

    def timeout_move(self, state: State, seat: int) -> Move:
        moves = self.legal_moves(state, seat)
        phase = state["phase"]
        if phase == "orders":
            if state["order_kind"] is None:
                return self._largest_kind(state, seat)
            return {"action": "order_count", "count": 1}
        if phase == "actions":
            if state["pending"] is not None:
                return {"action": "decline"}
            reveals = [m for m in moves if m["action"] == "reveal"]
            return reveals[0] if reveals else {"action": "end_turn"}
        # Discard: the lowest family first (listed in kind order).
        return moves[0]

    def _largest_kind(self, state: State, seat: int) -> Move:
        """The kind held in the greatest number; characters before events,
        then the higher family, so the choice is deterministic."""
        counts: dict[int, int] = {}
        for card in state["hands"][seat]:
            counts[CARD_KINDS[card]] = counts.get(CARD_KINDS[card], 0) + 1
        kind = max(counts, key=lambda k: (counts[k], k not in EVENTS, k))
        return {"action": "order_kind", "kind": public_kind(kind)}

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        sheet = score_sheet(state)
        totals = [row["total"] for row in sheet]
        return Outcome(
            ranks=_ranks(totals),
            scores=list(totals),
            summary=_result_text(state),
            details={"score_sheet": sheet},
        )

    def prompt(self, state: State) -> str:
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
            return f"discard down to {_limit(state, state['current'])} cards"
        return "finish"

    def summary(self, state: State) -> str:
        if state["phase"] == "over":
            return _result_text(state)
        words = {"orders": "orders", "actions": "actions", "discard": "end of round"}
        return f"Season {state['round']} of {ROUNDS} · {words[state['phase']]}"

    def move_label(self, state: State, seat: int, move: Move) -> str:
        action = move.get("action")
        labeller = _LABELS.get(action)
        return labeller(state, seat, move) if labeller else super().move_label(state, seat, move)


def _label_card(state: State, card: int) -> str:
    return f"{{p{_owner(state, card)}}}'s {NAMES[CARD_KINDS[card]]}"


def _label_decline(state: State, seat: int, move: Move) -> str:
    pending = state["pending"]
    if pending is None:
        return "Decline"
    if CARD_KINDS[pending["card"]] == BARBARIANS:
        return "Let the Barbarians pass"
    return "Skip the Lobbying"


_LABELS = {
    "order_kind": lambda s, p, m: f"Play {PLURALS[_internal_kind(m['kind'])]}",
    "order_count": lambda s, p, m: f"Play {_cards_text(s['order_kind'], m['count'])}",
    "order_pair": lambda s, p, m: (
        "Play " + " and ".join(_cards_text(_internal_kind(k), 1) for k in m["kinds"])
    ),
    "order_back": lambda s, p, m: "Choose another kind",
    "reveal": lambda s, p, m: f"Reveal {_a(CARD_KINDS[m['card']])}",
    "bank_take": lambda s, p, m: "Take a victory token from the bank",
    "priest_destroy": lambda s, p, m: f"Destroy your {NAMES[CARD_KINDS[m['card']]]} card",
    "spy_steal": lambda s, p, m: f"Steal a victory token from {{p{m['target']}}}",
    "barbarians": lambda s, p, m: f"Destroy {_label_card(s, m['card'])}",
    "lobby_first": lambda s, p, m: f"Swap {_label_card(s, m['card'])}",
    "lobby_second": lambda s, p, m: (
        f"Swap {_label_card(s, s['pending']['first'])} with {_label_card(s, m['card'])}"
    ),
    "decline": _label_decline,
    "end_turn": lambda s, p, m: "End turn",
    "discard": lambda s, p, m: f"Discard {_a(CARD_KINDS[m['card']])}",
}


ENGINE = KoryoEngine()
