"""What a bot knows of Seasons, registered on its entry (`GameEntry.bot`): each
level's budget, how a position is judged, and a quick player.

Judging (SEA-10): the final score if the game ended now (crystals, the cards'
prestige points and end-of-game effects, -5 a card in hand or in a year set
to come, the bonus penalty), plus what is still worth crystals later: energy
(it transmutes, SEA-1.3), cards in hand and in play while there is time to
summon and use them (SEA-7), the summoning gauge's room. Those extras fade
as the three years run out.

The quick player summons and activates when it can, transmutes and draws
now and then, rarely spends a bonus (SEA-8.3's penalty), and ends its turn
once little is left; every other question it answers at random.
"""

from __future__ import annotations

from games.bots.knowledge import Knowledge
from games.bots.levels import LookaheadBudget, SearchBudget
from games.engine import State
from games.seasons.rules import ENGINE
from games.seasons.rules.engine import score_sheet

MONTHS = 36

TASTE = {
    "summon": 8.0,
    "activate": 4.0,
    "pay": 2.0,
    "star": 2.0,
    "draw": 2.0,
    "transmute": 1.0,
    "end_turn": 1.0,
    "bonus": 0.1,
    "cancel": 0.05,
    "clear": 0.01,
    "confirm": 10.0,
    "orb_back": 1.0,
}


class SeasonsKnowledge(Knowledge):
    engine = ENGINE
    budgets = {
        "easy": LookaheadBudget(samples=2, horizon=8, noise=0.1),
        "medium": SearchBudget(iterations=25, rollout_moves=20),
        "hard": SearchBudget(iterations=200, rollout_moves=20),
    }
    scale = 12.0
    taste = TASTE

    def scores(self, state: State) -> list[float]:
        elapsed = ((state["year"] - 1) * 12 + state["month"] - 1) / MONTHS
        left = max(0.0, 1.0 - elapsed)
        scores = []
        for row, p in zip(score_sheet(state), state["p"], strict=True):
            held = len(p["hand"]) + sum(len(year) for year in p["years"])
            value = float(row["total"])
            value += sum(p["energy"]) * (0.3 + 1.2 * left)
            # The -5 a held card costs at the end is not due yet; early on a
            # card is a promise of points.
            value += held * 8.0 * left
            value += row["in_play"] * 2.0 * left
            value += p["gauge"] * 0.5 * left
            scores.append(value)
        return scores


KNOWLEDGE = SeasonsKnowledge()
