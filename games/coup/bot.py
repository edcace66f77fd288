"""What a bot knows of Coup, registered on its entry (`GameEntry.bot`): each
level's budget, how a position is judged, and a quick player
that claims, challenges and blocks as its own cards and the table's dead
cards suggest.

Judging (COUP-8, COUP-9): rounds won count most, then living cards, then
coins (seven pay for a Coup, COUP-5.3). The quick player reads only its own
hand and what is public, so the players the search imagines believe a claim
as often as its odds from their seat warrant: a bluff pays against them
exactly when it would pay against people who cannot see it.
"""

from __future__ import annotations

from math import comb

from games.bots.knowledge import Knowledge, weighted_choice
from games.bots.levels import LookaheadBudget, SearchBudget
from games.coup.rules import ENGINE
from games.coup.rules.cards import (
    ACTIONS,
    BLOCK,
    CHALLENGE_ACTION,
    CHALLENGE_BLOCK,
    CHARACTERS,
    COPIES,
    COUP_COST,
    EXCHANGE,
    LOSE,
    NOT_DUKE,
    REVEAL,
    TURN,
)
from games.engine import Engine, Move, Rng, State

# Which card to keep when a choice is forced (an Exchange, a lost influence):
# the Duke's income first, the Ambassador last.
KEEP_ORDER = ("duke", "assassin", "captain", "contessa", "ambassador")

# How often a player claims a card they lack, against one they hold: the
# quick player's own tastes below bluff about a fifth to a quarter as often.
BLUFF_ODDS = 0.25

# However likely a claim looks, the players the search imagines challenge
# it at least this often before they are spread over a table's doubters.
# Real opponents do (at two players bots challenge in two windows of five
# and a random player in half): imagined ones who never did made every
# bluff look free.
CHALLENGE_BASE = 0.3

# How many answers a quick player's own tastes count for against what a
# seat has actually done in its challenge and block windows: a couple, so
# a seat's record soon outweighs them.
HABIT_WEIGHT = 2.0

# How much a quick player likes each action: (holding the card, bluffing).
ACTION_TASTE = {
    "income": (1.0, 1.0),
    "foreign_aid": (1.5, 1.5),
    "tax": (4.0, 1.0),
    "steal": (3.0, 0.6),
    "exchange": (1.5, 0.4),
    "assassinate": (5.0, 0.8),
    "convert": (0.2, 0.2),
    "embezzle": (2.0, 0.2),
    "coup": (6.0, 6.0),
}


class CoupKnowledge(Knowledge):
    engine = ENGINE
    budgets = {
        "easy": LookaheadBudget(samples=3, horizon=6, noise=0.15),
        "medium": SearchBudget(iterations=100, rollout_moves=None),
        "hard": SearchBudget(iterations=2000, rollout_moves=20),
    }
    scale = 1.5

    def scores(self, state: State) -> list[float | None]:
        several_rounds = state["options"]["rounds_to_win"] > 1
        scores: list[float | None] = []
        for seat, hand in enumerate(state["hands"]):
            won = 8.0 * state["wins"][seat]
            if hand:
                coins = state["coins"][seat]
                # Coins count up to a Coup's price and a little beyond.
                worth = min(coins, COUP_COST) * 0.3 + max(0, min(coins, 10) - COUP_COST) * 0.1
                scores.append(won + 2.0 * len(hand) + worth)
            else:
                scores.append(won - 4.0 if several_rounds else None)
        return scores

    def likelihood(self, view: dict, seat: int, state: State) -> float:
        """A claim being answered now is likelier true than the bare odds
        say: players claim what they hold more often than what they lack."""
        phase = state["phase"]
        pending = state["pending"]
        if phase == CHALLENGE_ACTION:
            holder, claim = pending["actor"], pending["claim"]
        elif phase == CHALLENGE_BLOCK:
            holder, claim = pending["blocker"], pending["block_as"]
        else:
            return 1.0
        if holder == seat:
            return 1.0
        return 1.0 if holds(state["hands"][holder], claim) else BLUFF_ODDS

    def policy(self, engine: Engine, state: State, seat: int, moves: list[Move], rng: Rng) -> Move:
        if len(moves) == 1:
            return moves[0]
        phase = state["phase"]
        if phase == TURN:
            return choose_action(state, seat, moves, rng)
        if phase in (CHALLENGE_ACTION, CHALLENGE_BLOCK):
            return challenge_or_pass(state, seat, moves, rng)
        if phase == BLOCK:
            return block_or_pass(state, seat, moves, rng)
        hand = state["hands"][seat]
        if phase == REVEAL:
            pending = state["pending"]
            claim = pending["claim"] if pending["challenged"] == "action" else pending["block_as"]
            if claim in hand:
                return next(m for m in moves if m["card"] == claim)
            return moves[rng.below(len(moves))]
        if phase == LOSE:
            return least_kept(moves)
        if phase == EXCHANGE:
            return least_kept(moves)
        return moves[rng.below(len(moves))]

    def tells(self, state: State, seat: int, move: Move) -> list[str]:
        """A claim, block or challenge, and whether it was a bluff (or won),
        judged against the real cards (`bench.bots`' table talk)."""
        action = move["action"]
        hand = state["hands"][seat]
        if state["phase"] == TURN and ACTIONS[action].claim is not None:
            bluffed = not holds(hand, ACTIONS[action].claim)
            return ["claims", "bluffed claims"] if bluffed else ["claims"]
        if action == "block":
            return ["blocks", "bluffed blocks"] if move["as"] not in hand else ["blocks"]
        if action == "challenge":
            pending = state["pending"]
            against = state["phase"] == CHALLENGE_ACTION
            holder = pending["actor"] if against else pending["blocker"]
            claim = pending["claim"] if against else pending["block_as"]
            won = not holds(state["hands"][holder], claim)
            return ["challenges", "challenges won"] if won else ["challenges"]
        return []


def the_answer(moves: list[Move], action: str) -> Move:
    """The listed move of that action (an answer: pass or challenge), so that
    the bot plays one of the moves it was given."""
    return next(m for m in moves if m["action"] == action)


def least_kept(moves: list[Move]) -> Move:
    """The move giving up the card last in KEEP_ORDER."""
    return max(moves, key=lambda move: KEEP_ORDER.index(move["card"]))


def choose_action(state: State, seat: int, moves: list[Move], rng: Rng) -> Move:
    hand = state["hands"][seat]
    coups = [m for m in moves if m["action"] == "coup"]
    if coups:
        # A Coup on a player with one card left ends them: always take it.
        finishing = [m for m in coups if len(state["hands"][m["target"]]) == 1]
        if finishing:
            return finishing[rng.below(len(finishing))]
        if len(coups) == len(moves) or rng.below(10) < 9:
            return strongest_target(state, coups, rng)
    per_action: dict[str, int] = {}
    for move in moves:
        per_action[move["action"]] = per_action.get(move["action"], 0) + 1
    weights = []
    for move in moves:
        action = move["action"]
        claim = ACTIONS[action].claim
        held = claim is None or holds(hand, claim)
        taste = ACTION_TASTE[action][0 if held else 1]
        # An action's taste is shared among its targets.
        weights.append(taste / per_action[action])
    return weighted_choice(moves, weights, rng)


def strongest_target(state: State, moves: list[Move], rng: Rng) -> Move:
    """Aim at the player with the most living cards, then the most coins."""

    def threat(move: Move) -> tuple[int, int]:
        target = move["target"]
        return len(state["hands"][target]), state["coins"][target]

    top = max(threat(m) for m in moves)
    best = [m for m in moves if threat(m) == top]
    return best[rng.below(len(best))]


def holds(hand: list[str], claim: str) -> bool:
    return "duke" not in hand if claim == NOT_DUKE else claim in hand


def chance_of_holding(state: State, seat: int, holder: int, card: str) -> float:
    """From `seat`'s side of the table: the chance that `holder`'s living
    cards include `card`, given the cards `seat` has seen (its own, its
    Exchange draw, the dead)."""
    seen = list(state["hands"][seat])
    if state["phase"] == EXCHANGE and state["pending"]["actor"] == seat:
        seen += state["exchange_draw"]
    for cards in state["dead"]:
        seen += cards
    unseen = COPIES * len(CHARACTERS) - len(seen)
    copies = COPIES - seen.count(card)
    size = len(state["hands"][holder])
    if copies <= 0 or size == 0:
        return 0.0
    return 1.0 - comb(unseen - copies, size) / comb(unseen, size)


def challenge_or_pass(state: State, seat: int, moves: list[Move], rng: Rng) -> Move:
    pending = state["pending"]
    if state["phase"] == CHALLENGE_ACTION:
        holder, claim = pending["actor"], pending["claim"]
    else:
        holder, claim = pending["blocker"], pending["block_as"]
    if claim == NOT_DUKE:
        odds = 1.0 - chance_of_holding(state, seat, holder, "duke")
    else:
        odds = chance_of_holding(state, seat, holder, claim)
    if odds <= 0.0:
        return the_answer(moves, "challenge")
    # What the claim itself tells: claims are more often true than the odds.
    believed = odds / (odds + BLUFF_ODDS * (1.0 - odds))
    doubt = 1.0 - believed
    urge = CHALLENGE_BASE + (1.0 - CHALLENGE_BASE) * max(0.0, doubt - 0.3) * 2.0
    hand = state["hands"][seat]
    if pending["action"] == "assassinate" and pending["target"] == seat and len(hand) == 1:
        # A lone card that the assassin would take anyway: doubting is cheap.
        if "contessa" in hand:
            return the_answer(moves, "pass")
        urge += 0.4
    # Several doubters at a table: each needs less to challenge first.
    urge /= max(1.0, len(pending_window(state)) ** 0.5)
    record = state["answers"][seat]
    chance = as_seen(urge, record["challenges"], record["challenge_windows"])
    return the_answer(moves, "challenge" if rng.below(1000) < chance * 1000 else "pass")


def as_seen(chance: float, times: int, windows: int) -> float:
    """`chance` drawn toward how often this seat has actually done it: a
    player who challenges (or blocks) at every turn is imagined doing so."""
    return (times + HABIT_WEIGHT * chance) / (windows + HABIT_WEIGHT)


def pending_window(state: State) -> list[int]:
    pending = state["pending"]
    actor = pending["actor"] if state["phase"] == CHALLENGE_ACTION else pending["blocker"]
    return [s for s, hand in enumerate(state["hands"]) if hand and s != actor]


def block_or_pass(state: State, seat: int, moves: list[Move], rng: Rng) -> Move:
    hand = state["hands"][seat]
    blocks = [m for m in moves if m["action"] == "block"]
    honest = [m for m in blocks if m["as"] in hand]
    if honest:
        return honest[0] if rng.below(10) < 9 else the_answer(moves, "pass")
    action = state["pending"]["action"]
    if action == "assassinate":
        bluff = 0.6 if len(hand) == 1 else 0.25
    elif action == "steal":
        bluff = 0.25
    else:
        bluff = 0.1
    record = state["answers"][seat]
    bluff = as_seen(bluff, record["blocks"], record["block_windows"])
    if blocks and rng.below(1000) < bluff * 1000:
        return blocks[rng.below(len(blocks))]
    return the_answer(moves, "pass")


KNOWLEDGE = CoupKnowledge()
