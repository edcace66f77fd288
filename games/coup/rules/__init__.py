"""Coup: the pure rules engine (no Django, no I/O, randomness from the state).

Implements the specification in rules/coup.md: the base game (COUP-1 to
COUP-8), Rounds to win (COUP-9), Factions with Convert, Embezzle and the
almshouse (COUP-10) and the state machine of its section 13.

Moves (JSON): `{"action": "income" | "foreign_aid" | "tax" | "exchange" |
"embezzle"}`, `{"action": "coup" | "steal" | "assassinate" | "convert",
"target": seat}`, `{"action": "pass" | "challenge"}`, `{"action": "block",
"as": card}`, `{"action": "reveal" | "lose" | "return", "card": card}`.

Choices the specification leaves to the engine:
- answers arrive one at a time, so the first challenge or block received
  closes its window (COUP-OP9; section 13, block window);
- nobody is asked a question with only one possible answer that everyone can
  see: a challenged player with one living card shows it, a player who must
  lose influence with one living card loses it, and an Embezzle challenge
  shows every living card (COUP-10.6), all without a move. A player with two
  living cards is always asked, even when they are identical, so that a
  skipped question never tells the others the cards match;
- an Exchange returns its two cards as two moves; the hand keeps its size in
  between, so others cannot see which cards went back;
- `last_reveal` (the cards shown in the latest challenge) stays until the
  next action is declared (or the next round);
- the treasury is counted down from 50 coins so that coins are seen to be
  conserved; it is unlimited in play (COUP-OP6), so the count may go below
  zero and is in no view.

Modules:
- `cards`: characters, the action table, costs, phase names;
- `table`: the state layout, copying, queries (who is alive, who answers),
  the deal;
- `flow`: what each move does, step by step through section 13;
- `choices`: legal moves, refusals, timeout and standing-order moves;
- `text`: prompts, labels and the summary line;
- `engine`: `CoupEngine`, the `Engine` subclass, with views and outcomes.
"""

from games.coup.rules.engine import CoupEngine

ENGINE = CoupEngine()

__all__ = ["ENGINE", "CoupEngine"]
