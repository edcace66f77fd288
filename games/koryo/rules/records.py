"""What each legal Koryo move says of itself (`About`): its button text, the
piece of the board it acts on (`board`), the group it is listed under in the
rules' words, and whether it is forced or private. One describer per kind of
move.

A label names the card its move would play, so labels are shown only to the
seat that may make the move. Choosing orders from the hand and revealing
face-down ones name cards the other players cannot see yet (KOR-6, KOR-7.2):
those moves are private. A move is forced when it is the seat's only legal
move and tells nothing hidden: the last face-down card to reveal, the one
kind left to discard (KOR-8.2). Choosing another kind, declining an event
and ending the turn act on no piece.
"""

from __future__ import annotations

from collections.abc import Callable

from games.engine import About, Move, State
from games.koryo.rules import board, choices
from games.koryo.rules.cards import BARBARIANS, CARD_KINDS, NAMES, PLURALS, internal_kind
from games.koryo.rules.cards import public_kind as public
from games.koryo.rules.table import limit, owner
from games.koryo.rules.text import a_card, cards_text

ORDERS = "Place face down: choose one kind; the rest of your hand goes back to the deck"
PAIR = "Shipowner: or place one card each of two different kinds"
REVEAL = "Reveal your face-down cards"
POWERS = "Powers: each once per turn, while you hold the majority"


def _only(s: State, seat: int) -> bool:
    return len(choices.legal_moves(s, seat)) == 1


def _card(s: State, card: int) -> str:
    """ "{p1}'s Banker"."""
    return f"{{p{owner(s, card)}}}'s {NAMES[CARD_KINDS[card]]}"


def _kind_of(card: int) -> int | str:
    return public(CARD_KINDS[card])


def _event_group(s: State) -> str:
    pending = s["pending"]
    if pending is None:
        return ""
    if CARD_KINDS[pending["card"]] == BARBARIANS:
        return "Barbarians: destroy one character card of an opponent, or let them pass"
    if pending["first"] is None:
        return "Lobbying: pick the first of two character cards to swap"
    return "Lobbying: now pick the card to swap it with, from another player"


def _decline(s: State, seat: int, move: Move) -> About:
    pending = s["pending"]
    if pending is None:
        label = "Decline"
    elif CARD_KINDS[pending["card"]] == BARBARIANS:
        label = "Let the Barbarians pass"
    else:
        label = "Skip the Lobbying"
    return About(label, group=_event_group(s))


def _reveal_all(s: State, seat: int, move: Move) -> About:
    kind = internal_kind(move["kind"])
    count = sum(1 for c in s["orders"][seat] if CARD_KINDS[c] == kind)
    return About(
        f"Reveal all {cards_text(kind, count)}",
        target=board.orders_piece(move["kind"]),
        group=REVEAL,
        private=True,
    )


def _event(label: Callable[[State, Move], str]) -> Callable[[State, int, Move], About]:
    """The Barbarians' and a Lobbying's targets: a character in a tableau."""
    return lambda s, p, m: About(
        label(s, m), target=board.tableau_card_piece(s, m["card"]), group=_event_group(s)
    )


def _discard(s: State, seat: int, move: Move) -> About:
    return About(
        f"Discard {a_card(CARD_KINDS[move['card']])}",
        target=board.tableau_card_piece(s, move["card"]),
        group=f"Discard characters until {limit(s, seat)} cards are left in front of you"
        " (events stay)",
        forced=_only(s, seat),
    )


DESCRIBERS: dict[str, Callable[[State, int, Move], About]] = {
    "order_kind": lambda s, p, m: About(
        f"Play {PLURALS[internal_kind(m['kind'])]}",
        target=board.hand_piece(m["kind"]),
        group=ORDERS,
        private=True,
    ),
    "order_count": lambda s, p, m: About(
        f"Play {cards_text(s['order_kind'], m['count'])}",
        target=board.hand_piece(public(s["order_kind"])),
        group=f"How many {PLURALS[s['order_kind']]}?",
        private=True,
    ),
    "order_pair": lambda s, p, m: About(
        "Play " + " and ".join(cards_text(internal_kind(k), 1) for k in m["kinds"]),
        target=board.hand_piece(m["kinds"][1]),
        group=PAIR,
        private=True,
    ),
    "order_back": lambda s, p, m: About("Choose another kind"),
    "reveal": lambda s, p, m: About(
        f"Reveal {a_card(CARD_KINDS[m['card']])}",
        target=board.orders_piece(_kind_of(m["card"])),
        group=REVEAL,
        forced=_only(s, p),
        private=True,
    ),
    "reveal_all": _reveal_all,
    "bank_take": lambda s, p, m: About(
        "Take a victory token from the bank", target=board.BANK, group=POWERS
    ),
    "priest_destroy": lambda s, p, m: About(
        f"Destroy your {NAMES[CARD_KINDS[m['card']]]} card",
        target=board.tableau_card_piece(s, m["card"]),
        group=POWERS,
    ),
    "spy_steal": lambda s, p, m: About(
        f"Steal a victory token from {{p{m['target']}}}",
        target=board.tokens_piece(m["target"]),
        group=POWERS,
    ),
    "barbarians": _event(lambda s, m: f"Destroy {_card(s, m['card'])}"),
    "lobby_first": _event(lambda s, m: f"Swap {_card(s, m['card'])}"),
    "lobby_second": _event(
        lambda s, m: f"Swap {_card(s, s['pending']['first'])} with {_card(s, m['card'])}"
    ),
    "decline": _decline,
    "end_turn": lambda s, p, m: About("End turn"),
    "discard": _discard,
}


def describe(s: State, seat: int, move: Move) -> About:
    return DESCRIBERS[move["action"]](s, seat, move)
