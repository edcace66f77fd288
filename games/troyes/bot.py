"""What a bot knows of Troyes, registered on its entry (`GameEntry.bot`): each
level's budget, how a position is judged, and a quick player.

Judging (TRO-18): the final score sheet as if the game ended now (victory
points, supervisors, events, the Cathedral, the characters), plus money and
influence at a discount while rounds remain to spend them (TRO-7, TRO-10).

The quick player chooses actions and fills them with dice, staffs and marks
cards, confirms what it has built, fights black dice as the timeout would
(the strongest answer its own dice give), and passes or cancels only
rarely.
"""

from __future__ import annotations

from games.bots.knowledge import Knowledge
from games.bots.levels import LookaheadBudget, SearchBudget
from games.engine import Engine, Move, Rng, State, find_move
from games.troyes.rules import ENGINE
from games.troyes.rules import table as T

TASTE = {
    "place": 1.0,
    "choose": 3.0,
    "pass": 0.4,
    "reroll": 0.2,
    "recruit": 0.3,
    "turn": 0.2,
    "add_die": 3.0,
    "remove_die": 0.1,
    "marker": 3.0,
    "supervisor": 3.0,
    "confirm": 12.0,
    "cancel": 0.2,
}


class TroyesKnowledge(Knowledge):
    engine = ENGINE
    budgets = {
        "easy": LookaheadBudget(samples=2, horizon=8, noise=0.1),
        "medium": SearchBudget(iterations=25, rollout_moves=20),
        "hard": SearchBudget(iterations=200, rollout_moves=20),
    }
    scale = 6.0
    taste = TASTE

    def scores(self, state: State) -> list[float]:
        left = max(0, state["rounds"] - state["round"]) / state["rounds"]
        scores = []
        for row in T.score_sheet(state):
            seat = row["seat"]
            value = float(row["total"])
            value += state["deniers"][seat] * (0.1 + 0.2 * left)
            value += state["ip"][seat] * (0.1 + 0.3 * left)
            value += state["owned"][seat] * 1.0 * left
            scores.append(value)
        return scores

    def policy(self, engine: Engine, state: State, seat: int, moves: list[Move], rng: Rng) -> Move:
        if len(moves) == 1:
            return moves[0]
        phase = state["phase"]
        if phase == "defence":
            # The timeout's fight reads only dice every player sees.
            return find_move(moves, engine.timeout_move(state, seat)) or moves[0]
        if phase == "uses":
            return max(moves, key=lambda move: move["count"])
        return super().policy(engine, state, seat, moves, rng)


KNOWLEDGE = TroyesKnowledge()
