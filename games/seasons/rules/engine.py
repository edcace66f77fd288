"""`SeasonsEngine`: the Engine subclass, what each seat may see (SEA-2), the
final score (SEA-10) and the words for prompts and buttons."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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
    shared_ranks,
)
from games.seasons.rules import flow, orders, pieces, records, sample
from games.seasons.rules.cards import card_data, cost_of, mirror_counts
from games.seasons.rules.data import (
    BONUS_PENALTY,
    CHART,
    ELEMENTS,
    HAND_PENALTY,
    SEASONS,
    YEARS,
    season_of,
)
from games.seasons.rules.hooks import CARDS, DECISIONS
from games.seasons.rules.play import marker_moves
from games.seasons.rules.table import copy_state, face_of, head, limit, number, reserve_size
from games.seasons.rules.text import why_text

LEVELS = (
    ("apprentice", "Apprentice: ready-made sets of cards 1-30"),
    ("wizard", "Wizard: draft from cards 1-30"),
    ("archmage", "Archmage: draft from all 50 cards"),
)


def card_view(cid: int, players: int) -> dict[str, Any]:
    return {"id": cid, **card_data(number(cid)), "cost": cost_of(number(cid), players)}


def placed_card(cid: int, players: int, where: str) -> dict[str, Any]:
    """A card as it lies where the seat sees it, with that place's piece."""
    return {**card_view(cid, players), "piece": pieces.card_piece(where, cid)}


def picked_card(cid: int, players: int) -> dict[str, Any]:
    """A picked card of the prelude, with its place in each year's set (SEA-4.3)."""
    shown = card_view(cid, players)
    shown["year_pieces"] = [pieces.set_piece(cid, year) for year in range(1, YEARS + 1)]
    return shown


def score_sheet(state: State) -> list[dict[str, Any]]:
    """SEA-10.1: crystals (with end-of-game cards), prestige points in play,
    -5 per card in hand, the bonus penalty."""
    rows = []
    for seat, p in enumerate(state["p"]):
        extra = 0
        for inst in p["play"]:
            hook = CARDS[number(inst["id"])].end_of_game
            if hook is not None:
                extra += hook(state, seat)
        points = sum(CARDS[number(c["id"])].points for c in p["play"])
        hand = -HAND_PENALTY * (len(p["hand"]) + sum(len(y) for y in p["years"]))
        bonus = -BONUS_PENALTY[p["bonuses"]]
        rows.append(
            {
                "seat": seat,
                "crystals": p["crystals"],
                "end_cards": extra,
                "card_points": points,
                "hand": hand,
                "bonuses": bonus,
                "total": p["crystals"] + extra + points + hand + bonus,
                "in_play": len(p["play"]),
            }
        )
    return rows


def ranks(rows: list[dict[str, Any]]) -> list[int]:
    """SEA-10.3, SEA-OP34: most points, then most cards in play; else shared."""
    return shared_ranks([(r["total"], r["in_play"]) for r in rows])


class SeasonsEngine(Engine):
    slug = "seasons"
    name = "Seasons"
    min_players = 2
    max_players = 4
    # 2: the Demon of Argos's card goes into hand without a choice.
    # 3: the Dragon Skull counts and may sacrifice itself.
    # 4: the Elemental Amulet needs an energy from hand, all four effects free.
    # 5: no Potion of Dreams, Chalice question or Tree of Light paid for nothing.
    # 6: the Crystal Orb's four tokens are the player's choice.
    # 7: a bonus may be cancelled (new moves, and the turn remembers it).
    # 8: the Elemental Amulet brought in free: its effects chosen one by one.
    version = 8
    blurb = "Wizards duel for three years with dice of the seasons and fifty power cards."
    options = (
        Option(
            key="level",
            label="Level",
            default="apprentice",
            choices=LEVELS,
            help="How each player gets their nine power cards: a ready-made set at "
            "Apprentice, a draft at Wizard and Archmage.",
            always_named=True,
        ),
    )
    standing_orders = orders.ORDERS
    standing_orders_text = orders.TEXT

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> State:
        cleaned = self.clean_options(options)
        self.check_player_count(num_players, cleaned)
        return flow.new_state(num_players, cleaned["level"], seed)

    def to_act(self, state: State) -> list[int]:
        return flow.to_act(state)

    def legal_moves(self, state: State, seat: int) -> list[Legal]:
        return legal_records(flow.legal_moves(state, seat), records.describe, state, seat)

    def forward_moves(self, state: State, seat: int, moves: list[Move]) -> list[Move]:
        # Taking back a bonus or an exchange half made; clearing the cards
        # laid out for the years.
        return [m for m in moves if m["action"] not in ("cancel", "clear")]

    def refusal(self, state: State, seat: int, move: Any) -> str | None:
        if state["phase"] == "over":
            return "The game is over."
        if seat not in flow.to_act(state):
            return "It is not your turn to act."
        if self.listed(state, seat, move) is not None:
            return None
        return f"That move is not allowed now: you must {self._ask(state, seat)}."

    def apply_listed(self, state: State, seat: int, move: Move) -> State:
        return self.apply_in_place(copy_state(state), seat, move)

    def apply_in_place(self, state: State, seat: int, move: Move) -> State:
        flow.apply_move(state, seat, move)
        return state

    def timeout_move(self, state: State, seat: int) -> Move:
        moves = flow.legal_moves(state, seat)
        if not moves:
            raise IllegalMove("It is not this player's turn to act.")
        task = head(state)
        if task["k"] == "sets":
            return moves[0]  # confirm when all are placed, else the next card in order
        chooser = DECISIONS[task["k"]].timeout
        return chooser(state, task, moves) if chooser else moves[0]

    def standing_move(self, state: State, seat: int, orders_set: Mapping[str, Any]) -> Move | None:
        return orders.standing_move(state, seat, orders_set)

    def order_mark(self, state: State, seat: int, key: str) -> Any:
        return orders.order_mark(state, seat, key)

    def order_ended(self, state: State, seat: int, key: str, mark: Any) -> str | None:
        return orders.order_ended(state, seat, key, mark)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        rows = score_sheet(state)
        places = ranks(rows)
        winners = [r["seat"] for r, rank in zip(rows, places, strict=True) if rank == 1]
        names = " and ".join(f"{{p{w}}}" for w in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        best = max(r["total"] for r in rows)
        return Outcome(
            ranks=places,
            scores=[r["total"] for r in rows],
            summary=f"{names} {verb} with {best} prestige points.",
            details={"score_sheet": rows},
        )

    # -- words ------------------------------------------------------------------------

    def _ask(self, state: State, seat: int | None = None) -> str:
        task = head(state)
        if task is None:
            return "wait"
        if seat is not None and task["k"] in flow.SIMULTANEOUS:
            task = {**task, "seat": seat}
        return DECISIONS[task["k"]].prompt(state, task)

    def prompt(self, state: State) -> str:
        return "" if state["phase"] == "over" else self._ask(state)

    def summary(self, state: State) -> str:
        if state["phase"] == "over":
            return self.outcome(state).summary
        if state["phase"] == "draft":
            return "Prelude · draft"
        if state["phase"] == "sets":
            return "Prelude · year sets"
        return f"Year {state['year']} of 3 · {SEASONS[season_of(state['month'])]}"

    def public_piece(self, target: str, seat: int) -> str | None:
        return pieces.public_piece(target, seat)

    # -- what a seat sees (SEA-2) -----------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        n = state["players"]
        own = seat if isinstance(seat, int) and 0 <= seat < n else None
        task = head(state)
        season = season_of(state["month"])
        turn = state["turn"]
        me = state["p"][own] if own is not None else None
        return {
            "level": state["level"],
            "phase": state["phase"],
            "year": state["year"],
            "month": state["month"],
            "season": SEASONS[season],
            "chart": {ELEMENTS[e]: CHART[season][e] for e in range(4)},
            "round": state["round"],
            "first": state["first"],
            "deck_size": len(state["deck"]),
            "discard_size": len(state["discard"]),
            "dice_season": SEASONS[state["dice_season"]],
            "dice": [self._die_view(state, i) for i in range(len(state["dice"]))],
            "turn": None
            if turn is None
            else {
                "seat": turn["seat"],
                "die": turn["die"],
                "star_used": turn["star"],
                "card_used": turn["card"],
                "may_transmute": flow.may_transmute(state),
                "bonus_transmute": turn["bonus2"],
                # SEA-8.2: the bonus tiles, each a piece of the turn.
                "bonus_pieces": [
                    {"bonus": bonus, "piece": pieces.bonus_piece(bonus)}
                    for bonus in flow.BONUS_WORDS
                ],
            },
            "to_act": flow.to_act(state),
            "prompt": self.prompt(state),
            "decision": task["k"] if task and state["phase"] != "over" else None,
            "players": [self._player_view(state, s) for s in range(n)],
            "hand": None if me is None else [placed_card(c, n, "hand") for c in me["hand"]],
            "years": None
            if me is None
            else [[card_view(c, n) for c in cards] for cards in me["years"]],
            "packet": None if me is None else [placed_card(c, n, "packet") for c in me["packet"]],
            "picked": None if me is None else [picked_card(c, n) for c in me["picked"]],
            "pick": None if me is None or me["pick"] is None else card_view(me["pick"], n),
            "assign": None if me is None else dict(me["assign"]),
            "choice": self._choice_view(state, own),
            "final": score_sheet(state) if state["phase"] == "over" else None,
            "pieces": dict(pieces.FIXED),
            # What the board does not draw but a program rebuilding the table
            # needs (the bots): dice as numbers, the turn record, the queue.
            "public_state": sample.public_state(state, own),
        }

    def sample_state(self, view: Mapping[str, Any], seat: int, rng: Rng) -> State:
        return sample.sample_state(view, seat, rng)

    def _die_view(self, state: State, i: int) -> dict[str, Any]:
        face = face_of(state, i)
        return {
            "index": i,
            "piece": pieces.die_piece(i),
            "energy": [ELEMENTS[e] for e in face.energy],
            "star": face.star,
            "card": face.card,
            "transmute": face.transmute,
            "crystals": face.crystals,
            "dots": face.dots,
            "by": state["dice"][i]["by"],
        }

    def _player_view(self, state: State, s: int) -> dict[str, Any]:
        p = state["p"][s]
        n = state["players"]
        return {
            "seat": s,
            "piece": pieces.player_piece(s),
            "crystals": p["crystals"],
            "gauge": p["gauge"],
            "energy": {ELEMENTS[e]: p["energy"][e] for e in range(4)},
            # The seat's tokens of each element, a piece of its own side.
            "reserve_pieces": {element: pieces.reserve_piece(element) for element in ELEMENTS},
            "reserve": reserve_size(state, s),
            "limit": limit(state, s),
            "bonuses": p["bonuses"],
            "play": [
                {
                    **placed_card(c["id"], n, "play"),
                    "tapped": c["tapped"],
                    "tokens": {ELEMENTS[e]: c["tokens"][e] for e in range(4) if c["tokens"][e]},
                }
                for c in p["play"]
            ],
            "hand_count": len(p["hand"]),
            # The cards left in hand cost points at the end (SEA-10): shown
            # then, so everyone can check the score.
            "hand_shown": [card_view(c, n) for c in p["hand"]]
            if state["phase"] == "over"
            else None,
            "year_counts": [len(y) for y in p["years"]],
            "picked_count": len(p["picked"]) + (1 if p["pick"] is not None else 0),
            "ready": p["ready"],
        }

    def _choice_view(self, state: State, own: int | None) -> dict[str, Any] | None:
        """The acting seat's own side of its decision: the cards it is looking at."""
        task = head(state)
        if own is None or task is None or task.get("seat") != own:
            return None
        n = state["players"]
        choice: dict[str, Any] = {"kind": task["k"], "why": why_text(task.get("why", 0))}
        if "cards" in task:
            choice["cards"] = [placed_card(c, n, "choice") for c in task["cards"]]
        if task["k"] == "orb":
            choice["cards"] = [placed_card(task["card"], n, "choice")]
        if task["k"] == "pay":
            choice["cards"] = [placed_card(task["card"], n, "choice")]
        # The pieces a step of several clicks offers: energy to take, the
        # season marker's moves, how many tokens (their moves say which).
        choice["supply_pieces"] = {element: pieces.supply_piece(element) for element in ELEMENTS}
        choice["buttons"] = [pieces.DISCARD_DRAWN, pieces.DONE]
        if task["k"] == "boots":
            choice["markers"] = [
                {"by": by, "piece": pieces.marker_piece(by)} for by in marker_moves(state)
            ]
        if task["k"] == "mirror":
            choice["counts"] = [
                {"n": n, "piece": pieces.count_piece(n)} for n in mirror_counts(state, task)
            ]
        if task["k"] == "elemental" and task.get("gift"):
            choice["effects"] = [
                {"element": element, "piece": pieces.effect_piece(element)} for element in ELEMENTS
            ]
        for key in ("n", "give", "take", "left", "chosen", "used", "gift"):
            if key in task:
                choice[key] = task[key]
        return choice
