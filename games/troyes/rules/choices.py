"""Legal moves and the timeout move of each decision (section 23).

Moves: `{"action": "place", "building", "row", "space"}` (initial
placement); in the defence `{"action": "select_black", "index"}`,
`{"action": "select_own", "die"}` (toggles), `{"action": "fight"}`,
`{"action": "concede"}` (only when no choice of dice beats the highest black
die); influence before an action or a fight: `{"action": "reroll", "die"}`,
`{"action": "recruit"}`, `{"action": "turn", "die"}` (4 influence, then up to
two more dice free in the following moves); the action:
`{"action": "choose", "kind": "card", "card"}` / `"event", "event"` /
`"citizen", "building"` / `"cathedral"` / `"agriculture"`, then
`{"action": "marker", "card"}`, `{"action": "supervisor", "source": "hire" |
building colour | card}` (from the supply, from a building, or moved from
another card), `{"action": "add_die", "die"}`, `{"action": "remove_die", "die"}`,
`{"action": "cancel"}`, `{"action": "confirm"}`; `{"action": "pass"}`; after a
trade card `{"action": "uses", "count"}`.
"""

from __future__ import annotations

from itertools import combinations

from games.engine import Move, State
from games.troyes.rules import build as B
from games.troyes.rules import cards as C
from games.troyes.rules import flow as F
from games.troyes.rules import table as T


def legal_moves(state: State, seat: int) -> list[Move]:
    phase = state["phase"]
    if phase == "over" or seat != state["current"]:
        return []
    if phase == "placement":
        return _placement_moves(state)
    if phase == "defence":
        return _defence_moves(state, seat)
    if phase == "uses":
        return [{"action": "uses", "count": n} for n in range(1, state["uses"]["max"] + 1)]
    if state["build"] is None:
        return _influence_moves(state, seat) + _choose_moves(state, seat) + [{"action": "pass"}]
    return _build_moves(state, seat)


def _placement_moves(state: State) -> list[Move]:
    moves = []
    for colour in C.COLOURS:
        for r, row in enumerate(state["buildings"][colour]):
            for s, occupant in enumerate(row):
                if occupant is None:
                    moves.append({"action": "place", "building": colour, "row": r, "space": s})
    return moves


def _influence_moves(state: State, seat: int) -> list[Move]:
    moves: list[Move] = []
    ip = state["ip"][seat]
    turning = state["turning"]
    mine = T.own_dice(state, seat)
    if ip >= C.REROLL_COST:
        moves += [{"action": "reroll", "die": d["id"]} for d in mine]
    if ip >= C.RECRUIT_COST and state["owned"][seat] < C.MAX_CITIZENS:
        moves.append({"action": "recruit"})
    if turning is not None:
        moves += [
            {"action": "turn", "die": d["id"]} for d in mine if d["id"] not in turning["dice"]
        ]
    elif ip >= C.TURN_COST:
        moves += [{"action": "turn", "die": d["id"]} for d in mine]
    return moves


def _defence_moves(state: State, seat: int) -> list[Move]:
    moves = _influence_moves(state, seat)
    # Another black die joins the fight only while the chosen dice beat them all.
    own, black = F.fight_total(state)
    chosen = state["fight"]["black"]
    moves += [
        {"action": "select_black", "index": i}
        for i in range(1, len(state["black"]))
        if i in chosen or T.beats(own, black + state["black"][i])
    ]
    moves += [{"action": "select_own", "die": d["id"]} for d in T.own_dice(state, seat)]
    if F.fight_ready(state):
        moves.append({"action": "fight"})
    if not T.beats(F.best_strength(state, seat), state["black"][0]):
        moves.append({"action": "concede"})
    return moves


def _blank(kind: str, target: str | None) -> dict:
    return {"kind": kind, "target": target, "dice": [], "marker": None, "sup": None}


def _startable(state: State, seat: int, build: dict) -> bool:
    """Some way to staff the card, if it needs a supervisor, lets some die
    go into the action (TRO-11.3)."""
    if build["kind"] == "card" and B.needs_supervisor(state, seat, build):
        return bool(_staffings(state, seat, build))
    return _some_die_fits(state, seat, build)


def _some_die_fits(state: State, seat: int, build: dict) -> bool:
    """Some die could go into the action (or a marker not yet chosen could make one)."""
    markers = [] if build["marker"] else _markers(state, seat, build)
    for candidate in [build] + [dict(build, marker=c) for c in markers]:
        colour = B.allowed_colour(state, candidate)
        if any(
            B.can_add(state, seat, candidate, d) for d in state["dice"] if d["colour"] == colour
        ):
            return True
    return False


def _choose_moves(state: State, seat: int) -> list[Move]:
    moves: list[Move] = []
    for cid in T.revealed_cards(state):
        if _startable(state, seat, _blank("card", cid)):
            moves.append({"action": "choose", "kind": "card", "card": cid})
    if _startable(state, seat, _blank("cathedral", None)):
        moves.append({"action": "choose", "kind": "cathedral"})
    for entry in state["events"]:
        if _startable(state, seat, _blank("event", entry["id"])):
            moves.append({"action": "choose", "kind": "event", "event": entry["id"]})
    if state["supply"][seat] > 0:
        for colour in C.COLOURS:
            if _startable(state, seat, _blank("citizen", colour)):
                moves.append({"action": "choose", "kind": "citizen", "building": colour})
    if _startable(state, seat, _blank("agriculture", None)):
        moves.append({"action": "choose", "kind": "agriculture"})
    return moves


def _markers(state: State, seat: int, build: dict) -> list[str]:
    """Delayed markers usable on this action: one per action (TRO-OP16)."""
    return [
        cid
        for cid, counts in state["markers"].items()
        if counts[seat] > 0 and B.marker_applies(state, build, cid)
    ]


def _staffings(state: State, seat: int, build: dict) -> list[str]:
    """Every way to staff the card (TRO-11.3) after which the action can go
    on: each is tried, so that more money never removes a choice. Sources
    differ to the dice only by the hire price, so each price is tried once."""
    fits: dict[int, bool] = {}
    staffings = []
    for source in _supervisor_sources(state, seat, build):
        staffed = dict(build, sup=source)
        price = B.hire_price(staffed)
        if price not in fits:
            fits[price] = _some_die_fits(state, seat, staffed)
        if fits[price]:
            staffings.append(source)
    return staffings


def _supervisor_sources(state: State, seat: int, build: dict) -> list[str]:
    card = C.CARDS[build["target"]]
    sources = []
    if state["deniers"][seat] >= card.hire:
        if state["supply"][seat] > 0:
            sources.append("hire")
        sources += [c for c in C.COLOURS if T.standing(state, c, seat) > 0]
    sources += sorted(cid for cid in T.supervisors_of(state, seat) if cid != card.id)
    return sources


def _build_moves(state: State, seat: int) -> list[Move]:
    build = state["build"]
    moves: list[Move] = []
    if not build["dice"] and build["marker"] is None:
        moves += [{"action": "marker", "card": cid} for cid in _markers(state, seat, build)]
    if B.needs_supervisor(state, seat, build):
        moves += [{"action": "supervisor", "source": s} for s in _staffings(state, seat, build)]
    else:
        moves += [
            {"action": "add_die", "die": d["id"]}
            for d in state["dice"]
            if B.can_add(state, seat, build, d)
        ]
    moves += [{"action": "remove_die", "die": i} for i in build["dice"]]
    if B.confirm_problem(state, seat, build) is None:
        moves.append({"action": "confirm"})
    moves.append({"action": "cancel"})
    return moves


# -- timeouts ------------------------------------------------------------------------


def timeout_move(state: State, seat: int) -> Move:
    phase = state["phase"]
    if phase == "placement":
        # The first empty space of the building with the most empty spaces.
        colour = max(C.COLOURS, key=lambda c: T.empty_spaces(state, c))
        r, s = T.first_free_space(state, colour)
        return {"action": "place", "building": colour, "row": r, "space": s}
    if phase == "defence":
        return _defence_timeout(state, seat)
    if phase == "uses":
        return {"action": "uses", "count": state["uses"]["max"]}
    if state["build"] is not None:
        return {"action": "cancel"}
    return {"action": "pass"}


def cheapest_win(state: State, seat: int) -> list[int] | None:
    """The own dice of least total strength that beat the highest black die."""
    mine = T.own_dice(state, seat)
    highest = state["black"][0]
    best = None
    for size in range(1, len(mine) + 1):
        for combo in combinations(mine, size):
            power = T.strength(list(combo))
            if T.beats(power, highest) and (best is None or power < best[0]):
                best = (power, [d["id"] for d in combo])
        if best is not None:
            break
    return sorted(best[1]) if best else None


def _defence_timeout(state: State, seat: int) -> Move:
    plan = cheapest_win(state, seat)
    if plan is None:
        return {"action": "concede"}
    fight = state["fight"]
    for index in fight["black"]:
        if index != 0:
            return {"action": "select_black", "index": index}
    for die_id in fight["own"]:
        if die_id not in plan:
            return {"action": "select_own", "die": die_id}
    for die_id in plan:
        if die_id not in fight["own"]:
            return {"action": "select_own", "die": die_id}
    return {"action": "fight"}
