"""What a bot knows of Koryo, registered on its entry (`GameEntry.bot`): each
level's budget, how a position is judged, and a quick player.

Judging (KOR-9): the score if the game ended now (majorities, events, tokens)
blended with each seat's share of every family, weighted by the family's
points, so that a majority being built or about to be lost counts before it
changes hands; face-down orders count as the cards they will be once revealed
this round (KOR-7.1). The quick player places as many cards as it can of a
kind it holds, reveals everything, always takes the Banker's and the Spy's
tokens, destroys its own events with the Priest, and aims Barbarians and
Lobbying at the players ahead.
"""

from __future__ import annotations

from games.bots.knowledge import Knowledge, weighted_choice
from games.bots.levels import LookaheadBudget, SearchBudget
from games.engine import Engine, Move, Rng, State
from games.koryo.rules import ENGINE
from games.koryo.rules.cards import CARD_KINDS, EVENTS, FAMILIES, ROUNDS
from games.koryo.rules.table import score_sheet

# How much the smooth share counts against the exact score now; the share
# matters most early, when majorities still change hands.
SHARE_EARLY, SHARE_LATE = 0.6, 0.2


class KoryoKnowledge(Knowledge):
    engine = ENGINE
    budgets = {
        "easy": LookaheadBudget(samples=3, horizon=6, noise=0.15),
        "medium": SearchBudget(iterations=60, rollout_moves=40),
        "hard": SearchBudget(iterations=600, rollout_moves=40),
    }
    scale = 3.0

    def scores(self, state: State) -> list[float]:
        n = state["players"]
        counts = [[0] * 12 for _ in range(n)]
        for seat in range(n):
            for card in state["tableaux"][seat]:
                counts[seat][CARD_KINDS[card]] += 1
            for card in state["orders"][seat]:
                counts[seat][CARD_KINDS[card]] += 1
        share_weight = SHARE_EARLY + (SHARE_LATE - SHARE_EARLY) * (state["round"] - 1) / (
            ROUNDS - 1
        )
        exact = [row["total"] for row in score_sheet(state)]
        scores = []
        for seat in range(n):
            smooth = float(state["tokens"][seat] - counts[seat][10] - counts[seat][11])
            for family in FAMILIES:
                total = sum(counts[other][family] ** 2 for other in range(n))
                if total:
                    smooth += family * counts[seat][family] ** 2 / total
            scores.append(share_weight * smooth + (1 - share_weight) * exact[seat])
        return scores

    def policy(self, engine: Engine, state: State, seat: int, moves: list[Move], rng: Rng) -> Move:
        if len(moves) == 1:
            return moves[0]
        return weighted_choice(moves, [self.taste(state, seat, move) for move in moves], rng)

    def taste(self, state: State, seat: int, move: Move) -> float:
        action = move["action"]
        if action == "order_kind":
            kind = move["kind"]
            if isinstance(kind, str):  # an event: useful, but it costs a point
                return 0.5
            return float(sum(1 for c in state["hands"][seat] if CARD_KINDS[c] == kind))
        if action == "order_count":
            return float(move["count"] ** 2)
        if action in ("bank_take", "spy_steal"):
            return 20.0
        if action == "priest_destroy":
            return 10.0
        if action == "end_turn":
            return 0.5
        if action == "order_back":
            return 0.1
        if action == "decline":
            return 0.3
        if action in ("barbarians", "lobby_first"):
            # Take from a player's biggest family, which is likely a majority.
            return 1.0 + card_weight(state, move["card"])
        if action == "discard":
            # Keep the families with points: give up the smallest.
            return 1.0 / (1 + CARD_KINDS[move["card"]])
        return 1.0


def card_weight(state: State, card: int) -> float:
    kind = CARD_KINDS[card]
    if kind in EVENTS:
        return 0.0
    owner = next(s for s, tableau in enumerate(state["tableaux"]) if card in tableau)
    return float(sum(1 for c in state["tableaux"][owner] if CARD_KINDS[c] == kind))


KNOWLEDGE = KoryoKnowledge()
