"""The fixed parts of Coup: characters, actions, costs and phase names.

Rules: COUP-1.1 (15 cards, 3 of each character), COUP-1.2 and COUP-OP6
(50 coins in all), COUP-4.3 and COUP-OP5 (forced Coup at 10 or more), the
action table of COUP-5.3, the blockers of COUP-6.3 and the factions of
COUP-10.1.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.words import indefinite

DUKE = "duke"
ASSASSIN = "assassin"
CAPTAIN = "captain"
AMBASSADOR = "ambassador"
CONTESSA = "contessa"
CHARACTERS = (DUKE, ASSASSIN, CAPTAIN, AMBASSADOR, CONTESSA)
COPIES = 3

# COUP-OP6: the treasury is unlimited. The state still counts it down from
# the 50 coins of the published box, so that coins are seen to be conserved;
# that count goes below zero when players hold more than 50 between them, so
# no view shows it.
TOTAL_COINS = 50
COUP_COST = 7
FORCED_COUP = 10

# Embezzle claims the absence of a character rather than a character.
NOT_DUKE = "not_duke"

LOYALIST = "loyalist"
REFORMIST = "reformist"
FACTION_TITLES = {LOYALIST: "Loyalists", REFORMIST: "Reformists"}

# Phases, as shown in views (section 13 of the specification).
TURN = "turn"
CHALLENGE_ACTION = "challenge_action"
BLOCK = "block"
CHALLENGE_BLOCK = "challenge_block"
REVEAL = "reveal"
LOSE = "lose_influence"
EXCHANGE = "exchange"
GAME_OVER = "game_over"
WINDOWS = (CHALLENGE_ACTION, BLOCK, CHALLENGE_BLOCK)


@dataclass(frozen=True)
class ActionRule:
    """How one turn action behaves (the table of COUP-5.3)."""

    title: str
    # The character claimed, NOT_DUKE for Embezzle, None when nothing is claimed.
    claim: str | None = None
    # Coins paid on declaration (Convert's cost depends on its target).
    cost: int = 0
    targeted: bool = False
    blocked_by: tuple[str, ...] = ()
    # Foreign Aid may be blocked by anyone; the other blockable actions only
    # by their target.
    anyone_blocks: bool = False
    factions_only: bool = False


ACTIONS: dict[str, ActionRule] = {
    "income": ActionRule("Income"),
    "foreign_aid": ActionRule("Foreign Aid", blocked_by=(DUKE,), anyone_blocks=True),
    "coup": ActionRule("Coup", cost=COUP_COST, targeted=True),
    "tax": ActionRule("Tax", claim=DUKE),
    "steal": ActionRule("Steal", claim=CAPTAIN, targeted=True, blocked_by=(AMBASSADOR, CAPTAIN)),
    "exchange": ActionRule("Exchange", claim=AMBASSADOR),
    "assassinate": ActionRule(
        "Assassination", claim=ASSASSIN, cost=3, targeted=True, blocked_by=(CONTESSA,)
    ),
    "convert": ActionRule("Convert", targeted=True, factions_only=True),
    "embezzle": ActionRule("Embezzle", claim=NOT_DUKE, factions_only=True),
}


def convert_cost(actor: int, target: int) -> int:
    """COUP-10.4: changing your own faction is cheaper than someone else's."""
    return 1 if actor == target else 2


def title(card: str) -> str:
    return card.capitalize()


def with_article(card: str) -> str:
    """'a Duke', 'an Assassin'."""
    return indefinite(title(card))


def other_faction(faction: str) -> str:
    return REFORMIST if faction == LOYALIST else LOYALIST
