"""What each legal Coup move says of itself (`About`): its button text, the
piece of the board it acts on (`board`), the group it is listed under, and
whether it is private or listed first. One describer per kind of move.

Rules: the answers to a claim (COUP-6, COUP-7), the challenged player's
choice of card (COUP-7.3 to COUP-7.5, COUP-OP12), losing influence (COUP-8.1),
Exchange (COUP-OP15), the actions and their terms (COUP-5, COUP-10.4,
COUP-10.5), the forced Coup (COUP-4.3). No move is marked forced: the engine
already plays a last card to lose or show itself, and a hand of two alike
cards must still be asked, since skipping the question would tell everyone
the hidden card is a pair.
"""

from __future__ import annotations

from collections.abc import Callable

from games.coup.rules import board
from games.coup.rules.cards import (
    ACTIONS,
    CHALLENGE_BLOCK,
    FACTION_TITLES,
    FORCED_COUP,
    other_faction,
    title,
)
from games.coup.rules.table import claimed_card, who
from games.coup.rules.text import action_terms, claim_phrase, coins_text, either
from games.engine import About, Move, State

ANSWER = "Answer"


def _challenge(s: State, seat: int, move: Move) -> About:
    against = "block" if s["phase"] == CHALLENGE_BLOCK else "action"
    return About(f"Challenge {claim_phrase(s['pending'], against)}", group=ANSWER)


def _reveal(s: State, seat: int, move: Move) -> About:
    """COUP-7.3 to COUP-7.5: the answer to a challenge says what it does.
    Only the challenged player sees these labels (their own hand's cards);
    the card that wins the challenge is listed before the one that loses."""
    card = move["card"]
    claimed = claimed_card(s["pending"])
    if card == claimed:
        label = f"Show your {title(card)}: you win the challenge"
    elif claimed in s["hands"][seat]:
        label = f"Lose your {title(card)} instead"
    else:
        label = f"Lose your {title(card)}"
    return About(
        label,
        target=board.card_piece(card),
        group="Answer the challenge: show the card you claimed, or lose one",
        first=card == claimed,
        private=True,
    )


def _own_card(verb: str, group: str) -> Callable[[State, int, Move], About]:
    """Losing or returning a card names a card of the seat's hand."""

    def describe(s: State, seat: int, move: Move) -> About:
        card = move["card"]
        return About(
            f"{verb} {title(card)}", target=board.card_piece(card), group=group, private=True
        )

    return describe


def _action_group(s: State, seat: int, action: str) -> str:
    """The heading of an action ("Steal: claims the Captain; ...")."""
    if action == "coup" and s["coins"][seat] >= FORCED_COUP:
        return f"Coup: with {FORCED_COUP} coins or more you must ({action_terms(action)})"
    return f"{ACTIONS[action].title}: {action_terms(action)}"


def _coins_group() -> str:
    aid, tax = ACTIONS["foreign_aid"], ACTIONS["tax"]
    return (
        f"Take coins: anyone may block Foreign Aid as {either(aid.blocked_by)};"
        f" Tax claims the {title(tax.claim or '')}"
    )


def _take_coins(label: str) -> Callable[[State, int, Move], About]:
    return lambda s, seat, move: About(label, target=board.TREASURY, group=_coins_group())


def _at_player(verb: str) -> Callable[[State, int, Move], About]:
    """Coup, Steal, Assassinate: "Steal from {p2}", aimed at that player."""

    def describe(s: State, seat: int, move: Move) -> About:
        target = move["target"]
        return About(
            f"{verb} {who(target)}",
            target=board.player_piece(target),
            group=_action_group(s, seat, move["action"]),
        )

    return describe


def _convert(s: State, seat: int, move: Move) -> About:
    target = move["target"]
    joined = FACTION_TITLES[other_faction(s["factions"][target])]
    if target == seat:
        label = f"Convert yourself to the {joined} (1 coin)"
    else:
        label = f"Convert {who(target)} to the {joined} (2 coins)"
    return About(label, target=board.player_piece(target), group=_action_group(s, seat, "convert"))


DESCRIBERS: dict[str, Callable[[State, int, Move], About]] = {
    "pass": lambda s, seat, move: About("Pass", group=ANSWER),
    "challenge": _challenge,
    "block": lambda s, seat, move: About(f"Block as {title(move['as'])}", group=ANSWER),
    "reveal": _reveal,
    "lose": _own_card("Lose", "Lose a card: it is turned face up"),
    "return": _own_card("Return", "Return to the court deck, one card at a time"),
    "income": _take_coins("Income (+1)"),
    "foreign_aid": _take_coins("Foreign Aid (+2)"),
    "tax": _take_coins("Tax as Duke (+3)"),
    "exchange": lambda s, seat, move: About(
        "Exchange as Ambassador", target=board.DECK, group=_action_group(s, seat, "exchange")
    ),
    "embezzle": lambda s, seat, move: About(
        f"Embezzle {coins_text(s['almshouse'])}",
        target=board.ALMSHOUSE,
        group=_action_group(s, seat, "embezzle"),
    ),
    "coup": _at_player("Coup against"),
    "steal": _at_player("Steal from"),
    "assassinate": _at_player("Assassinate"),
    "convert": _convert,
}


def describe(s: State, seat: int, move: Move) -> About:
    return DESCRIBERS[move["action"]](s, seat, move)
