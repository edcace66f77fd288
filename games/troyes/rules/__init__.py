"""Troyes: the pure rules engine (no Django, no I/O, randomness from the state).

Implements shared/rules/troyes.md: setup and the snake placement with the
neutral citizens (TRO-1, TRO-4, TRO-OP1, TRO-OP2), the whole round (TRO-5 to
TRO-17): activity cards revealed in rounds 1 to 3, income and wages, dice per
citizen, events left to right with the black dice fought in turn order, the
action phase with bought dice, influence, the five actions and passing, the
end of round; and the final score (TRO-18, TRO-OP26, TRO-OP27). Card data and
its provenance: `cards`.

Modules:
- `cards`: every activity card, event, character and the board, with provenance;
- `table`: the state layout, setup, queries and the score sheet;
- `build`: an action being put together: dice, price, markers, worth;
- `flow`: what each move does and the automatic phases;
- `choices`: legal moves and timeout moves;
- `text`: words for dice and points;
- `engine`: `TroyesEngine`, with views, labels, prompts and the outcome.
"""

from games.troyes.rules.engine import TroyesEngine

ENGINE = TroyesEngine()

__all__ = ["ENGINE", "TroyesEngine"]
