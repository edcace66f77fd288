"""Seasons: the pure rules engine (2 to 4 players, three levels).

Implements shared/rules/seasons.md (SEA-1 to SEA-11 and the state machine of
section 15) with the card and dice data of shared/data/seasons_cards.md and
seasons_dice.md. Balance of Ishtar follows the help page (first edition).

Modules:
- `data`: elements, seasons, the transmutation chart, the dice, constants;
- `hooks`: the card catalogue entry (`Card`) and the two registries,
  `CARDS` and `DECISIONS`, that the cards and the flow fill in;
- `table`: the state layout, copying, energy, crystals, the draw pile, the
  work queue;
- `text`: card names (with or without "the"), counts, costs, die faces and
  the buttons' labels;
- `play`: summoning and paying, leaving play, activation, the season marker;
- `cards`: the 50 cards, each with its data and all its effects in one place;
- `flow`: setup, the Prelude, rounds and turns, the shared decisions;
- `engine`: `SeasonsEngine`, views (SEA-2) and the final score (SEA-10).

Why not Coup's and Troyes' `cards`, `table`, `flow`, `choices`, `text`,
`engine`: there a card is data and the rules are the same few steps, so legal
moves (`choices`) and what they do (`flow`) are written apart. Here each of
the 50 cards brings its own effects and often its own question, so a
question's legal moves, its answer and its prompt are registered together
(`hooks.decision`) beside the card or the step that asks it, and there is no
`choices` module; the fixed data that Coup keeps in `cards` is `data`, and
`cards` holds the cards with their effects. `table`, `flow`, `text` and
`engine` hold what they hold in the other games.

Moves are small JSON objects, one click each: `{"action": "pick", "card":
17}` in the draft; `assign`/`clear`/`confirm` for the year sets;
`take_die`; in a turn `star`, `draw`, `transmute` (one token), `summon`
(then `pay` when there is a choice), `activate` (with the card's own
parameters), `bonus`, `end_turn`; and the answers to questions (`take`
an energy token, `keep` a card, `return` a token over the limit,
`sacrifice`, `take_back`, `give`, `copy`, `move_marker`...).

Engine decisions beyond the spec's open points: a choice of energy larger
than the reserve limit is cut to the limit (the rest would be given back at
once); two copies of a card that give energy at the same moment give one
choice of all their tokens; the Crystal Orb's tokens come from the reserve
before an Amulet of Water; the Elemental Amulet brought into play by another
card (data #31) offers its four effects one `use` at a time, free, and
`done` stops after the first, as Board Game Arena plays it; the effects come
together once the choice ends, as when it is paid for (and the choice times
out on the crystals alone).
"""

from games.seasons.rules.engine import SeasonsEngine

ENGINE = SeasonsEngine()

__all__ = ["ENGINE", "SeasonsEngine"]
