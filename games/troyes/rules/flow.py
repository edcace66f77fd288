"""What each move does, and the automatic steps between them: the round's
phases (TRO-5 to TRO-9, TRO-17), the defence against black dice, the action
phase (TRO-10 to TRO-16) and the end of the game (TRO-18)."""

from __future__ import annotations

from typing import Any

from games.engine import LogLine, Move, State, line
from games.troyes.rules import build as B
from games.troyes.rules import cards as C
from games.troyes.rules import table as T
from games.troyes.rules.text import deniers, dice_text, die_text, points, row_text, the_name
from games.words import count_of, indefinite, join_words, times


def _p(seat: int) -> str:
    return f"{{p{seat}}}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- initial placement (TRO-4, TRO-OP2) ------------------------------------------


def do_place_start(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    colour = move["building"]
    state["buildings"][colour][move["row"]][move["space"]] = seat
    state["supply"][seat] -= 1
    state["placement"].pop(0)
    where = row_text(colour, move["row"])
    log.append(line(f"{_p(seat)} places a citizen in the {C.BUILDING_NAMES[colour]}, on {where}."))
    if state["placement"]:
        state["current"] = state["placement"][0]
        return
    greys = 0
    for colour in C.COLOURS:
        for row in state["buildings"][colour]:
            for i, occupant in enumerate(row):
                if occupant is None and state["grey_box"] > 0:
                    row[i] = C.NEUTRAL
                    state["grey_box"] -= 1
                    greys += 1
    if greys:  # with 2 players they went first (TRO-OP2)
        log.append(line(f"Neutral citizens fill the {count_of(greys, 'empty space')}."))
    start_round(state, log)


# -- the start of a round (TRO-6 to TRO-9) ----------------------------------------


def start_round(state: State, log: list[LogLine]) -> None:
    state["round"] += 1
    r = state["round"]
    log.append(line(f"Round {r} of {state['rounds']} begins; {_p(state['start'])} starts."))
    if r <= 3:  # TRO-6.1, TRO-OP3
        names = [the_name(C.CARDS[state["activity"][colour][r - 1]]) for colour in C.COLOURS]
        log.append(line(f"New activity cards: {join_words(names)}."))
    for seat in range(state["players"]):  # TRO-7
        wages = sum(C.WAGES[c] * T.standing(state, c, seat) for c in C.COLOURS)
        money = state["deniers"][seat] + C.INCOME
        if wages > money:
            state["deniers"][seat] = 0
            T.lose_vp(state, seat, C.PENALTY)
            log.append(
                line(
                    f"{_p(seat)} cannot pay {deniers(wages)} of wages "
                    f"and loses {points(C.PENALTY)}."
                )
            )
        else:
            state["deniers"][seat] = money - wages
            paid = f"pays {deniers(wages)} in wages" if wages else "pays no wages"
            log.append(line(f"{_p(seat)} takes {deniers(C.INCOME)} and {paid}."))
    T.roll_dice(state)  # TRO-8
    _reveal_events(state, log)
    _resolve_events(state, log)
    state["phase"] = "defence"
    state["fight"] = {"black": [0], "own": []}
    state["current"] = state["start"]
    _settle_defence(state, log)


def _reveal_events(state: State, log: list[LogLine]) -> None:
    """TRO-9.1, TRO-OP6: the top red event, and the one from the deck it names."""
    decks = state["decks"]
    if not decks[C.RED]:
        return
    red = decks[C.RED].pop(0)
    state["events"].append({"id": red, "marks": []})
    drawn = [red]
    calls = C.EVENT_CARDS[red].calls
    other = C.WHITE if calls == C.YELLOW else C.YELLOW
    source = calls if decks[calls] else other  # ours: the other deck when one runs out
    if decks[source]:
        second = decks[source].pop(0)
        state["events"].append({"id": second, "marks": []})
        drawn.append(second)
    log.append(line(f"New events: {join_words([C.EVENT_CARDS[e].name for e in drawn])}."))


def _resolve_events(state: State, log: list[LogLine]) -> None:
    """TRO-9.2, TRO-OP7: left to right; black dice roll into one pool."""
    black: list[int] = []
    for entry in state["events"]:
        event = C.EVENT_CARDS[entry["id"]]
        rolled = [T.roll(state) for _ in range(event.black)]
        if rolled:
            black += rolled
            rolls = count_of(len(rolled), "black die", "black dice")
            log.append(line(f"{event.name} rolls {rolls}: {dice_text(rolled)}."))
        _event_effect(state, event, log)
    state["black"] = sorted(black, reverse=True)


def _event_effect(state: State, event: C.Event, log: list[LogLine]) -> None:
    effect, amount = event.effect, event.amount
    if effect == C.NO_EFFECT:
        return
    if effect == C.NEUTRAL_CITIZEN:
        space = T.first_free_space(state, event.colour)
        if space is None or state["grey_box"] == 0:
            log.append(
                line(f"{event.name}: no free space in the {C.BUILDING_NAMES[event.colour]}.")
            )
            return
        r, s = space
        state["buildings"][event.colour][r][s] = C.NEUTRAL
        state["grey_box"] -= 1
        log.append(
            line(f"{event.name}: a neutral citizen enters the {C.BUILDING_NAMES[event.colour]}.")
        )
        return
    for seat in range(state["players"]):
        if effect == C.LOSE_DIE:
            mine = [d for d in T.own_dice(state, seat) if d["colour"] == event.colour]
            if mine:
                lost = max(mine, key=lambda d: d["value"])
                state["dice"].remove(lost)
                log.append(line(f"{event.name}: {_p(seat)} loses {die_text(lost)}."))
            continue
        key = "deniers" if effect == C.PAY_DENIERS else "ip"
        word = "denier" if key == "deniers" else "influence"
        have = state[key][seat]
        state[key][seat] = max(0, have - amount)
        if have < amount:  # TRO-9.2, TRO-OP5
            T.lose_vp(state, seat, C.PENALTY)
            log.append(
                line(
                    f"{event.name}: {_p(seat)} pays {have} of {count_of(amount, word)} "
                    f"and loses {points(C.PENALTY)}."
                )
            )
        else:
            log.append(line(f"{event.name}: {_p(seat)} pays {count_of(amount, word)}."))


# -- defence (TRO-9.3 to TRO-9.9, TRO-OP8 to TRO-OP10) ----------------------------


def best_strength(state: State, seat: int) -> int:
    return T.strength(T.own_dice(state, seat))


def best_possible(state: State, seat: int) -> int:
    """The most the seat's dice could count against black dice with the
    influence it can still spend (TRO-9.9, TRO-10.5): a reroll may show a 6,
    a turn-over already paid for shows the opposite face. A new turn-over is
    left out: its 4 influence buy 4 rerolls, which could do as well on more
    dice. A new citizen brings no die this round."""
    rerolls = state["ip"][seat] // C.REROLL_COST
    turning = state["turning"]
    free = turning["left"] if turning else 0
    turned = set(turning["dice"]) if turning else set()
    # The best total for each (rerolls used, free turns used), die by die.
    best = {(0, 0): 0}
    for d in T.own_dice(state, seat):
        weight = 2 if d["colour"] == C.RED else 1
        options = [(0, 0, d["value"]), (1, 0, 6)]
        if d["id"] not in turned:
            options.append((0, 1, 7 - d["value"]))
        after: dict[tuple[int, int], int] = {}
        for (r, f), total in best.items():
            for dr, df, value in options:
                key = (r + dr, f + df)
                if key[0] <= rerolls and key[1] <= free:
                    after[key] = max(after.get(key, 0), total + weight * value)
        best = after
    return max(best.values())


def _settle_defence(state: State, log: list[LogLine]) -> None:
    """Fail automatically the black dice that nothing the defender could
    still do would beat (TRO-9.9, TRO-OP10), and move on until a defender
    has a choice, or no black die is left."""
    while state["black"]:
        seat = state["current"]
        highest = state["black"][0]
        if T.beats(best_possible(state, seat), highest):
            return
        _fail(state, seat, log)
    start_actions(state, log)


def _next_defender(state: State) -> None:
    # The highest black die is always among those fought (TRO-9.4); a
    # turn-over paid by one defender frees no die of the next.
    state["current"] = (state["current"] + 1) % state["players"]
    state["fight"] = {"black": [0], "own": []}
    state["turning"] = None


def fight_total(state: State) -> tuple[int, int]:
    fight = state["fight"]
    own = T.strength([T.die(state, i) for i in fight["own"]])
    black = sum(state["black"][i] for i in fight["black"])
    return own, black


def fight_problem(state: State) -> str | None:
    """Why the chosen dice may not fight yet, in a player's words (None: they may)."""
    fight = state["fight"]
    if not fight["black"]:
        return "Choose the black dice to fight."
    if state["black"][0] not in [state["black"][i] for i in fight["black"]]:
        return "The highest black die must be among those fought."  # TRO-9.4
    if not fight["own"]:
        return "Choose your dice to fight with."
    own, black = fight_total(state)
    if not T.beats(own, black):
        return f"Your dice count {own}: you need {black} or more."
    return None


def fight_ready(state: State) -> bool:
    return fight_problem(state) is None


def do_select_black(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    chosen = state["fight"]["black"]
    index = move["index"]
    if index in chosen:
        chosen.remove(index)
    else:
        chosen.append(index)
        chosen.sort()


def do_select_own(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    chosen = state["fight"]["own"]
    if move["die"] in chosen:
        chosen.remove(move["die"])
    else:
        chosen.append(move["die"])
        chosen.sort()


def do_fight(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    fight = state["fight"]
    used = [T.die(state, i) for i in fight["own"]]
    beaten = sorted((state["black"][i] for i in fight["black"]), reverse=True)
    for d in used:  # TRO-9.6
        state["dice"].remove(d)
    state["black"] = [v for i, v in enumerate(state["black"]) if i not in fight["black"]]
    got = T.gain_ip(state, seat, len(beaten))  # TRO-9.8
    log.append(
        line(
            f"{_p(seat)} beats the black {dice_text(beaten)} with {dice_text(used)} "
            f"and gains {count_of(got, 'influence')}."
        )
    )
    _next_defender(state)
    _settle_defence(state, log)


def _fail(state: State, seat: int, log: list[LogLine]) -> None:
    """TRO-9.6: the highest black die is discarded and costs 2 victory points."""
    highest = state["black"].pop(0)
    T.lose_vp(state, seat, C.PENALTY)
    log.append(line(f"{_p(seat)} cannot beat the black {highest} and loses {points(C.PENALTY)}."))
    _next_defender(state)


def do_concede(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    _fail(state, seat, log)
    _settle_defence(state, log)


# -- influence (TRO-10.5, TRO-OP11, TRO-OP12) -------------------------------------


def _after_influence(state: State, log: list[LogLine]) -> None:
    """In a defence, influence spent in vain may leave nothing that could
    beat the black die: it is failed then (TRO-9.9)."""
    if state["phase"] == "defence":
        _settle_defence(state, log)


def do_reroll(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    d = T.die(state, move["die"])
    before = d["value"]
    d["value"] = T.roll(state)
    state["ip"][seat] -= C.REROLL_COST
    log.append(
        line(
            f"{_p(seat)} spends {count_of(C.REROLL_COST, 'influence')} to reroll "
            f"a {d['colour']} {before}: it shows {d['value']}."
        )
    )
    _after_influence(state, log)


def do_recruit(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    state["ip"][seat] -= C.RECRUIT_COST
    state["owned"][seat] += 1
    state["supply"][seat] += 1
    log.append(line(f"{_p(seat)} spends {count_of(C.RECRUIT_COST, 'influence')} on a new citizen."))
    _after_influence(state, log)


def do_turn(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    """Turning over costs 4 influence for 1 to 3 dice: the first die is paid,
    the next two of the same move are free."""
    d = T.die(state, move["die"])
    turning = state["turning"]
    if turning is None:
        state["ip"][seat] -= C.TURN_COST
        turning = {"left": 2, "dice": []}
        cost = f"spends {count_of(C.TURN_COST, 'influence')} to turn over"
    else:
        turning["left"] -= 1
        cost = "turns over"
    before = d["value"]
    d["value"] = 7 - before  # TRO-E3
    turning["dice"].append(d["id"])
    state["turning"] = turning if turning["left"] > 0 else None
    log.append(line(f"{_p(seat)} {cost} a {d['colour']} {before}: it shows {d['value']}."))
    _after_influence(state, log)


# -- the action phase --------------------------------------------------------------


def start_actions(state: State, log: list[LogLine]) -> None:
    state["phase"] = "actions"
    state["fight"] = {"black": [], "own": []}
    state["turning"] = None
    state["current"] = state["start"]
    if not state["dice"]:
        end_round(state, log)


def do_choose(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    kind = move["kind"]
    target = {"card": move.get("card"), "event": move.get("event"), "citizen": move.get("building")}
    state["build"] = {
        "kind": kind,
        "target": target.get(kind),
        "dice": [],
        "marker": None,
        "sup": None,
    }


def do_marker(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    state["build"]["marker"] = move["card"]


def do_supervisor(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    state["build"]["sup"] = move["source"]


def do_add_die(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    state["build"]["dice"].append(move["die"])


def do_remove_die(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    state["build"]["dice"].remove(move["die"])


def do_cancel(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    state["build"] = None


def do_pass(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    state["passed"][seat] = True
    if T.own_dice(state, seat):  # TRO-16.1, TRO-OP23
        state["pass_bonus"][seat] = True
        state["square_deniers"][seat] += C.PASS_DENIERS
        log.append(line(f"{_p(seat)} passes and puts {deniers(C.PASS_DENIERS)} on their district."))
    else:
        log.append(line(f"{_p(seat)} passes."))
    next_turn(state, log)


def do_confirm(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    build = state["build"]
    dice = [T.die(state, i) for i in build["dice"]]
    price = B.dice_price(state, seat, build, build["dice"])
    each = C.DIE_PRICE * len(dice)
    paid_to: dict[int, int] = {}
    if price:
        for d in dice:
            if d["owner"] != seat:
                paid_to[d["owner"]] = paid_to.get(d["owner"], 0) + each
    free_yellow = B.marker_effect(build) == C.FREE_YELLOW
    # What the action is worth is read before its dice leave the square.
    eff = B.effectiveness(state, build)
    faces = [d["value"] for d in dice]
    state["deniers"][seat] -= price
    for owner, amount in paid_to.items():
        if owner != C.NEUTRAL:  # TRO-OP13: the neutral district is paid to the bank
            state["deniers"][owner] += amount
    for d in dice:
        state["dice"].remove(d)
    bought = ""
    if paid_to:
        bought = (
            " ("
            + ", ".join(
                f"{deniers(amount)} to {'the bank' if owner == C.NEUTRAL else _p(owner)}"
                for owner, amount in paid_to.items()
            )
            + ")"
        )
    elif free_yellow and any(d["owner"] != seat for d in dice):
        bought = " (others' yellow dice taken free)"
    marker = ""
    if build["marker"]:
        state["markers"][build["marker"]][seat] -= 1
        marker = f", with {indefinite(C.CARDS[build['marker']].name)} marker"
    used = f"{dice_text(dice)}{bought}{marker}"
    state["build"] = None
    _ACTIONS[build["kind"]](state, seat, build, eff, faces, used, log)
    if state["phase"] == "actions":
        next_turn(state, log)


def _act_card(state, seat, build, eff, faces, used, log) -> None:
    card = C.CARDS[build["target"]]
    sup = build["sup"]
    if sup is not None:
        if sup == "hire":  # TRO-11.3, TRO-OP17
            state["deniers"][seat] -= card.hire
            state["supply"][seat] -= 1
            where = f"hires a supervisor for {deniers(card.hire)}"
        elif sup in C.COLOURS:  # a citizen of the board (JP-SUM)
            state["deniers"][seat] -= card.hire
            T.take_citizen(state, sup, seat)
            where = (
                f"hires a citizen of the {C.BUILDING_NAMES[sup]} as supervisor "
                f"for {deniers(card.hire)}"
            )
        else:
            state["supervisors"][sup].remove(seat)  # TRO-11.6
            where = f"moves their supervisor from {the_name(C.CARDS[sup])}"
        state["supervisors"].setdefault(card.id, []).append(seat)  # TRO-11.5
        log.append(line(f"{_p(seat)} {where} to {the_name(card)}."))
    head = f"{_p(seat)} activates {the_name(card)} with {used}"
    if card.delayed:  # TRO-11.11
        marks = state["markers"].setdefault(card.id, [0] * state["players"])
        marks[seat] += eff
        log.append(line(f"{head}: {count_of(eff, 'marker')}."))
        return
    if card.effect == C.TRADE:
        most = min(eff, B.trade_affordable(state, seat, card, state["deniers"][seat]))
        state["uses"] = {"card": card.id, "max": most}
        state["phase"] = "uses"
        log.append(line(f"{head}: up to {count_of(most, 'use')}."))
        return
    gains = activity_gains(state, seat, card, eff)
    log.append(line(f"{head}: {gain_text(state, seat, gains)}."))


def activity_gains(state: State, seat: int, card: C.ActivityCard, eff: int) -> dict[str, int]:
    """Apply an immediate card `eff` times; returns what it gave."""
    gains: dict[str, int] = {}
    if card.effect == C.GAIN:
        per = card.gives
    elif card.effect == C.MILLER:
        best = max(T.standing(state, C.RED, seat), T.standing(state, C.WHITE, seat))
        per = {"deniers": 2 * best}
    elif card.effect == C.PROCESSION:
        per = {"vp": 2 if T.standing(state, C.WHITE, seat) >= 2 else 1}
    elif card.effect == C.GLASSMAKER:
        per = {"vp": T.cathedral_levels(state, seat)}
    else:  # CAPTAIN
        per = {"vp": T.events_with_marks(state, seat) + len(state["won"][seat])}
    for what, amount in per.items():
        gains[what] = amount * eff
    give(state, seat, gains)
    return gains


def give(state: State, seat: int, gains: dict[str, int]) -> None:
    for what, amount in gains.items():
        if what == "ip":
            gains[what] = T.gain_ip(state, seat, amount)
        elif what == "citizens":
            room = C.MAX_CITIZENS - state["owned"][seat]
            gains[what] = min(room, amount)
            state["owned"][seat] += gains[what]
            state["supply"][seat] += gains[what]
        else:
            state[what][seat] += amount


NOUNS = {"deniers": "denier", "ip": "influence", "vp": "victory point", "citizens": "citizen"}


def gain_text(state: State, seat: int, gains: dict[str, int]) -> str:
    parts = [count_of(amount, NOUNS[what]) for what, amount in gains.items()]
    return "gains " + join_words(parts) if parts else "gains nothing"


def do_uses(state: State, seat: int, move: Move, log: list[LogLine]) -> None:
    card = C.CARDS[state["uses"]["card"]]
    count = move["count"]
    for what, amount in card.pays.items():
        state["deniers" if what == "deniers" else "ip"][seat] -= amount * count
    gains = {what: amount * count for what, amount in card.gives.items()}
    give(state, seat, gains)
    paid = join_words([count_of(amount * count, NOUNS[what]) for what, amount in card.pays.items()])
    log.append(
        line(
            f"{_p(seat)} uses {the_name(card)} {times(count)}: "
            f"pays {paid} and {gain_text(state, seat, gains)}."
        )
    )
    state["uses"] = None
    state["phase"] = "actions"
    next_turn(state, log)


def _act_cathedral(state, seat, build, eff, faces, used, log) -> None:
    vp = ip = 0
    for face in faces:  # TRO-12.3 to TRO-12.5
        state["cathedral"][face - 1].append(seat)
        vp += 1
        ip += C.CATHEDRAL_INFLUENCE[face - 1]
    state["vp"][seat] += vp
    got = T.gain_ip(state, seat, ip)
    log.append(
        line(
            f"{_p(seat)} builds the Cathedral with {used}: "
            f"{points(vp)} and {count_of(got, 'influence')}."
        )
    )


def _act_event(state, seat, build, eff, faces, used, log) -> None:
    entry = next(e for e in state["events"] if e["id"] == build["target"])
    event = C.EVENT_CARDS[entry["id"]]
    placed = min(eff, event.flags - len(entry["marks"]))  # TRO-OP21a: excess lost
    entry["marks"] += [seat] * placed
    state["event_markers"][seat] += placed
    log.append(
        line(f"{_p(seat)} fights {the_name(event)} with {used}: {count_of(placed, 'marker')}.")
    )
    if len(entry["marks"]) >= event.flags:
        _defeat(state, entry, log)


def _defeat(state: State, entry: dict[str, Any], log: list[LogLine]) -> None:
    """TRO-13.3, TRO-OP21: rewards to the first and second; the card goes to
    the first (the earliest placer on a tie); Looting stays (TRO-13.4)."""
    event = C.EVENT_CARDS[entry["id"]]
    marks = entry["marks"]
    counts = {s: marks.count(s) for s in set(marks)}
    best = max(counts.values())
    firsts = [s for s in counts if counts[s] == best]
    first_reward, second_reward = event.rewards
    rewards: dict[int, int] = {}
    if len(firsts) > 1:
        share = (first_reward + second_reward) // len(firsts)
        for s in firsts:
            rewards[s] = share
    else:
        rewards[firsts[0]] = first_reward
        rest = {s: c for s, c in counts.items() if s != firsts[0]}
        if rest:
            second = max(rest.values())
            seconds = [s for s in rest if rest[s] == second]
            for s in seconds:
                rewards[s] = second_reward // len(seconds)
        else:
            rewards[firsts[0]] += second_reward
    for s, vp in sorted(rewards.items()):
        state["vp"][s] += vp
        log.append(line(f"{_cap(the_name(event))} is defeated: {_p(s)} gains {points(vp)}."))
    winner = min(firsts, key=marks.index)
    if event.permanent:
        entry["marks"] = []
        return
    state["events"].remove(entry)
    state["won"][winner].append(event.id)
    log.append(line(f"{_p(winner)} takes the {event.name} card."))


def _act_citizen(state, seat, build, eff, faces, used, log) -> None:
    colour = build["target"]
    state["supply"][seat] -= 1
    out = T.place(state, colour, faces[0], seat)
    name = C.BUILDING_NAMES[colour]
    text = f"{_p(seat)} places a citizen in the {name} with {used}"
    if out is not None:
        who = "a neutral citizen" if out == C.NEUTRAL else f"a citizen of {_p(out)}"
        text += f", laying down {who}"
    log.append(line(text + "."))


def _act_agriculture(state, seat, build, eff, faces, used, log) -> None:
    state["deniers"][seat] += eff  # TRO-15.2
    log.append(line(f"{_p(seat)} farms with {used}: {deniers(eff)}."))


_ACTIONS = {
    "card": _act_card,
    "cathedral": _act_cathedral,
    "event": _act_event,
    "citizen": _act_citizen,
    "agriculture": _act_agriculture,
}


def next_turn(state: State, log: list[LogLine]) -> None:
    """The next player who has not passed; +1 denier to each passed player
    the turn goes by (TRO-16.1); the round ends when all have passed or no
    die is left (TRO-17.1, TRO-OP24)."""
    state["turning"] = None
    n = state["players"]
    if all(state["passed"]) or not state["dice"]:
        end_round(state, log)
        return
    seat = state["current"]
    for _ in range(n):
        seat = (seat + 1) % n
        if not state["passed"][seat]:
            state["current"] = seat
            return
        if state["pass_bonus"][seat]:
            state["square_deniers"][seat] += C.PASS_AGAIN


def end_round(state: State, log: list[LogLine]) -> None:
    """TRO-17: deniers from the square, lying citizens home, dice cleared,
    the start player card passes left."""
    n = state["players"]
    for seat in range(n):
        state["deniers"][seat] += state["square_deniers"][seat]
        state["square_deniers"][seat] = 0
    for colour in C.COLOURS:
        for owner in state["lying"][colour]:
            if owner == C.NEUTRAL:
                state["grey_box"] += 1
            else:
                state["supply"][owner] += 1
        state["lying"][colour] = []
    state["dice"] = []
    state["black"] = []
    state["build"] = None
    state["turning"] = None
    state["passed"] = [False] * n
    state["pass_bonus"] = [False] * n
    log.append(line(f"Round {state['round']} ends."))
    if state["round"] >= state["rounds"]:
        finish(state, log)
        return
    state["start"] = (state["start"] + 1) % n
    start_round(state, log)


def finish(state: State, log: list[LogLine]) -> None:
    state["phase"] = "over"
    state["current"] = None
    sheet = T.score_sheet(state)
    state["final"] = sheet
    for seat, dealt in enumerate(state["characters"]):
        names = join_words([C.CHARACTER_CARDS[c].name for c in dealt])
        log.append(line(f"{_p(seat)} reveals {names}."))
    for row in sheet:
        log.append(line(f"{_p(row['seat'])} scores {points(row['total'])}."))
    log.append(line(result_text(sheet)))


def result_text(sheet: list[dict[str, Any]]) -> str:
    totals = [row["total"] for row in sheet]
    best = max(totals)
    winners = [s for s, t in enumerate(totals) if t == best]
    if len(winners) == 1:
        return f"{_p(winners[0])} wins with {points(best)}."
    return f"{join_words([_p(s) for s in winners])} share the victory with {points(best)}."


HANDLERS = {
    "place": do_place_start,
    "select_black": do_select_black,
    "select_own": do_select_own,
    "fight": do_fight,
    "concede": do_concede,
    "reroll": do_reroll,
    "recruit": do_recruit,
    "turn": do_turn,
    "choose": do_choose,
    "marker": do_marker,
    "supervisor": do_supervisor,
    "add_die": do_add_die,
    "remove_die": do_remove_die,
    "cancel": do_cancel,
    "confirm": do_confirm,
    "pass": do_pass,
    "uses": do_uses,
}
