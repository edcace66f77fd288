"""`CoupEngine`: the Coup rules behind the platform's `Engine` protocol.

Table options: the Factions variant (COUP-10), Rounds to win (COUP-9) and
the two-player starting coins (COUP-OP2). Player counts: COUP-OP1, and 3 to 6
with factions. Views hide every living card but the viewer's own, the deck,
the rng and another player's Exchange draw (section 2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.coup.rules import board, choices, flow, orders, records, sample, text
from games.coup.rules.cards import EXCHANGE, GAME_OVER
from games.coup.rules.table import answers_of, copy_state, faction_left, new_state, to_act
from games.engine import (
    Engine,
    IllegalMove,
    Legal,
    Move,
    Option,
    Outcome,
    Rng,
    State,
    legal_records,
)


class CoupEngine(Engine):
    slug = "coup"
    name = "Coup"
    min_players = 2
    max_players = 6
    version = 1
    blurb = "Bluff, steal and assassinate your way to power in a corrupt Italian city-state."
    options = (
        Option(
            "factions",
            "Factions",
            False,
            ((False, "Off"), (True, "On: Loyalists and Reformists, Convert and Embezzle")),
            help="Two factions that cannot attack each other while both are in play.",
        ),
        Option(
            "rounds_to_win",
            "Rounds to win",
            1,
            tuple((n, str(n)) for n in range(1, 6)),
            help="Play rounds until someone has won this many.",
        ),
        Option(
            "two_player_coins",
            "Two-player starting coins",
            "both_one",
            (
                ("both_one", "Both players start with 1 coin"),
                ("first_one", "The first player starts with 1 coin, the other with 2"),
            ),
            help="Only used in a two-player game.",
            players=(2,),
        ),
    )
    standing_orders = (
        Option(
            "challenges",
            "Challenges",
            "ask",
            (
                ("ask", "Ask me"),
                ("pass_unless_targeted", "Pass unless it concerns me"),
                ("always_pass", "Always pass"),
            ),
            help="Claims aimed at you, and blocks of your own actions, still ask you.",
        ),
        Option(
            "blocks",
            "Blocks",
            "ask",
            (
                ("ask", "Ask me"),
                ("never_block_foreign_aid", "Never block Foreign Aid"),
                ("never_block", "Never block"),
            ),
        ),
    )

    standing_orders_text = text.STANDING_ORDERS

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        # COUP-10: two factions need at least three players to mean anything.
        return (3, 6) if options.get("factions") else (2, 6)

    # -- the game -----------------------------------------------------------

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> State:
        cleaned = self.clean_options(options)
        self.check_player_count(num_players, cleaned)
        return new_state(num_players, cleaned, seed)

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def legal_moves(self, state: State, seat: int) -> list[Legal]:
        return legal_records(choices.legal_moves(state, seat), records.describe, state, seat)

    def refusal(self, state: State, seat: int, move: object) -> str | None:
        return choices.problem(state, seat, move)

    def apply_listed(self, state: State, seat: int, move: Move) -> State:
        s = copy_state(state)
        flow.apply_move(s, seat, move)
        return s

    def timeout_move(self, state: State, seat: int) -> Move:
        if seat not in to_act(state):
            raise IllegalMove("It is not this player's turn to act.")
        return choices.timeout_move(state, seat)

    def standing_move(self, state: State, seat: int, chosen: Mapping[str, Any]) -> Move | None:
        return orders.standing_move(state, seat, chosen)

    def order_mark(self, state: State, seat: int, key: str) -> Any:
        return orders.order_mark(state, seat, key)

    def order_ended(self, state: State, seat: int, key: str, mark: Any) -> str | None:
        return orders.order_ended(state, seat, key, mark)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != GAME_OVER:
            return None
        winner = state["winner"]
        wins = state["wins"]
        return Outcome(
            # COUP-8.4, COUP-OP17a: one winner; everyone else shares last place.
            ranks=[1 if seat == winner else 2 for seat in range(state["num_players"])],
            scores=list(wins),
            summary=text.result_text(state),
            details={
                "elimination_order": list(state["eliminations"][-1]),
                "eliminations_by_round": [list(r) for r in state["eliminations"]],
                "round_winners": list(state["round_winners"]),
            },
        )

    # -- words ----------------------------------------------------------------

    def prompt(self, state: State) -> str:
        return text.prompt(state)

    def summary(self, state: State) -> str:
        return text.summary(state)

    # -- what a seat sees ----------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def sample_state(self, view: Mapping[str, Any], seat: int, rng: Rng) -> State:
        return sample.sample_state(view, seat, rng)


def view(s: State, seat: int | None) -> dict[str, Any]:
    n = s["num_players"]
    own = seat if isinstance(seat, int) and 0 <= seat < n else None
    pending = s["pending"]
    factions = s["factions"]
    players = [
        {
            "seat": i,
            "coins": s["coins"][i],
            "influence": len(s["hands"][i]),
            "dead": list(s["dead"][i]),
            "alive": bool(s["hands"][i]),
            "faction": None if factions is None else factions[i],
            "wins": s["wins"][i],
            "piece": board.player_piece(i),
            # At the end every card is turned face up.
            "shown": list(s["hands"][i]) if s["phase"] == GAME_OVER else None,
        }
        for i in range(n)
    ]
    exchanging = s["phase"] == EXCHANGE and own is not None and pending["actor"] == own
    drawn = s["exchange_draw"] if exchanging else []
    return {
        "players": players,
        "hand": None if own is None else list(s["hands"][own]),
        "exchange_draw": list(drawn) if exchanging else None,
        # The piece of each card the viewer holds or has drawn, by character.
        "card_pieces": {
            card: board.card_piece(card)
            for card in [*(s["hands"][own] if own is not None else []), *drawn]
        },
        "pieces": dict(board.FIXED),
        "deck_size": len(s["deck"]),
        "almshouse": s["almshouse"],
        "factions": factions is not None,
        # COUP-10.3, COUP-OP20: the one faction left among the living, whose
        # limits are lifted (None while both are in play, or without factions).
        "faction_left": faction_left(s),
        "rounds_to_win": s["options"]["rounds_to_win"],
        "round": s["round"],
        "turn": s["turn"],
        "phase": s["phase"],
        "pending": public_pending(pending),
        "to_act": to_act(s),
        "last_reveal": public_reveal(s["last_reveal"]),
        "winner": s["winner"],
        "round_winners": list(s["round_winners"]),
        "elimination_order": list(s["eliminations"][-1]),
        "eliminations_by_round": [list(order) for order in s["eliminations"]],
        # Public facts the board does not draw but a bot rebuilding the
        # table needs: the table's options and who began the round.
        "options": dict(s["options"]),
        "first": s["first"],
        "answers": [dict(record) for record in answers_of(s)],
    }


def public_pending(pending: dict[str, Any] | None) -> dict[str, Any] | None:
    if pending is None:
        return None
    keys = ("action", "actor", "target", "claim", "blocker", "block_as", "challenger")
    public = {key: pending[key] for key in keys}
    public["responded"] = list(pending["responded"])
    return public


def public_reveal(reveal: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if reveal is None else {**reveal, "cards": list(reveal["cards"])}
