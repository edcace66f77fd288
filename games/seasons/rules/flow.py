"""How a game of Seasons runs: the setup, the Prelude, the rounds and turns
of the Duel, and the decisions that are not a particular card's.

The queue (see table.py) is worked through by `advance`: automatic tasks run
at once, a decision waits for its seat's move. After every step the reserve
limit is checked for every player (SEA-6.3, SEA-OP11): a player over it is
asked first to give tokens back.

Rules: SEA-3.2, 3.3, OP3, OP6 (levels and decks), SEA-4.1, 4.2, OP4, OP5,
OP1 (Prelude and start), SEA-5.1 to 5.3, OP7, OP8 (rounds), SEA-6.1 to 6.9,
OP9, OP12 (the die), SEA-7 (cards), SEA-8, OP14 (bonuses), SEA-9, OP18 (end
of round), SEA-10 (scoring, in engine.py).
"""

from __future__ import annotations

from typing import Any

from games.engine import LogLine, Rng, State, line
from games.seasons.rules import cards as _cards  # noqa: F401  (registers the cards)
from games.seasons.rules.data import (
    DICE_PER_SEASON,
    ELEMENTS,
    GAUGE_MAX,
    MAX_BONUSES,
    READY_SETS,
    SEASONS,
    Face,
)
from games.seasons.rules.hooks import CARDS, DECISIONS, decision
from games.seasons.rules.play import (
    activate,
    activation_moves,
    can_pay,
    move_marker,
    offer_cards,
    pay,
    payment_options,
    room,
    summon_means,
    transmute_bonus,
)
from games.seasons.rules.table import (
    can_draw,
    cheapest_element,
    distinct,
    draw,
    draw_many,
    face_of,
    gain_crystals,
    gain_energy,
    head,
    limit,
    number,
    order_from,
    over_limit,
    own_cards,
    rate,
    reserve_size,
    schedule,
    spend,
    spendable,
)
from games.seasons.rules.text import (
    card_list,
    card_name,
    crystals,
    energy_text,
    face_text,
    why_text,
)
from games.words import count_of

APPRENTICE, WIZARD, ARCHMAGE = "apprentice", "wizard", "archmage"
SIMULTANEOUS = ("draft", "sets")

# -- setup -----------------------------------------------------------------------------


def new_state(players: int, level: str, seed: int) -> State:
    rng = Rng.from_seed(seed)
    # SEA-3.2, SEA-OP3: both copies of cards 1-30, or 1-50 for Archmage.
    top = 50 if level == ARCHMAGE else 30
    deck = [(num - 1) * 2 + copy for num in range(1, top + 1) for copy in (0, 1)]
    rng.shuffle(deck)
    state: State = {
        "players": players,
        "level": level,
        "phase": "draft",
        "month": 1,
        "year": 1,
        "sets_added": 1,
        "first": rng.below(players),  # SEA-OP1
        "round": 0,
        "ended": False,
        "deck": deck,
        "discard": [],
        "p": [
            {
                "crystals": 0,
                "gauge": 0,
                "energy": [0, 0, 0, 0],
                "hand": [],
                "play": [],
                "years": [],
                "bonuses": 0,
                "packet": [],
                "picked": [],
                "pick": None,
                "assign": {},
                "ready": False,
            }
            for _ in range(players)
        ],
        "dice": [],
        "dice_season": 0,
        "turn": None,
        "queue": [],
        "staged": [],
        "rng": 0,
        "log": [],
    }
    log = [line(f"{{p{state['first']}}} will be the first player.")]
    if level == APPRENTICE:
        # SEA-OP6: a different ready-made set for each player, at random.
        sets = list(range(len(READY_SETS)))
        rng.shuffle(sets)
        for seat in range(players):
            chosen = []
            for num in READY_SETS[sets[seat]]:
                cid = next(c for c in ((num - 1) * 2, (num - 1) * 2 + 1) if c in deck)
                deck.remove(cid)
                chosen.append(cid)
            state["p"][seat]["picked"] = chosen
            log.append(line(f"You receive ready-made set {sets[seat] + 1}.", [seat]))
        state["phase"] = "sets"
        state["queue"] = [{"k": "sets"}]
    else:
        for p in state["p"]:  # SEA-OP4: nine cards each
            p["packet"] = [deck.pop() for _ in range(9)]
        state["queue"] = [{"k": "draft"}]
        log.append(line("Each player receives nine cards to draft."))
    state["rng"] = rng.state
    state["log"] = log
    return state


# -- the queue -------------------------------------------------------------------------


def to_act(state: State) -> list[int]:
    task = head(state)
    if state["phase"] == "over" or task is None:
        return []
    if task["k"] == "draft":
        return [s for s, p in enumerate(state["p"]) if p["pick"] is None]
    if task["k"] == "sets":
        return [s for s, p in enumerate(state["p"]) if not p["ready"]]
    return [task["seat"]]


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    task = head(state)
    if task["k"] in SIMULTANEOUS:
        return DECISIONS[task["k"]].moves(state, {**task, "seat": seat})
    return DECISIONS[task["k"]].moves(state, task)


def apply_move(state: State, seat: int, move: dict[str, Any]) -> None:
    task = head(state)
    log: list[LogLine] = []
    if task["k"] in SIMULTANEOUS:
        task = {**task, "seat": seat}
    DECISIONS[task["k"]].apply(state, task, move, log)
    advance(state, log)
    state["log"] = log


def _flush(state: State) -> None:
    if state["staged"]:
        state["queue"][0:0] = state["staged"]
        state["staged"] = []


def advance(state: State, log: list[LogLine]) -> None:
    """Run automatic tasks until a decision is waiting (or the game is over)."""
    while True:
        _flush(state)
        if state["phase"] == "over" or not state["queue"]:
            return
        task = state["queue"][0]
        if task["k"] != "overflow" and state["phase"] == "duel":
            start = state["turn"]["seat"] if state["turn"] else state["first"]
            over = next((s for s in order_from(state, start) if over_limit(state, s)), None)
            if over is not None:
                state["queue"].insert(0, {"k": "overflow", "seat": over})
                continue
        if task["k"] in AUTOMATIC:
            state["queue"].pop(0)
            AUTOMATIC[task["k"]](state, task, log)
            continue
        waiting = DECISIONS[task["k"]]
        if (
            task["k"] not in SIMULTANEOUS
            and not waiting.never_empty
            and not waiting.moves(state, task)
        ):
            state["queue"].pop(0)  # nothing left to choose (e.g. no card to sacrifice)
            continue
        return


# -- Prelude: the draft (SEA-4.1, SEA-OP4) --------------------------------------------


def _draft_moves(state, task):
    p = state["p"][task["seat"]]
    return [{"action": "pick", "card": c} for c in distinct(p["packet"])]


@decision("draft", moves=_draft_moves, prompt=lambda s, t: "pick a card from the draft packet")
def _draft_pick(state, task, move, log):
    seat = task["seat"]
    state["p"][seat]["pick"] = move["card"]
    log.append(line(f"{{p{seat}}} picks a card."))
    log.append(line(f"You pick {card_name(number(move['card']))}.", [seat]))
    if any(p["pick"] is None for p in state["p"]):
        return
    packets = []
    for p in state["p"]:
        p["packet"].remove(p["pick"])
        p["picked"].append(p["pick"])
        p["pick"] = None
        packets.append(p["packet"])
    n = state["players"]
    for seat_no in range(n):  # packets pass to the left
        state["p"][(seat_no + 1) % n]["packet"] = packets[seat_no]
    if len(packets[0]) == 1:  # the last card is kept without choosing
        for p in state["p"]:
            p["picked"].append(p["packet"].pop())
    if not state["p"][0]["packet"]:
        state["phase"] = "sets"
        state["queue"] = [{"k": "sets"}]
        log.append(line("The draft is over: each player splits their nine cards into three years."))
    else:
        log.append(line("The packets pass to the left."))


# -- Prelude: the year sets (SEA-4.2, SEA-OP5) ----------------------------------------


def _sets_moves(state, task):
    p = state["p"][task["seat"]]
    assign = p["assign"]
    if len(assign) == 9:
        return [{"action": "confirm"}, {"action": "clear"}]
    filled = [sum(1 for y in assign.values() if y == year) for year in (1, 2, 3)]
    free = [c for c in p["picked"] if str(c) not in assign]
    moves = [
        {"action": "assign", "card": c, "year": year}
        for c in distinct(free)
        for year in (1, 2, 3)
        if filled[year - 1] < 3
    ]
    return moves + ([{"action": "clear"}] if assign else [])


@decision(
    "sets",
    moves=_sets_moves,
    prompt=lambda s, t: "split the nine cards into the three years",
)
def _sets_answer(state, task, move, log):
    seat = task["seat"]
    p = state["p"][seat]
    if move["action"] == "assign":
        p["assign"][str(move["card"])] = move["year"]
        return
    if move["action"] == "clear":
        p["assign"] = {}
        return
    p["ready"] = True
    log.append(line(f"{{p{seat}}} has made their three sets."))
    if all(q["ready"] for q in state["p"]):
        _start_duel(state, log)


def _start_duel(state, log):
    for seat, p in enumerate(state["p"]):
        by_year = {1: [], 2: [], 3: []}
        for c in p["picked"]:
            by_year[p["assign"][str(c)]].append(c)
        p["hand"] = by_year[1]
        p["years"] = [by_year[2], by_year[3]]
        p["picked"], p["assign"], p["packet"] = [], {}, []
        log.append(
            line(
                "Year 1: you take " + card_list(p["hand"]) + ".",
                [seat],
            )
        )
    state["phase"] = "duel"
    state["queue"] = [{"k": "round"}]
    log.append(line("The Duel begins in the first month of winter, year 1."))


# -- a round (SEA-5) -------------------------------------------------------------------


def _round(state, task, log):
    state["round"] += 1
    n = state["players"]
    rng = Rng(state["rng"])
    dice = list(range(DICE_PER_SEASON))
    rng.shuffle(dice)
    state["dice_season"] = season = (state["month"] - 1) // 3
    state["dice"] = [{"die": d, "face": rng.below(6), "by": None} for d in sorted(dice[: n + 1])]
    state["rng"] = rng.state
    log.append(line(f"{{p{state['first']}}} rolls {n + 1} {SEASONS[season]} dice."))
    order = order_from(state, state["first"])
    for seat in order:  # SEA-OP7: every die is chosen before the turns
        schedule(state, "die", seat)
    for seat in order:
        schedule(state, "turn", who=seat)
    schedule(state, "end_round")


def _die_worth(face: Face) -> int:
    return 2 * len(face.energy) + face.crystals + 2 * (face.star + face.card + face.transmute)


def _die_moves(state, task):
    return [
        {"action": "take_die", "die": i} for i, d in enumerate(state["dice"]) if d["by"] is None
    ]


def _least_die(state, task, moves):
    return min(moves, key=lambda m: (_die_worth(face_of(state, m["die"])), m["die"]))


@decision("die", moves=_die_moves, prompt=lambda s, t: "choose a season die", timeout=_least_die)
def _take_die(state, task, move, log):
    state["queue"].pop(0)
    state["dice"][move["die"]]["by"] = task["seat"]
    log.append(line(f"{{p{task['seat']}}} takes a die: {face_text(face_of(state, move['die']))}."))


def _turn(state, task, log):
    seat = task["who"]
    die = next(i for i, d in enumerate(state["dice"]) if d["by"] == seat)
    state["turn"] = {
        "seat": seat,
        "die": die,
        "star": False,
        "card": False,
        "transmute": False,
        "bonus2": False,
    }
    if _untapped_malice(state, seat):
        schedule(state, "malice", seat)
    schedule(state, "die_gain", who=seat)
    schedule(state, "main", seat)


def _untapped_malice(state, seat):
    return [
        c for c in state["p"][seat]["play"] if CARDS[number(c["id"])].turn_start and not c["tapped"]
    ]


@decision(
    "malice",
    moves=lambda s, t: (
        (
            [{"action": "activate", "card": _untapped_malice(s, t["seat"])[0]["id"]}]
            if _untapped_malice(s, t["seat"])
            else []
        )
        + [{"action": "proceed"}]
    ),
    prompt=lambda s, t: "decide whether to reroll with the Die of Malice",
    timeout=lambda s, t, moves: {"action": "proceed"},
)
def _malice_answer(state, task, move, log):
    # SEA-OP25, SEA-E5: each copy may reroll once, before the die is used.
    if move["action"] == "proceed" or len(_untapped_malice(state, task["seat"])) == 1:
        state["queue"].pop(0)
    if move["action"] == "activate":
        activate(state, task["seat"], move["card"], {}, log)
        log.append(line(f"The new face: {face_text(face_of(state, state['turn']['die']))}."))


def _die_gain(state, task, log):
    """SEA-6.9, SEA-OP9: the die's energy and crystals come first, at once."""
    seat = task["who"]
    face = face_of(state, state["turn"]["die"])
    for e in face.energy:
        gain_energy(state, seat, e)
    gain_crystals(state, seat, face.crystals)
    state["turn"]["transmute"] = state["turn"]["transmute"] or face.transmute
    gained = [energy_text([face.energy.count(e) for e in range(4)])] if face.energy else []
    if face.crystals:
        gained.append(crystals(face.crystals))
    if gained:
        log.append(line(f"{{p{seat}}} gains {', '.join(gained)} from the die."))


# -- the main part of a turn ----------------------------------------------------------


def may_transmute(state: State) -> bool:
    turn = state["turn"]
    return bool(turn and (turn["transmute"] or turn["bonus2"]))


def _main_moves(state, task):
    seat = task["seat"]
    p = state["p"][seat]
    turn = state["turn"]
    face = face_of(state, turn["die"])
    moves: list[dict[str, Any]] = []
    if face.star and not turn["star"] and p["gauge"] < GAUGE_MAX:
        moves.append({"action": "star"})
    if face.card and not turn["card"] and can_draw(state):
        moves.append({"action": "draw"})
    if may_transmute(state):
        moves += [
            {"action": "transmute", "element": e} for e in range(4) if spendable(state, seat, e)
        ]
    if room(state, seat):
        means = summon_means(state, seat)
        moves += [
            {"action": "summon", "card": c}
            for c in own_cards(state, seat, "hand")
            if can_pay(state, seat, c, means)
        ]
    moves += activation_moves(state, seat)
    if p["bonuses"] < MAX_BONUSES:
        if reserve_size(state, seat) >= 2:
            moves.append({"action": "bonus", "bonus": 1})
        if not turn["bonus2"]:
            moves.append({"action": "bonus", "bonus": 2})
        if p["gauge"] < GAUGE_MAX:
            moves.append({"action": "bonus", "bonus": 3})
        if face.card and not turn["card"] and can_draw(state):
            moves.append({"action": "bonus", "bonus": 4})
    if turn.get("undo"):
        moves.append({"action": "cancel"})
    moves.append({"action": "end_turn"})
    return moves


@decision(
    "main",
    moves=_main_moves,
    prompt=lambda s, t: "use the die and play cards",
    timeout=lambda s, t, moves: {"action": "end_turn"},
    never_empty=True,  # ending the turn is always possible
)
def _main_answer(state, task, move, log):
    seat = task["seat"]
    p = state["p"][seat]
    turn = state["turn"]
    action = move["action"]
    # A bonus whose effect is only a number may be taken back by the very
    # next move, before anything has used it.
    undo = turn.pop("undo", None)
    if action == "cancel":
        _cancel_bonus(state, seat, log)
        if undo == 2:
            turn["bonus2"] = False
        else:
            p["gauge"] -= 1
    elif action == "star":
        turn["star"] = True
        p["gauge"] += 1
        log.append(line(f"{{p{seat}}} raises their summoning gauge to {p['gauge']}."))
    elif action == "draw":
        turn["card"] = True
        drawn = draw(state)
        log.append(line(f"{{p{seat}}} draws a card."))
        offer_cards(state, seat, [drawn], 0, may_discard=True)
    elif action == "transmute":
        e = move["element"]
        spend(state, seat, e, 1)
        gain = rate(state, e) + (1 if turn["bonus2"] else 0) + transmute_bonus(state, seat, 1)
        gain_crystals(state, seat, gain)
        log.append(line(f"{{p{seat}}} transmutes 1 {ELEMENTS[e]} into {crystals(gain)}."))
    elif action == "summon":
        options = payment_options(state, seat, move["card"])
        if len(options) == 1:
            pay(state, seat, move["card"], options[0], log)
        else:
            schedule(state, "pay", seat, card=move["card"])
    elif action == "activate":
        params = {k: v for k, v in move.items() if k not in ("action", "card")}
        activate(state, seat, move["card"], params, log)
    elif action == "bonus":
        _bonus(state, seat, move["bonus"], log)
    elif action == "end_turn":
        state["queue"].pop(0)
        state["turn"] = None
        log.append(line(f"{{p{seat}}} ends their turn."))


BONUS_WORDS = {
    1: "exchange 2 energy",
    2: "transmute +1",
    3: "summoning gauge +1",
    4: "draw 2, keep 1",
}


def _bonus(state, seat, bonus, log):
    """SEA-8.2, SEA-OP14."""
    p = state["p"][seat]
    p["bonuses"] += 1
    turn = state["turn"]
    log.append(line(f"{{p{seat}}} uses a bonus: {BONUS_WORDS[bonus]} ({p['bonuses']} of 3)."))
    if bonus == 1:
        schedule(state, "exchange", seat, give=2, take=2, changed=[0, 0, 0, 0])
    elif bonus == 2:
        turn["bonus2"] = True
        turn["undo"] = 2
    elif bonus == 3:
        p["gauge"] += 1
        turn["undo"] = 3
    else:  # the cards are seen at once: no taking it back
        turn["card"] = True
        offer_cards(state, seat, draw_many(state, 2), -4, may_discard=False)


# -- decisions shared by the turn and the cards ----------------------------------------


@decision(
    "pay",
    moves=lambda s, t: [{"action": "pay", **o} for o in payment_options(s, t["seat"], t["card"])],
    prompt=lambda s, t: f"choose how to pay for {card_name(number(t['card']), article=True)}",
)
def _pay_answer(state, task, move, log):
    state["queue"].pop(0)
    pay(state, task["seat"], task["card"], {"skip": move["skip"], "amulet": move["amulet"]}, log)


@decision(
    "gain",
    moves=lambda s, t: [{"action": "take", "element": e} for e in range(4)],
    prompt=lambda s, t: f"choose energy tokens from {why_text(t['why'])}",
    timeout=lambda s, t, moves: {
        "action": "take",
        "element": max(range(4), key=lambda e: (rate(s, e), -e)),
    },
)
def _gain_answer(state, task, move, log):
    seat, e = task["seat"], move["element"]
    target = None
    if task["onto"] is not None:
        target = next((c for c in state["p"][seat]["play"] if c["id"] == task["onto"]), None)
    if target is not None:
        target["tokens"][e] += 1
        source = f" onto {card_name(number(task['onto']), article=True)}"
    else:
        gain_energy(state, seat, e)
        source = f" ({card_name(task['why'])})"
    log.append(line(f"{{p{seat}}} takes 1 {ELEMENTS[e]}{source}."))
    task["n"] -= 1
    if task["n"] == 0:
        state["queue"].pop(0)


def _keep_moves(state, task):
    moves = [{"action": "keep", "card": c} for c in distinct(task["cards"])]
    if task["may_discard"]:
        moves.append({"action": "discard"})
    return moves


@decision(
    "keep",
    moves=_keep_moves,
    prompt=lambda s, t: f"choose a card to keep (drawn with {why_text(t['why'])})",
    timeout=lambda s, t, moves: moves[-1],
)
def _keep_answer(state, task, move, log):
    state["queue"].pop(0)
    seat = task["seat"]
    cards = task["cards"]
    if move["action"] == "keep":
        cards.remove(move["card"])
        state["p"][seat]["hand"].append(move["card"])
        log.append(line(f"{{p{seat}}} keeps a card in hand."))
        log.append(line(f"You keep {card_name(number(move['card']))}.", [seat]))
    state["discard"].extend(cards)
    if cards:
        log.append(line(f"{{p{seat}}} discards {count_of(len(cards), 'card')}."))
        log.append(line("You discard " + card_list(cards) + ".", [seat]))


@decision(
    "overflow",
    moves=lambda s, t: [
        {"action": "return", "element": e} for e in range(4) if s["p"][t["seat"]]["energy"][e]
    ],
    prompt=lambda s, t: f"give back energy over the reserve limit of {limit(s, t['seat'])}",
    timeout=lambda s, t, moves: {
        "action": "return",
        "element": cheapest_element(s, [m["element"] for m in moves]),
    },
)
def _overflow_answer(state, task, move, log):
    seat = task["seat"]
    state["p"][seat]["energy"][move["element"]] -= 1
    log.append(line(f"{{p{seat}}} gives back 1 {ELEMENTS[move['element']]} (reserve full)."))
    if not over_limit(state, seat):
        state["queue"].pop(0)


def _exchange_moves(state, task):
    energy = state["p"][task["seat"]]["energy"]
    if task["give"]:
        moves = [{"action": "give_back", "element": e} for e in range(4) if energy[e]]
    else:
        moves = [{"action": "take", "element": e} for e in range(4)]
    return [*moves, {"action": "cancel"}] if "changed" in task else moves


@decision(
    "exchange",
    moves=_exchange_moves,
    prompt=lambda s, t: "exchange two energy tokens (bonus)",
    timeout=lambda s, t, moves: moves[-1],  # cancel: nothing changes, no bonus spent
)
def _exchange_answer(state, task, move, log):
    seat = task["seat"]
    energy = state["p"][seat]["energy"]
    if move["action"] == "cancel":
        state["queue"].pop(0)
        for e, n in enumerate(task["changed"]):
            energy[e] -= n
        _cancel_bonus(state, seat, log)
        return
    e = move["element"]
    step = -1 if move["action"] == "give_back" else 1
    energy[e] += step
    if "changed" in task:
        task["changed"][e] += step
    if step < 0:
        task["give"] -= 1
        log.append(line(f"{{p{seat}}} gives 1 {ELEMENTS[e]}."))
        return
    task["take"] -= 1
    log.append(line(f"{{p{seat}}} takes 1 {ELEMENTS[e]}."))
    if task["take"] == 0:
        state["queue"].pop(0)


def _cancel_bonus(state, seat, log):
    state["p"][seat]["bonuses"] -= 1
    log.append(line(f"{{p{seat}}} takes back their bonus."))


# -- end of round (SEA-9, SEA-OP18) ------------------------------------------------------


def _end_round(state, task, log):
    for seat in order_from(state, state["first"]):
        schedule(state, "round_effects", who=seat)
    schedule(state, "marker")
    schedule(state, "next_round")


def _round_effects(state, task, log):
    seat = task["who"]
    for inst in list(state["p"][seat]["play"]):
        entry = CARDS[number(inst["id"])]
        if entry.end_of_round is not None and inst in state["p"][seat]["play"]:
            entry.end_of_round(state, seat, inst, log)


def _marker(state, task, log):
    if state["ended"]:  # SEA-OP26: Temporal Boots already ended year 3
        return
    leftover = next(i for i, d in enumerate(state["dice"]) if d["by"] is None)
    move_marker(state, face_of(state, leftover).dots, log)


def _next_round(state, task, log):
    if state["ended"]:
        state["phase"] = "over"
        state["queue"] = []
        log.append(line("The third year is over: the game ends."))
        return
    state["first"] = (state["first"] + 1) % state["players"]
    for p in state["p"]:
        for inst in p["play"]:
            inst["tapped"] = False
    schedule(state, "round")


AUTOMATIC = {
    "round": _round,
    "turn": _turn,
    "die_gain": _die_gain,
    "end_round": _end_round,
    "round_effects": _round_effects,
    "marker": _marker,
    "next_round": _next_round,
}

__all__ = ["advance", "apply_move", "legal_moves", "new_state", "to_act"]
