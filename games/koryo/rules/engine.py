"""`KoryoEngine`: the Koryo rules behind the platform's `Engine` protocol.

Player counts 2 to 4 (KOR-4); no table options. The first player is drawn
from the seed (KOR-OP2). Views follow section 3 ("what a player sees"): every
tableau, token and count of cards is public; a hand and the face-down orders
only to their owner; the deck and the rng to nobody.

View (`view(state, seat)`, seat None for a spectator); a card is
`{"id": 17, "kind": 6, "name": "Banker", "event": False}`:

- "round", "rounds" (8), "season": {"deal", "limit"}, "first_player",
  "phase" ("orders", "actions", "discard", "over"), "current" (seat or None),
  "to_act", "bank", "bank_size" (the tokens it starts with), "deck_size",
  "pieces" (the names of the pieces of one of a kind: the bank);
- "players": per seat {"seat", "tableau": [cards], "tableau_groups":
  [{"kind", "name", "count"}], "orders_count", "hand_count", "dealt",
  "tokens", "majorities": [families held now], "limit" (own end-of-round
  limit now, Senator included), "score_now"};
- "majorities": [{"family", "name", "seat" or None}] for families 1..9;
- "pending": None or {"event", "seat", "card", "first": None or
  {"seat", "card"}} (the event being resolved);
- "used": abilities the current player used this turn ("bank", "priest", "spy");
- "hand", "my_orders": the seat's own cards (None for a spectator);
  "my_order_kind": the kind the seat chose and has not placed yet, or None;
- "final_scores": None until the end, then per seat {"seat", "families":
  [{"family", "name", "cards", "points"}], "events", "tokens", "total"}.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.engine import (
    Engine,
    Legal,
    LogLine,
    Move,
    Outcome,
    Rng,
    State,
    legal_records,
    line,
)
from games.koryo.rules import board, choices, orders, records, sample, text
from games.koryo.rules.cards import (
    BANK_TOKENS,
    CARD_KINDS,
    EVENT_SLUGS,
    FAMILIES,
    NAMES,
    ROUNDS,
    card_view,
    public_kind,
    season,
)
from games.koryo.rules.flow import HANDLERS, start_round
from games.koryo.rules.table import (
    copy_state,
    limit,
    new_state,
    owner,
    play_majorities,
    ranks,
    score_sheet,
)


class KoryoEngine(Engine):
    slug = "koryo"
    name = "Koryo"
    min_players = 2
    max_players = 4
    # 2: Reveal all, one move for a stack of alike face-down characters (KOR-7.2).
    version = 2
    blurb = (
        "Win the majority in nine families of steampunk 10th-century Korea "
        "over eight seasons of card play."
    )
    standing_orders = orders.ORDERS
    standing_orders_text = orders.TEXT

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> State:
        self.check_player_count(num_players, options)
        self.clean_options(options)
        rng = Rng.from_seed(seed)
        # KOR-OP2: the first player is drawn at random. The deck is shuffled
        # before every deal (KOR-4.1, KOR-OP7a), the first one included.
        first = rng.below(num_players)
        state = new_state(num_players, first, rng.state)
        log = [line(f"{{p{first}}} takes the First Player token.")]
        start_round(state, log)
        state["log"] = log
        return state

    def to_act(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["current"]]

    def legal_moves(self, state: State, seat: int) -> list[Legal]:
        return legal_records(choices.legal_moves(state, seat), records.describe, state, seat)

    def refusal(self, state: State, seat: int, move: Any) -> str | None:
        if self.listed(state, seat, move) is not None:
            return None
        return choices.refusal(state, seat, move)

    def apply_listed(self, state: State, seat: int, move: Move) -> State:
        new = copy_state(state)
        log: list[LogLine] = []
        HANDLERS[move["action"]](new, seat, move, log)
        new["log"] = log
        return new

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        tableaux = state["tableaux"]
        majorities = play_majorities(tableaux)
        sheet = score_sheet(state)
        over = state["phase"] == "over"
        players = [
            self._player_view(state, p, majorities, sheet[p]["total"])
            for p in range(state["players"])
        ]
        own = seat is not None
        own_kind = state["order_kind"] if own and seat == state["current"] else None
        return {
            "round": state["round"],
            "rounds": ROUNDS,
            "season": season(state["round"]),
            "first_player": state["first_player"],
            "phase": state["phase"],
            "current": state["current"],
            "to_act": self.to_act(state),
            "bank": state["bank"],
            "pieces": {"bank": board.BANK},
            "bank_size": BANK_TOKENS,
            "deck_size": len(state["deck"]),
            "players": players,
            "majorities": [
                {"family": f, "name": NAMES[f], "seat": majorities[f]} for f in FAMILIES
            ],
            "pending": self._pending_view(state),
            "used": list(state["used"]),
            "hand": [_card_piece(c, board.hand_piece) for c in state["hands"][seat]]
            if own
            else None,
            "my_orders": [_card_piece(c, board.orders_piece) for c in state["orders"][seat]]
            if own
            else None,
            "my_order_kind": public_kind(own_kind) if own_kind is not None else None,
            "final_scores": sheet if over else None,
        }

    def sample_state(self, view: Mapping[str, Any], seat: int, rng: Rng) -> State:
        return sample.sample_state(view, seat, rng)

    def _player_view(
        self, state: State, seat: int, majorities: list[int | None], score: int
    ) -> dict[str, Any]:
        tableau = state["tableaux"][seat]
        groups: dict[int, int] = {}
        for card in tableau:
            groups[CARD_KINDS[card]] = groups.get(CARD_KINDS[card], 0) + 1
        return {
            "seat": seat,
            "tableau": [
                _card_piece(card, lambda kind: board.tableau_piece(seat, kind)) for card in tableau
            ],
            "tableau_groups": [
                {"kind": public_kind(kind), "name": NAMES[kind], "count": count}
                for kind, count in sorted(groups.items())
            ],
            "orders_count": len(state["orders"][seat]),
            "hand_count": len(state["hands"][seat]),
            "dealt": state["dealt"][seat],
            "tokens": state["tokens"][seat],
            "tokens_piece": board.tokens_piece(seat),
            "majorities": [f for f in FAMILIES if majorities[f] == seat],
            "limit": limit(state, seat),
            "score_now": score,
        }

    def _pending_view(self, state: State) -> dict[str, Any] | None:
        pending = state["pending"]
        if pending is None:
            return None
        first = pending["first"]
        return {
            "event": EVENT_SLUGS[CARD_KINDS[pending["card"]]],
            "seat": state["current"],
            "card": card_view(pending["card"]),
            "first": None
            if first is None
            else {"seat": owner(state, first), "card": card_view(first)},
        }

    def timeout_move(self, state: State, seat: int) -> Move:
        return choices.timeout_move(state, seat)

    def standing_move(self, state: State, seat: int, orders_set: Mapping[str, Any]) -> Move | None:
        return orders.standing_move(state, seat, orders_set)

    def order_mark(self, state: State, seat: int, key: str) -> Any:
        return orders.order_mark(state, seat, key)

    def order_ended(self, state: State, seat: int, key: str, mark: Any) -> str | None:
        return orders.order_ended(state, seat, key, mark)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        sheet = score_sheet(state)
        totals = [row["total"] for row in sheet]
        return Outcome(
            ranks=ranks(totals),
            scores=list(totals),
            summary=text.result_text(state),
            details={"score_sheet": sheet},
        )

    def prompt(self, state: State) -> str:
        return text.prompt(state)

    def summary(self, state: State) -> str:
        return text.summary(state)


def _card_piece(card: int, piece: Callable[[int | str], str]) -> dict[str, Any]:
    """A face-up card with the piece it is part of: its kind's stack in a
    hand, the face-down orders or a tableau (`board`)."""
    shown = card_view(card)
    shown["piece"] = piece(shown["kind"])
    return shown
