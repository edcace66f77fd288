"""Public words: prompts, the summary line and shared phrases (the labels of
the moves are in `records`).

Everything here reads only public parts of the state (coins, factions, the
pending action, whose move it is), never a hand, the deck or the rng, so it
may be shown to anyone. Players appear as `{pN}` placeholders.
"""

from __future__ import annotations

from typing import Any

from games.coup.rules.cards import (
    ACTIONS,
    BLOCK,
    CHALLENGE_ACTION,
    CHALLENGE_BLOCK,
    EXCHANGE,
    FACTION_TITLES,
    GAME_OVER,
    LOSE,
    NOT_DUKE,
    REVEAL,
    TURN,
    title,
)
from games.coup.rules.table import living, who
from games.engine import State
from games.words import count_of

# COUP-OP8, COUP-OP9: standing orders only ever pass; a claim or block that
# concerns the player still asks them (see `orders`).
STANDING_ORDERS = (
    "When the game waits for your answer to another player's move, these orders answer"
    " for you at once, so nobody waits a day for your pass. They only ever make the quiet"
    " answer (a pass): they never challenge or block for you. You can change them at any"
    " time; a question already waiting for you is answered as soon as you save. An order"
    " turns itself off, and says so, when you lose an influence, another player is"
    " knocked out or a new round is dealt, since you set it for the table as it was."
    " The log marks each such answer \u201cstanding order\u201d."
)


def coins_text(amount: int) -> str:
    return count_of(amount, "coin")


# The pending action named with its target: as a noun in the log, and as
# its player would say it on the board. Actions not listed go by their title.
NOUNS = {
    "steal": "Steal from {}",
    "assassinate": "Assassination of {}",
    "coup": "Coup against {}",
}
SAID = {
    "steal": "Steal from {}",
    "assassinate": "Assassinate {}",
    "coup": "Coup against {}",
    "embezzle": "Embezzle the almshouse",
}


def _named(names: dict[str, str], action: str, target: str) -> str:
    return names[action].format(target) if action in names else ACTIONS[action].title


def action_phrase(pending: dict[str, Any]) -> str:
    """The pending action as a noun: "Tax", "Steal from {p2}"."""
    return _named(NOUNS, pending["action"], who(pending["target"]))


def claim_phrase(pending: dict[str, Any], against: str | None = None) -> str:
    """ "{p0}'s claim of Duke", for the claim being (or about to be) challenged."""
    against = against or pending["challenged"]
    if against == "block":
        return f"{who(pending['blocker'])}'s claim of {title(pending['block_as'])}"
    if pending["claim"] == NOT_DUKE:
        return f"{who(pending['actor'])}'s claim not to be the Duke"
    return f"{who(pending['actor'])}'s claim of {title(pending['claim'])}"


def prompt(s: State) -> str:
    phase = s["phase"]
    pending = s["pending"]
    if phase == TURN:
        return "take a turn"
    if phase == CHALLENGE_ACTION:
        return f"respond to {who(pending['actor'])}'s {action_phrase(pending)}"
    if phase == BLOCK:
        return f"decide whether to block {who(pending['actor'])}'s {action_phrase(pending)}"
    if phase == CHALLENGE_BLOCK:
        return f"respond to {who(pending['blocker'])}'s block as {title(pending['block_as'])}"
    if phase == REVEAL:
        return f"answer {who(pending['challenger'])}'s challenge"
    if phase == LOSE:
        return "choose a card to lose"
    if phase == EXCHANGE:
        return "choose cards to return to the court deck"
    return ""


def summary(s: State) -> str:
    if s["phase"] == GAME_OVER:
        return result_text(s)
    left = len(living(s))
    text = f"{left} players left"
    if s["options"]["rounds_to_win"] > 1:
        text = f"Round {s['round']} · {text}"
    return text


def result_text(s: State) -> str:
    winner = s["winner"]
    if s["options"]["rounds_to_win"] == 1:
        return f"{who(winner)} wins."
    wins = s["wins"]
    others = [seat for seat in range(s["num_players"]) if seat != winner]
    if len(others) == 1:
        return f"{who(winner)} wins {wins[winner]} rounds to {wins[others[0]]}."
    rest = ", ".join(f"{who(seat)} {wins[seat]}" for seat in others)
    return f"{who(winner)} wins {wins[winner]} rounds ({rest})."


# -- the terms of an action, for the headings of the list of moves -------------


def either(cards: tuple[str, ...]) -> str:
    """'the Ambassador or the Captain'."""
    return " or ".join(f"the {title(card)}" for card in cards)


def action_terms(action: str) -> str:
    """What an action claims, costs and who may block it (COUP-5.3, COUP-6.3,
    COUP-10.4, COUP-10.5): "claims the Captain; the target may block as the
    Ambassador or the Captain"."""
    rule = ACTIONS[action]
    terms = []
    if rule.claim == NOT_DUKE:
        terms.append("claims you hold no Duke")
    elif rule.claim:
        terms.append(f"claims the {title(rule.claim)}")
    if action == "convert":
        terms.append("1 coin for yourself, 2 for another, paid to the almshouse")
    elif rule.cost:
        terms.append(coins_text(rule.cost))
    if rule.blocked_by:
        blocker = "anyone" if rule.anyone_blocks else "the target"
        terms.append(f"{blocker} may block as {either(rule.blocked_by)}")
    elif rule.targeted:
        terms.append("cannot be blocked")
    return "; ".join(terms)


# -- the board's words: what the table page says beside its pieces -------------

# COUP-5.3: what each action does, said after its name on the board; the
# costs are the ones the flow charges (cards.ACTIONS).
ACTION_EFFECTS = {
    "income": "+1 coin",
    "foreign_aid": "+2 coins",
    "tax": "+3 coins",
    "exchange": "draw 2, return 2",
}

# COUP-OP6: the treasury never runs out.
TREASURY = "unlimited"
TREASURY_TIP = "The bank never runs out of coins"
# COUP-10.4, COUP-10.5.
ALMSHOUSE_TIP = "Convert pays into the almshouse; Embezzle takes all of it"
# COUP-10.2, COUP-10.3, COUP-OP20.
FACTION_LIMITS = (
    "While both factions are in play, nobody may Coup, Assassinate or Steal from their own"
    " faction, or block a teammate's Foreign Aid."
)
# COUP-OP15: an Exchange keeps the hand's size.
EXCHANGE_HELP = (
    "Keep as many cards as you had; return the rest, one at a time, by clicking it here or"
    " in your hand."
)
# The answers' record kept per player (`view["answers"]`), in words.
HABITS_TIP = "How often this player has challenged or blocked when asked"


def limits_lifted(faction: str) -> str:
    """COUP-10.3, COUP-OP20: the limits lift once one faction is left."""
    return (
        f"Only the {FACTION_TITLES[faction]} are left in play: the faction limits are lifted"
        " and anyone may target anyone."
    )


def action_effect(action: str, almshouse: int | None) -> str:
    """What the pending action does or cost, in brackets after its name:
    "+3 coins", "paid 3 coins", "4 coins" (COUP-5.3, COUP-10.5)."""
    if action == "embezzle":
        return coins_text(almshouse or 0)
    if action in ACTION_EFFECTS:
        return ACTION_EFFECTS[action]
    cost = ACTIONS[action].cost
    return f"paid {coins_text(cost)}" if cost else ""


def blockers_phrase(action: str) -> str:
    """COUP-6.3: "the Ambassador or the Captain", those who may block it."""
    return either(ACTIONS[action].blocked_by)


def pending_said(pending: dict[str, Any], target: str, almshouse: int | None) -> str:
    """ "Steal from ben (+2 coins)": the action on the table and, in
    brackets, what it does or cost (COUP-5.3, COUP-10.5)."""
    action = pending["action"]
    name = _named(SAID, action, target)
    effect = action_effect(action, almshouse)
    return f"{name} ({effect})" if effect else name


def block_question(pending: dict[str, Any], target: str, *, to_me: bool) -> str:
    """COUP-6.3: who may block the pending action, asked as a question; a
    block anyone may make (Foreign Aid) is asked of everyone."""
    action = pending["action"]
    blockers = blockers_phrase(action)
    if ACTIONS[action].anyone_blocks:
        return f"Does anyone block, claiming {blockers}?"
    if to_me:
        return f"Do you block, claiming {blockers}?"
    return f"Does {target} block, claiming {blockers}?"


def habits_text(record: dict[str, int]) -> str:
    """A player's answers so far, said for a newcomer: "Challenged 2 of 3
    claims; blocked 1 of 1 chance to block"."""
    parts = []
    if record["challenge_windows"]:
        claims = count_of(record["challenge_windows"], "claim")
        parts.append(f"Challenged {record['challenges']} of {claims}")
    if record["block_windows"]:
        chances = count_of(record["block_windows"], "chance")
        parts.append(f"blocked {record['blocks']} of {chances} to block")
    return "; ".join(parts)


def waiting_for(phase: str) -> str:
    """What a player the table waits for is asked to do, beside their name."""
    return {
        TURN: "to play",
        LOSE: "to choose a card to lose",
        EXCHANGE: "to choose cards to return",
    }.get(phase, "to answer")
