"""One state's bot decisions in a fresh interpreter, for the fairness test.

    python -m tests.bots.decide < question.json > answers.json

The question: {"game": slug, "state": ..., "asks": [{"seat": n, "level":
..., "seed": ...}, ...]}. Each seat is asked as the platform asks it
(`autoplay.play`): its view and legal moves are built from the state, and
`choose_move` gets them with the game's registered bot, the level's own
budget and a deadline at the level's wall-clock cap. The answers say, per
ask, what the seat was shown (its view, its legal moves and their
descriptions), the move chosen, whether it is one of the very moves given,
and whether the deadline could have cut the search (the move is then not
the budget's alone, and cannot be compared).

A process answers for one state only, so that nothing a bot might keep
between calls (a cache, a global) carries one state's secrets to another's.
It does not start Django: the game's bot is the object its app registers
(`<app>.bot.KNOWLEDGE`, checked by the test).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import sys
import time

from games.bots import budget_seconds, choose_move


def answer(game: str, state: dict, asks: list[dict]) -> list[dict]:
    bot = importlib.import_module(f"games.{game}.bot").KNOWLEDGE
    engine = bot.engine
    answers = []
    for ask in asks:
        seat, level = ask["seat"], ask["level"]
        view = engine.view(state, seat)
        legal = engine.legal_moves(state, seat)
        started = time.monotonic()
        move = choose_move(
            bot,
            view,
            legal,
            seat,
            level=level,
            seed=ask["seed"],
            deadline=time.monotonic() + budget_seconds(level),
        )
        # The search reads the clock only to stop after the deadline: back
        # before it, it ran its whole budget.
        cut = time.monotonic() > started + budget_seconds(level)
        answers.append(
            {
                "seat": seat,
                "level": level,
                "view": view,
                "legal": [[dict(m), dataclasses.asdict(m.about)] for m in legal],
                "move": move,
                "given": any(move is m for m in legal),
                "cut": cut,
            }
        )
    return answers


def main() -> None:
    question = json.load(sys.stdin)
    json.dump(answer(question["game"], question["state"], question["asks"]), sys.stdout)


if __name__ == "__main__":
    main()
