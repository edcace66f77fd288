"""Koryo: the pure rules engine (no Django, no I/O, randomness from the state).

Implements the rules of `shared/rules/koryo.md` for 2 to 4 players over 8
rounds: components and Season values (KOR-1.1 to 1.4, KOR-OP1), majorities
with the Omniscient tie-break during play only (KOR-2.1 to 2.4, KOR-OP4,
KOR-OP4a), setup and turn order (KOR-4, KOR-OP2, KOR-OP3), distribution with
the Journalist bonus (KOR-5, KOR-OP7, KOR-OP7a), sequential orders with the
Shipowner pair (KOR-6, KOR-OP5, KOR-OP5a, KOR-OP6), actions with the Banker,
Priest and Spy abilities and the Barbarians and Lobbying events (KOR-7,
KOR-OP8, KOR-OP10 to OP13), end-of-round discards with the Senator bonus
(KOR-8, KOR-OP9, KOR-OP16) and final scoring with shared victories (KOR-9,
KOR-OP17). The phases follow the state machine of section 12.

Moves (each decision is one small move; `legal_moves` lists each once):

- orders, first click: `{"action": "order_kind", "kind": 6}` (a kind in hand);
- orders, second click: `{"action": "order_count", "count": 2}` (1 .. held),
  or with the Shipowner majority `{"action": "order_pair", "kinds": [6, 2]}`
  (one card of the chosen kind and one of another kind), or
  `{"action": "order_back"}` to choose another kind;
- actions: `{"action": "reveal", "card": 17}` (one face-down card per kind),
  `{"action": "bank_take"}`, `{"action": "priest_destroy", "card": 51}`,
  `{"action": "spy_steal", "target": 2}`, `{"action": "end_turn"}` (once no
  face-down card is left);
- a revealed Barbarians: `{"action": "barbarians", "card": 12}` or
  `{"action": "decline"}`; a revealed Lobbying: `{"action": "lobby_first",
  "card": 8}`, then `{"action": "lobby_second", "card": 30}`, or
  `{"action": "decline"}` at either step;
- end of round: `{"action": "discard", "card": 4}` (one character per kind).

Modules:
- `cards`: the 55 cards, their kinds and names, the Seasons;
- `table`: the state layout, copying, queries, majorities and the score sheet;
- `choices`: legal moves, refusals and timeout moves;
- `flow`: what each move does and the automatic steps of a round;
- `text`: prompts, labels, the summary and the result;
- `engine`: `KoryoEngine`, the `Engine` subclass, with the view (its shape is
  in that module's docstring) and the outcome.
"""

from games.koryo.rules.engine import KoryoEngine

ENGINE = KoryoEngine()

__all__ = ["ENGINE", "KoryoEngine"]
