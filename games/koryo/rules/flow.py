"""The round, phase by phase (section 12): what each legal move does, and the
steps that need no decision.

Every `do_*` handler takes a state already copied by `apply` and changes it
in place, writing log lines as it goes. The automatic steps run within the
same move: dealing, returning unplayed cards, ending a turn once nothing but
`end_turn` is left, skipping an event without a target, skipping players
within the limit, the round's end and the final scoring.

Rules: the Season and the deal with the Journalist's extra card (KOR-5.0 to
KOR-5.2, KOR-OP7, KOR-OP7a), orders placed in turn with the rest of the hand
back to the deck (KOR-6.1 to KOR-6.4, KOR-OP5a), reveals, abilities and events
resolved at once (KOR-7.1 to KOR-7.10, KOR-OP8, KOR-OP10, KOR-OP11,
KOR-OP13), discards back to the deck and the First Player token passed on
(KOR-8.1 to KOR-8.5) and the end after round 8 (KOR-9).
"""

from __future__ import annotations

from bisect import insort

from games.engine import LogLine, Move, Rng, State, line
from games.koryo.rules.cards import (
    CARD_KINDS,
    EVENTS,
    JOURNALIST,
    NAMES,
    PLURALS,
    ROUNDS,
    internal_kind,
    season,
)
from games.koryo.rules.choices import action_moves, event_moves
from games.koryo.rules.table import holder, must_discard, next_seat, owner, score_sheet, turn_order
from games.koryo.rules.text import a_card, cards_text, hand_text, points, result_text
from games.words import count_of

# -- phase 1: distribution -----------------------------------------------------


def start_round(state: State, log: list[LogLine]) -> None:
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
    for seat in turn_order(state):
        wanted = card["deal"] + (1 if seat == journalist else 0)
        # The deck cannot run short with these Seasons; if it did, deal what is left.
        got = min(wanted, len(deck))
        hand = sorted(deck[len(deck) - got :])
        del deck[len(deck) - got :]
        state["hands"][seat] = hand
        state["dealt"][seat] = got
        log.append(line(f"Your cards: {hand_text(hand)}." if hand else "You get no card.", [seat]))
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
        nxt = next_seat(state)
        if nxt is None:
            _start_actions(state, log)
            return
        state["current"] = nxt


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
    # KOR-6.4: how many unplayed cards go back is public (hands are counted
    # on the board, and the deck grows by them); which ones is not.
    placed = f"{{p{seat}}} places {count_of(len(cards), 'card')} face down"
    if rest:
        goes = "goes" if len(rest) == 1 else "go"
        placed += f"; {count_of(len(rest), 'unplayed card')} {goes} back to the deck"
    log.append(line(placed + "."))
    log.append(line(f"You place {hand_text(cards)} face down.", [seat]))
    nxt = next_seat(state)
    if nxt is None:
        _start_actions(state, log)
    else:
        state["current"] = nxt
        _settle_orders(state, log)


def do_order_kind(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    state["order_kind"] = internal_kind(move["kind"])
    log.append(line(f"You choose to play {PLURALS[state['order_kind']]}.", [seat]))


def do_order_back(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    state["order_kind"] = None


def do_order_count(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    cards = _take_from_hand(state, seat, state["order_kind"], move["count"])
    _place_order(state, seat, cards, log)


def do_order_pair(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    cards = []
    for kind in move["kinds"]:
        cards += _take_from_hand(state, seat, internal_kind(kind), 1)
    _place_order(state, seat, cards, log)


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
        and action_moves(state, state["current"]) == [{"action": "end_turn"}]
    ):
        _end_turn(state, log)


def _end_turn(state: State, log: list[LogLine]) -> None:
    state["used"] = []
    nxt = next_seat(state)
    if nxt is None:
        _start_discard(state, log)
    else:
        state["current"] = nxt


def do_reveal(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    """A revealed event resolves at once, before anything else (KOR-7.4)."""
    card = move["card"]
    state["orders"][seat].remove(card)
    insort(state["tableaux"][seat], card)
    kind = CARD_KINDS[card]
    log.append(line(f"{{p{seat}}} reveals {a_card(kind)}."))
    if kind in EVENTS:
        state["pending"] = {"card": card, "first": None}
        if event_moves(state, seat) == [{"action": "decline"}]:
            # KOR-OP10: an event without a possible target simply stays.
            state["pending"] = None
            log.append(line(f"The {NAMES[kind]} card has no possible target."))
    _settle_actions(state, log)


def do_reveal_all(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    """KOR-7.2: every face-down character of one kind turned up in one move."""
    kind = internal_kind(move["kind"])
    cards = [card for card in state["orders"][seat] if CARD_KINDS[card] == kind]
    for card in cards:
        state["orders"][seat].remove(card)
        insort(state["tableaux"][seat], card)
    log.append(line(f"{{p{seat}}} reveals {cards_text(kind, len(cards))}."))
    _settle_actions(state, log)


def do_bank_take(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    state["bank"] -= 1
    state["tokens"][seat] += 1
    state["used"].append("bank")
    log.append(line(f"{{p{seat}}} takes a victory token from the bank (Banker majority)."))
    _settle_actions(state, log)


def do_priest_destroy(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    card = move["card"]
    state["tableaux"][seat].remove(card)
    state["deck"].append(card)
    state["used"].append("priest")
    log.append(
        line(f"{{p{seat}}} destroys their own {NAMES[CARD_KINDS[card]]} card (Priest majority).")
    )
    _settle_actions(state, log)


def do_spy_steal(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    target = move["target"]
    state["tokens"][target] -= 1
    state["tokens"][seat] += 1
    state["used"].append("spy")
    log.append(line(f"{{p{seat}}} steals a victory token from {{p{target}}} (Spy majority)."))
    _settle_actions(state, log)


def do_barbarians(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    """The destroyed card returns to the deck (KOR-OP11)."""
    card = move["card"]
    loser = owner(state, card)
    state["tableaux"][loser].remove(card)
    state["deck"].append(card)
    state["pending"] = None
    log.append(line(f"{{p{seat}}}'s Barbarians destroy {{p{loser}}}'s {NAMES[CARD_KINDS[card]]}."))
    _settle_actions(state, log)


def do_lobby_first(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    card = move["card"]
    state["pending"]["first"] = card
    picked = owner(state, card)
    log.append(
        line(f"{{p{seat}}} picks {{p{picked}}}'s {NAMES[CARD_KINDS[card]]} for the Lobbying.")
    )


def do_lobby_second(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    first, second = state["pending"]["first"], move["card"]
    first_owner, second_owner = owner(state, first), owner(state, second)
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


def do_decline(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    kind = CARD_KINDS[state["pending"]["card"]]
    state["pending"] = None
    log.append(line(f"{{p{seat}}} does not use the {NAMES[kind]} card."))
    _settle_actions(state, log)


def do_end_turn(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
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
    while not must_discard(state, state["current"]):
        nxt = next_seat(state)
        if nxt is None:
            _end_round(state, log)
            return
        state["current"] = nxt


def do_discard(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    card = move["card"]
    state["tableaux"][seat].remove(card)
    state["deck"].append(card)  # KOR-8.4
    log.append(line(f"{{p{seat}}} discards {a_card(CARD_KINDS[card])}."))
    _settle_discard(state, log)


def _end_round(state: State, log: list[LogLine]) -> None:
    """Pass the First Player token and start the next round (KOR-8.5)."""
    if state["round"] == ROUNDS:
        _finish(state, log)
        return
    state["round"] += 1
    state["first_player"] = (state["first_player"] + 1) % state["players"]
    log.append(line(f"{{p{state['first_player']}}} takes the First Player token."))
    start_round(state, log)


def _finish(state: State, log: list[LogLine]) -> None:
    state["phase"] = "over"
    state["current"] = None
    for row in score_sheet(state):
        log.append(line(f"{{p{row['seat']}}} scores {points(row['total'])}."))
    log.append(line(result_text(state)))


HANDLERS = {
    "order_kind": do_order_kind,
    "order_back": do_order_back,
    "order_count": do_order_count,
    "order_pair": do_order_pair,
    "reveal": do_reveal,
    "reveal_all": do_reveal_all,
    "bank_take": do_bank_take,
    "priest_destroy": do_priest_destroy,
    "spy_steal": do_spy_steal,
    "barbarians": do_barbarians,
    "lobby_first": do_lobby_first,
    "lobby_second": do_lobby_second,
    "decline": do_decline,
    "end_turn": do_end_turn,
    "discard": do_discard,
}
