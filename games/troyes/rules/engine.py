"""`TroyesEngine`: the Engine protocol over the modules of this package, with
the view of each seat, move labels, prompts and the outcome."""

from __future__ import annotations

from collections.abc import Mapping
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
from games.troyes.rules import build as B
from games.troyes.rules import cards as C
from games.troyes.rules import choices as M
from games.troyes.rules import flow as F
from games.troyes.rules import orders as O
from games.troyes.rules import pieces as P
from games.troyes.rules import records
from games.troyes.rules import table as T
from games.troyes.rules.pieces import public_piece
from games.troyes.rules.sample import public_state, sample_state
from games.troyes.rules.text import row_text, the_name
from games.words import join_words, noun_for

INFLUENCE_ACTIONS = ("reroll", "recruit", "turn")


class TroyesEngine(Engine):
    slug = "troyes"
    name = "Troyes"
    min_players = 2
    max_players = 4
    version = 4
    blurb = (
        "Lead a family of medieval Troyes: dice from your citizens build the "
        "cathedral, fight events and black dice, and work the activity cards."
    )
    standing_orders = O.ORDERS
    standing_orders_text = O.TEXT

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> State:
        self.check_player_count(num_players, options)
        self.clean_options(options)
        state = T.new_state(num_players, seed)
        log: list[LogLine] = [line(f"{{p{state['start']}}} holds the start player card.")]
        first = [
            f"{T.standing(state, colour, C.NEUTRAL)} in the {C.BUILDING_NAMES[colour]}"
            for colour in C.COLOURS
            if T.standing(state, colour, C.NEUTRAL)
        ]
        if first:  # TRO-OP2, two players
            log.append(line(f"Neutral citizens go first: {join_words(first)}."))
        for seat, dealt in enumerate(state["characters"]):
            names = join_words([C.CHARACTER_CARDS[c].name for c in dealt])
            log.append(line(f"Your {noun_for(len(dealt), 'character')}: {names}.", [seat]))
        state["log"] = log
        return state

    def to_act(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["current"]]

    def legal_moves(self, state: State, seat: int) -> list[Legal]:
        return legal_records(M.legal_moves(state, seat), records.describe, state, seat)

    def forward_moves(self, state: State, seat: int, moves: list[Move]) -> list[Move]:
        # Cancelling an action being built or taking a die out of it, and
        # unticking a die chosen for a fight.
        fight = state["fight"]
        return [
            m
            for m in moves
            if not (
                m["action"] in ("cancel", "remove_die")
                or (m["action"] == "select_own" and m["die"] in fight["own"])
                or (m["action"] == "select_black" and m["index"] in fight["black"])
            )
        ]

    def apply_listed(self, state: State, seat: int, move: Move) -> State:
        return self.apply_in_place(T.copy_state(state), seat, move)

    def apply_in_place(self, state: State, seat: int, move: Move) -> State:
        if move["action"] != "turn":
            state["turning"] = None
        log: list[LogLine] = []
        F.HANDLERS[move["action"]](state, seat, move, log)
        state["log"] = log
        return state

    def refusal(self, state: State, seat: int, move: Any) -> str | None:
        if self.listed(state, seat, move) is not None:
            return None
        if state["phase"] == "over":
            return "The game is over."
        if seat != state["current"]:
            return "It is not your turn."
        action = move.get("action") if isinstance(move, dict) else None
        if not isinstance(action, str) or action not in F.HANDLERS:
            return "Unknown move."
        build = state["build"]
        if action == "confirm" and build is not None:
            problem = B.confirm_problem(state, seat, build)
            if problem:
                return problem
        if action in INFLUENCE_ACTIONS:
            if build is not None:
                return "Spend influence before choosing the action."
            return "Influence buys rerolls and turns of your own dice only, within what you have."
        if action == "add_die":
            return "That die cannot join this action (colour, count, price or space)."
        if action == "pass" and build is not None:
            return "Cancel the action you are putting together before passing."
        return f"Not now: you must {self.prompt(state)}."

    # -- views ----------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        over = state["phase"] == "over"
        n = state["players"]
        players = []
        for p in range(n):
            mine = over or p == seat
            players.append(
                {
                    "seat": p,
                    "ip": state["ip"][p],
                    "deniers": state["deniers"][p],
                    "vp": state["vp"][p] if mine else None,
                    "characters": [_character_view(c) for c in state["characters"][p]]
                    if mine
                    else None,
                    "character_count": len(state["characters"][p]),
                    "owned": state["owned"][p],
                    "supply": state["supply"][p],
                    "passed": state["passed"][p],
                    "square_deniers": state["square_deniers"][p],
                    "won": [_event_card_view(e) for e in state["won"][p]],
                    "cathedral_markers": T.cathedral_markers(state, p),
                }
            )
        levels = T.revealed_levels(state)
        activity = []
        for colour in C.COLOURS:
            for level, cid in enumerate(state["activity"][colour], start=1):
                if level > levels:
                    activity.append({"colour": colour, "level": level, "revealed": False})
                    continue
                entry = _card_view(C.CARDS[cid])
                entry["piece"] = P.card_piece(cid)
                entry["supervisors"] = list(state["supervisors"].get(cid, []))
                # What each supervisor, in order, scores at the end (DOJ).
                entry["supervisor_points"] = [
                    T.supervisor_points(C.CARDS[cid], i) for i in range(len(entry["supervisors"]))
                ]
                entry["markers"] = list(state["markers"].get(cid, [0] * n))
                activity.append(entry)
        build = state["build"]
        return {
            "players_count": n,
            "round": state["round"],
            "rounds": state["rounds"],
            "phase": state["phase"],
            "start": state["start"],
            "current": state["current"],
            "to_act": self.to_act(state),
            "prompt": self.prompt(state) if not over else "",
            "players": players,
            "buildings": [
                {
                    "colour": colour,
                    "name": C.BUILDING_NAMES[colour],
                    "piece": P.building_piece(colour),
                    "house": C.LAYOUT_SOURCE[colour] == C.OURS,
                    "rows": [
                        {
                            "faces": list(row.faces),
                            "called": row_text(colour, r),
                            "spaces": list(spaces),
                            "pieces": [P.space_piece(colour, r, i) for i in range(len(spaces))],
                        }
                        for r, (row, spaces) in enumerate(
                            zip(C.BUILDINGS[colour], state["buildings"][colour], strict=True)
                        )
                    ],
                    "lying": list(state["lying"][colour]),
                }
                for colour in C.COLOURS
            ],
            "grey_box": state["grey_box"],
            "cathedral": [list(column) for column in state["cathedral"]],
            # TRO-12.5: the influence a marker in each column gives.
            "cathedral_influence": list(C.CATHEDRAL_INFLUENCE),
            "cathedral_levels": C.CATHEDRAL_LEVELS,
            "activity": activity,
            "events": [
                dict(
                    _event_card_view(e["id"]), marks=list(e["marks"]), piece=P.event_piece(e["id"])
                )
                for e in state["events"]
            ],
            "decks": {colour: len(ids) for colour, ids in state["decks"].items()},
            "dice": [_die_view(d) for d in state["dice"]],
            "black": list(state["black"]),
            "black_pieces": [P.black_piece(i) for i in range(len(state["black"]))],
            "pieces": dict(P.FIXED),
            "fight": self._fight_view(state),
            "build": self._build_view(state, build) if build else None,
            "uses": dict(state["uses"]) if state["uses"] else None,
            "placement_left": len(state["placement"]),
            "final": state["final"] if over else None,
            # What the board does not draw but a program rebuilding the table
            # needs (the bots).
            "public_state": public_state(state),
        }

    def sample_state(self, view: Mapping[str, Any], seat: int, rng: Rng) -> State:
        return sample_state(view, seat, rng)

    def _fight_view(self, state: State) -> dict[str, Any]:
        """The defence in numbers (TRO-9.4, TRO-9.5): the chosen dice, their
        strength with red counted double, the black total to beat and why the
        fight may not start yet; all public, as the dice are."""
        fight = state["fight"]
        defending = state["phase"] == "defence"
        total, against = F.fight_total(state) if defending else (0, 0)
        return {
            "black": list(fight["black"]),
            "own": list(fight["own"]),
            # Each chosen die's strength, red counted double (TRO-9.5).
            "strengths": [T.strength_of(T.die(state, i)) for i in fight["own"]]
            if defending
            else [],
            "total": total,
            "against": against,
            "problem": F.fight_problem(state) if defending else None,
        }

    def _build_view(self, state: State, build: dict[str, Any]) -> dict[str, Any]:
        seat = state["current"]
        return {
            "kind": build["kind"],
            "target": build["target"],
            "dice": list(build["dice"]),
            "marker": build["marker"],
            "sup": build["sup"],
            "price": B.total_price(state, seat, build, build["dice"]),
            "pips": B.pips(state, build) if build["dice"] else 0,
            "effectiveness": B.effectiveness(state, build) if build["dice"] else 0,
            "problem": B.confirm_problem(state, seat, build),
        }

    def timeout_move(self, state: State, seat: int) -> Move:
        return M.timeout_move(state, seat)

    def standing_move(self, state: State, seat: int, orders: Mapping[str, Any]) -> Move | None:
        return O.standing_move(state, seat, orders)

    def order_mark(self, state: State, seat: int, key: str) -> Any:
        return O.order_mark(state, seat, key)

    def order_ended(self, state: State, seat: int, key: str, mark: Any) -> str | None:
        return O.order_ended(state, seat, key, mark)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        sheet = state["final"]
        totals = [row["total"] for row in sheet]
        return Outcome(
            ranks=T.ranks(totals),
            scores=totals,
            summary=F.result_text(sheet),
            details={"score_sheet": sheet},
        )

    # -- words --------------------------------------------------------------------------

    def prompt(self, state: State) -> str:
        phase = state["phase"]
        if phase == "placement":
            return "place a starting citizen"
        if phase == "defence":
            return f"beat the black {state['black'][0]}"
        if phase == "uses":
            return f"choose how many times to use {the_name(C.CARDS[state['uses']['card']])}"
        if phase == "actions":
            return "take an action or pass"
        return "finish"

    def summary(self, state: State) -> str:
        if state["phase"] == "over":
            return "Game over"
        if state["phase"] == "placement":
            return "Placing the starting citizens"
        return f"Round {state['round']} of {state['rounds']}"

    def public_piece(self, target: str, seat: int) -> str | None:
        return public_piece(target, seat)


def _die_view(die: dict[str, Any]) -> dict[str, Any]:
    """A die of the square with the names of the pieces it is: itself, and
    the influence spent on it (TRO-10.5)."""
    return dict(
        die,
        piece=P.die_piece(die["id"]),
        reroll_piece=P.influence_piece("reroll", die["id"]),
        turn_piece=P.influence_piece("turn", die["id"]),
    )


def _card_view(card: C.ActivityCard) -> dict[str, Any]:
    return {
        "id": card.id,
        "name": card.name,
        "called": the_name(card),
        "colour": card.colour,
        "level": card.level,
        "revealed": True,
        "hire": card.hire,
        "divisor": card.divisor,
        "dice": list(card.dice),
        "slots": list(card.slots),
        "text": card.text,
        "delayed": card.delayed,
        "house": card.house,
        "name_source": card.name_source,
    }


def _event_card_view(event_id: str) -> dict[str, Any]:
    ev = C.EVENT_CARDS[event_id]
    return {
        "id": ev.id,
        "name": ev.name,
        "called": the_name(ev),
        "deck": ev.deck,
        "black": ev.black,
        "fight": ev.fight,
        "divisor": ev.divisor,
        "flags": ev.flags,
        "rewards": list(ev.rewards),
        "text": ev.text,
        "house": ev.house,
        "permanent": ev.permanent,
    }


def _character_view(cid: str) -> dict[str, Any]:
    ch = C.CHARACTER_CARDS[cid]
    return {"id": ch.id, "name": ch.name, "text": ch.text, "house": True}
