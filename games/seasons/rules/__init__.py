"""Seasons: the pure rules engine (2 to 4 players, three levels).

Implements shared/rules/seasons.md (SEA-1 to SEA-11 and the state machine of
section 15) with the card and dice data of shared/data/seasons_cards.md and
seasons_dice.md. Balance of Ishtar follows the help page (first edition).

Modules:
- `data`: elements, seasons, the transmutation chart, the dice, constants;
- `table`: the state layout, copying, energy, crystals, the draw pile, the
  work queue;
- `hooks`: the registries cards and decisions fill in;
- `play`: summoning and paying, leaving play, activation, the season marker;
- `cards`: the 50 cards, each with its data and effects in one place;
- `flow`: setup, the Prelude, rounds and turns, the shared decisions;
- `text`: button labels;
- `engine`: `SeasonsEngine`, views (SEA-2) and the final score (SEA-10).

Moves are small JSON objects, one click each: `{"action": "pick", "card":
17}` in the draft; `assign`/`clear`/`confirm` for the year sets;
`take_die`; in a turn `star`, `draw`, `transmute` (one token), `summon`
(then `pay` when there is a choice), `activate` (with the card's own
parameters), `bonus`, `end_turn`; and the answers to questions (`take`
an energy token, `keep` a card, `return` a token over the limit,
`sacrifice`, `take_back`, `give`, `copy`, `move_marker`...).

Engine decisions beyond the spec's open points: a choice of energy larger
than the reserve limit is cut to the limit (the rest would be given back at
once).
"""

from games.seasons.rules.engine import SeasonsEngine

ENGINE = SeasonsEngine()

__all__ = ["ENGINE", "SeasonsEngine"]
