"""Benchmark: is any Troyes card, character or action too strong?

Plays many seeded games with random bots (uniform over legal moves) and with
greedy bots (each turn, the action that raises a rough value of their
position most, built from their own dice), then prints:
- the win rate of the holder of each character (ties share the win), against
  the fair share 1/players;
- victory points earned per game by kind of action and by activity card, and
  by the final-scoring items (supervisors, events, Cathedral, characters);
- how often each activity card was activated when it was in play.
Not a test.

    .venv/bin/python -m bench.troyes_balance [--random N] [--greedy N] [--players 2 3 4]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

from games.troyes.rules import ENGINE
from games.troyes.rules import cards as C
from games.troyes.rules import table as T


def worth(state: dict, seat: int) -> float:
    """A rough value of a position for a greedy bot: its score if the game
    ended now, plus money and influence at a discount."""
    row = T.score_sheet(state)[seat]
    return row["total"] + 0.25 * state["deniers"][seat] + 0.3 * state["ip"][seat]


def finish_build(state: dict, seat: int) -> dict | None:
    """Complete the action just chosen with own dice, highest first; None if
    it cannot be confirmed."""
    for _ in range(8):
        moves = ENGINE.legal_moves(state, seat)
        if {"action": "confirm"} in moves and len(state["build"]["dice"]) >= 3:
            break
        sup = [m for m in moves if m["action"] == "supervisor"]
        if sup:
            state = ENGINE.apply(state, seat, sup[0])
            continue
        own = [
            m for m in moves if m["action"] == "add_die" and T.die(state, m["die"])["owner"] == seat
        ]
        if not own:
            break
        best = max(own, key=lambda m: T.die(state, m["die"])["value"])
        state = ENGINE.apply(state, seat, best)
    if {"action": "confirm"} not in ENGINE.legal_moves(state, seat):
        return None
    state = ENGINE.apply(state, seat, {"action": "confirm"})
    if state["phase"] == "uses" and state["current"] == seat:
        state = ENGINE.apply(state, seat, {"action": "uses", "count": state["uses"]["max"]})
    return state


def greedy_move(state: dict, seat: int, rng: random.Random) -> dict:
    phase = state["phase"]
    moves = ENGINE.legal_moves(state, seat)
    if phase == "placement":
        return rng.choice(moves)
    if phase in ("defence", "uses"):
        return ENGINE.timeout_move(state, seat)
    if state["build"] is not None:
        return ENGINE.timeout_move(state, seat)
    base = worth(state, seat) + 0.5
    best, best_value = {"action": "pass"}, base
    for move in moves:
        if move["action"] != "choose":
            continue
        after = finish_build(ENGINE.apply(state, seat, move), seat)
        if after is None:
            continue
        value = worth(after, seat) + rng.random() * 0.1
        if value > best_value:
            best, best_value = move, value
    return best


def play_greedy_action(state: dict, seat: int, choose: dict) -> dict:
    """Apply a chosen action and complete it as `finish_build` would."""
    state = ENGINE.apply(state, seat, choose)
    done = finish_build(state, seat)
    return done if done is not None else ENGINE.apply(state, seat, {"action": "cancel"})


def credit(before: dict, move: dict) -> str:
    action = move["action"]
    if action == "confirm":
        build = before["build"]
        if build["kind"] == "card":
            return f"card {C.CARDS[build['target']].name}"
        if build["kind"] == "event":
            return "fighting events"
        return {"cathedral": "Cathedral", "citizen": "placing citizens"}.get(
            build["kind"], "Agriculture"
        )
    if action == "uses":
        return f"card {C.CARDS[before['uses']['card']].name}"
    if action in ("fight", "concede", "select_own", "select_black"):
        return "black dice"
    return "wages, events, black dice failed"


def play(players: int, seed: int, greedy: bool, stats: dict) -> None:
    rng = random.Random(seed)
    state = ENGINE.setup(players, {}, seed)
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_act(state)[0]
        before = state
        if greedy and state["phase"] == "actions" and state["build"] is None:
            move = greedy_move(state, seat, rng)
            if move["action"] == "choose":
                state = play_greedy_action(state, seat, move)
                key = _choose_key(move)
                for s in range(players):
                    stats["action_vp"][key] += state["vp"][s] - before["vp"][s]
                stats["used"][key] += 1
                continue
        else:
            move = (
                greedy_move(state, seat, rng)
                if greedy
                else rng.choice(ENGINE.legal_moves(state, seat))
            )
        state = ENGINE.apply(state, seat, move)
        key = credit(before, move)
        for s in range(players):
            stats["action_vp"][key] += state["vp"][s] - before["vp"][s]
        if move["action"] in ("confirm", "uses") and key.startswith("card"):
            stats["used"][key] += move["action"] == "confirm"
    outcome = ENGINE.outcome(state)
    winners = outcome.winners
    stats["games"] += 1
    for seat, dealt in enumerate(state["characters"]):
        for cid in dealt:
            stats["held"][cid] += 1
            if seat in winners:
                stats["wins"][cid] += 1 / len(winners)
    for row in state["final"]:
        stats["final"]["supervisors"] += row["supervisors"]
        stats["final"]["events won"] += row["events_won"]
        stats["final"]["events present"] += row["events_present"]
        stats["final"]["Cathedral levels missing"] += row["cathedral"]
        for c in row["characters"]:
            stats["final"][f"character {c['name']}"] += c["points"]
            stats["char_points"][c["id"]] += c["points"]
        stats["final"]["total"] += row["total"]
    for cid in T.revealed_cards(state):
        stats["in_play"][f"card {C.CARDS[cid].name}"] += 1


def _choose_key(move: dict) -> str:
    kind = move["kind"]
    if kind == "card":
        return f"card {C.CARDS[move['card']].name}"
    if kind == "event":
        return "fighting events"
    return {"cathedral": "Cathedral", "citizen": "placing citizens"}.get(kind, "Agriculture")


def new_stats() -> dict:
    return {
        "games": 0,
        "held": defaultdict(int),
        "wins": defaultdict(float),
        "action_vp": defaultdict(int),
        "used": defaultdict(int),
        "in_play": defaultdict(int),
        "final": defaultdict(int),
        "char_points": defaultdict(int),
    }


def report(title: str, players: int, stats: dict, seconds: float) -> None:
    games = stats["games"]
    print(f"\n== {title}, {players} players: {games} games in {seconds:.1f} s")
    print("  win rate of each character's holder (fair share "
          f"{100 / players:.0f}%):")  # fmt: skip
    for ch in C.CHARACTERS:
        held = stats["held"][ch.id]
        if held:
            rate = 100 * stats["wins"][ch.id] / held
            print(f"    {ch.name:<20} {rate:5.1f}%  ({held} held)")
    print("  victory points per game, by source (all players):")
    rows = list(stats["action_vp"].items()) + list(stats["final"].items())
    for key, total in sorted(rows, key=lambda kv: -abs(kv[1])):
        if key == "total":
            continue
        print(f"    {key:<34} {total / games:+7.2f}")
    print(f"    {'final total, per player':<34} {stats['final']['total'] / games / players:+7.2f}")
    print("  activations per game in which the card was face up:")
    for key, count in sorted(stats["in_play"].items()):
        print(f"    {key:<34} {stats['used'][key] / count:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=1000, help="random games per count")
    parser.add_argument("--greedy", type=int, default=200, help="greedy games per count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    args = parser.parse_args()
    for players in args.players:
        for title, count, greedy in (("random", args.random, False), ("greedy", args.greedy, True)):
            if not count:
                continue
            stats = new_stats()
            start = time.perf_counter()
            for seed in range(count):
                play(players, seed, greedy, stats)
            report(title, players, stats, time.perf_counter() - start)


if __name__ == "__main__":
    main()
