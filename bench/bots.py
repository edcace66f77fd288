"""Benchmark: how strong and how quick the bots are (issue 27, "Measured").

For each game, at two players and at its largest count, seeded games between
a hard bot and the others: hard against uniformly random players, against
easy bots and against medium bots (hard in one seat, the other level in all
the others; hard's seat moves round the table from game to game). Prints
hard's win rate with its 95% Wilson interval (a shared win counts as a
share), the fair share, and the CPU per decision (process CPU time, not wall
time; moves with two choices or more, as forced moves cost nothing) of hard
and of its opponents, median and 95th percentile. For Coup it also counts
hard's bluffs and challenges against the real cards. Then, per game, the
engine's speed and what one search iteration costs. Not a test.

Games are played a chunk of every pairing in turn and saved to the results
file after each chunk; running the same command again resumes where it
stopped, so a run cut short still has figures for every pairing, and games
can run in separate processes, one results file each, merged by --report:

    .venv/bin/python -m bench.bots                        # everything, to var/bots.json
    .venv/bin/python -m bench.bots --game coup --json var/bots-coup.json [--games N]
        [--players 2 6] [--against random easy medium] [--seed S] [--chunk N]
    .venv/bin/python -m bench.bots --report var/bots-*.json   # the table of what is done
    .venv/bin/python -m bench.bots --speed [--game SLUG] [--players N]   # speed figures alone
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import sys
import time
from collections import defaultdict
from typing import Any

from bench.engines import MODULES
from games.bots import Knowledge
from games.bots.search import SearchBudget, tree_search
from games.engine import Rng
from harness.arena import RANDOM, play_game

OPPONENTS = (RANDOM, "easy", "medium")


def load_bots(slug: str | None) -> list[Knowledge]:
    """Each game's bot, as its app registers it (`<app>.bot.KNOWLEDGE`),
    read without starting the site; a game with no bot yet is named."""
    bots = []
    for path in MODULES:
        app = path.removesuffix(".rules")
        if slug is not None and app.rsplit(".", 1)[-1] != slug:
            continue
        try:
            bots.append(importlib.import_module(f"{app}.bot").KNOWLEDGE)
        except ModuleNotFoundError:
            print(f"(no bot plays {app} yet)")
    return bots


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


# CPU seconds a decision are kept as counts per whole millisecond, by level:
# the report reads only their median, 95th percentile and largest, and a
# file of every decision's time would weigh megabytes.
CpuCounts = dict[str, int]


def cpu_add(counts: CpuCounts, seconds: list[float]) -> CpuCounts:
    """Add these decisions' CPU seconds to `counts` (which it returns)."""
    for value in seconds:
        key = str(round(1000 * value))
        counts[key] = counts.get(key, 0) + 1
    return counts


def cpu_merge(*parts: CpuCounts) -> CpuCounts:
    merged: CpuCounts = {}
    for part in parts:
        for key, count in part.items():
            merged[key] = merged.get(key, 0) + count
    return merged


class Tells:
    """Hard's table talk (`Knowledge.tells`: in Coup its claims, blocks and
    challenges, judged against the real cards), counted."""

    def __init__(self, bot: Knowledge, hard_seat: int) -> None:
        self.bot, self.seat = bot, hard_seat
        self.counts: dict[str, int] = defaultdict(int)

    def __call__(self, state: dict, seat: int, move: dict) -> None:
        if seat == self.seat:
            for key in self.bot.tells(state, seat, move):
                self.counts[key] += 1


def pairing_key(slug: str, players: int, opponent: str) -> str:
    return f"{slug} {players}p {opponent}"


def new_pairing(slug: str, players: int, opponent: str) -> dict[str, Any]:
    return {
        "game": slug,
        "players": players,
        "opponent": opponent,
        # Hard's share of each game played so far, in seed order: game i has
        # seed `seed + i` and hard in seat i % players.
        "scores": [],
        # CPU of the decisions, by level: counts per millisecond (cpu_add).
        "cpu": {},
        "moves": 0,
        "cpu_seconds": 0.0,
        "tells": {},
    }


def play_more(bot: Knowledge, pairing: dict[str, Any], count: int, seed: int) -> None:
    """Play the pairing's next `count` games, adding them to it."""
    players, opponent = pairing["players"], pairing["opponent"]
    started = time.process_time()
    for number in range(len(pairing["scores"]), len(pairing["scores"]) + count):
        hard_seat = number % players
        lineup = [opponent] * players
        lineup[hard_seat] = "hard"
        watcher = Tells(bot, hard_seat)
        game = play_game(bot, lineup, {}, seed + number, on_move=watcher)
        ranks = game.outcome.ranks
        pairing["scores"].append(1.0 / ranks.count(1) if ranks[hard_seat] == 1 else 0.0)
        for level, seconds in game.cpu.items():
            cpu_add(pairing["cpu"].setdefault(level, {}), seconds)
        pairing["moves"] += game.moves
        for key, value in watcher.counts.items():
            pairing["tells"][key] = pairing["tells"].get(key, 0) + value
    pairing["cpu_seconds"] += time.process_time() - started


def summary(pairing: dict[str, Any]) -> dict[str, Any]:
    """The pairing's figures: hard's win rate and its 95% interval, the fair
    share, and each level's CPU per decision."""
    games = len(pairing["scores"])
    wins = sum(pairing["scores"])
    low, high = wilson(wins, games)
    return {
        "games": games,
        "wins": wins,
        "rate": wins / games if games else 0.0,
        "ci": (low, high),
        "fair": 1.0 / pairing["players"],
        "cpu": {level: cpu_figures(values) for level, values in pairing["cpu"].items()},
    }


def cpu_figures(counts: CpuCounts) -> dict[str, float]:
    """The number of decisions and their median, 95th percentile and
    largest CPU seconds."""
    ordered = sorted((int(key), count) for key, count in counts.items() if count)
    decisions = sum(count for _, count in ordered)
    if not decisions:
        return {"decisions": 0, "median": 0.0, "p95": 0.0, "max": 0.0}

    def nth(index: int) -> float:
        """The CPU seconds of the decision at `index` in increasing order."""
        for ms, count in ordered:
            if index < count:
                return ms / 1000
            index -= count
        raise IndexError(index)

    half = decisions // 2
    median = nth(half) if decisions % 2 else (nth(half - 1) + nth(half)) / 2
    return {
        "decisions": decisions,
        "median": median,
        "p95": nth(min(decisions - 1, int(0.95 * decisions))),
        "max": ordered[-1][0] / 1000,
    }


# Fixed work per game for the speed figures, so that two checkouts can be
# compared run for run: seeded random games, and search iterations at
# positions spread over one game.
SPEED_PLAYOUTS = {"coup": 300, "koryo": 40, "seasons": 8, "troyes": 8}
SPEED_POSITIONS = 6
SPEED_ITERATIONS = 30


def engine_speed(bot: Knowledge, players: int) -> dict[str, Any]:
    """CPU figures at `players`: random moves a second and a whole random
    game; one hard search iteration with rollouts cut as the level cuts them,
    and with rollouts played to the end."""
    from bench.engines import play_one

    engine = bot.engine
    games = SPEED_PLAYOUTS.get(engine.slug, 10)
    started = time.process_time()
    moves = sum(play_one(engine, players, {}, seed) for seed in range(games))
    playing = time.process_time() - started

    positions = []
    state = engine.setup(players, {}, 1)
    picker = Rng.from_seed(2)
    number = 0
    while engine.outcome(state) is None:
        seat = engine.to_act(state)[0]
        legal = engine.legal_moves(state, seat)
        if len(legal) > 1 and number % 7 == 0:
            positions.append((state, seat, legal))
        state = engine.apply(state, seat, legal[picker.below(len(legal))])
        number += 1
    step = max(1, len(positions) // SPEED_POSITIONS)
    positions = positions[::step][:SPEED_POSITIONS]
    hard = bot.budgets["hard"]
    per_iteration = {}
    for label, cut in (("cut", hard.rollout_moves), ("whole", None)):
        budget = SearchBudget(iterations=SPEED_ITERATIONS, rollout_moves=cut)
        started = time.process_time()
        for state, seat, legal in positions:
            tree_search(
                engine,
                engine.view(state, seat),
                legal,
                seat,
                knowledge=bot,
                budget=budget,
                rng=Rng.from_seed(3),
            )
        spent = time.process_time() - started
        per_iteration[label] = 1000 * spent / (SPEED_ITERATIONS * len(positions))
    return {
        "players": players,
        "moves_per_second": moves / playing,
        "playout_ms": 1000 * playing / games,
        "moves_per_playout": moves / games,
        "iteration_ms": per_iteration["cut"],
        "iteration_whole_ms": per_iteration["whole"],
        "rollout_moves": hard.rollout_moves,
        "hard_iterations": hard.iterations,
    }


def print_speed(slug: str, s: dict[str, Any]) -> None:
    cut = s["rollout_moves"]
    line = (
        f"  {slug} ({s['players']}p): {s['moves_per_second']:,.0f} random moves/s CPU, "
        f"a whole random game {s['playout_ms']:.1f} ms ({s['moves_per_playout']:.0f} moves); "
        f"one hard iteration {s['iteration_ms']:.2f} ms"
    )
    if cut is not None:
        line += f" with rollouts cut after {cut} moves, {s['iteration_whole_ms']:.2f} ms played out"
    print(line + f"; hard plays {s['hard_iterations']} iterations a decision", flush=True)


HEADER = (
    "| game | players | pairing | games | hard's wins [95% CI] | fair share "
    "| hard's CPU s a move, median / p95 (moves) | the other's |\n"
    "|---|---|---|---|---|---|---|---|"
)


def format_row(pairing: dict[str, Any]) -> str:
    s = summary(pairing)
    low, high = s["ci"]
    hard = s["cpu"].get("hard", cpu_figures({}))
    other = s["cpu"].get(pairing["opponent"])
    other_text = "-" if other is None else f"{other['median']:.3f} / {other['p95']:.3f}"
    return (
        f"| {pairing['game']} | {pairing['players']} | hard vs {pairing['opponent']} "
        f"| {s['games']} | {100 * s['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
        f"| {100 * s['fair']:.0f}% | {hard['median']:.3f} / {hard['p95']:.3f} "
        f"({hard['decisions']}) | {other_text} |"
    )


def print_report(data: dict[str, Any]) -> None:
    pairings = data["pairings"]
    print(HEADER)
    in_order = sorted(
        pairings.values(),
        key=lambda p: (p["game"], p["players"], OPPONENTS.index(p["opponent"])),
    )
    for pairing in in_order:
        print(format_row(pairing))
    print("\nHard's CPU seconds a move (process CPU time, moves with two choices or more):")
    per_count: dict[tuple[str, int], CpuCounts] = defaultdict(dict)
    for pairing in in_order:
        key = pairing["game"], pairing["players"]
        per_count[key] = cpu_merge(per_count[key], pairing["cpu"].get("hard", {}))
    for (slug, players), counts in per_count.items():
        c = cpu_figures(counts)
        print(
            f"  {slug} {players}p: median {c['median']:.3f}, p95 {c['p95']:.3f}, "
            f"max {c['max']:.3f} ({c['decisions']} moves)"
        )
    tells: dict[str, int] = defaultdict(int)
    for pairing in pairings.values():
        for key, value in pairing["tells"].items():
            tells[key] += value
    if tells:
        print("\nCoup, the hard bot's table talk (judged against the real cards):")
        for key in TELLS:
            print(f"  {key}: {tells.get(key, 0)}")
    for slug, speed in data.get("speed", {}).items():
        print_speed(slug, speed)


TELLS = ("claims", "bluffed claims", "blocks", "bluffed blocks", "challenges", "challenges won")


def load(paths: list[str]) -> dict[str, Any]:
    """The pairings and speeds of one or more result files, merged."""
    data: dict[str, Any] = {"pairings": {}, "speed": {}}
    for path in paths:
        try:
            with open(path) as handle:
                part = json.load(handle)
        except FileNotFoundError:
            continue
        for pairing in part.get("pairings", {}).values():
            # Files written before the counts per millisecond list every decision.
            for level, values in pairing["cpu"].items():
                if isinstance(values, list):
                    pairing["cpu"][level] = cpu_add({}, values)
        data["pairings"].update(part.get("pairings", {}))
        data["speed"].update(part.get("speed", {}))
        data.setdefault("seed", part.get("seed"))
    return data


def save(path: str, data: dict[str, Any]) -> None:
    """Written whole to a new file then renamed, so a run stopped at any
    point leaves the last chunk's results readable."""
    with open(path + ".new", "w") as out:
        json.dump(data, out, separators=(",", ":"))
    os.replace(path + ".new", path)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 1)[1],
    )
    parser.add_argument("--games", type=int, default=200, help="games per pairing (the target)")
    parser.add_argument("--game", help="only this game's slug")
    parser.add_argument("--players", type=int, nargs="*", help="player counts (default: 2 and max)")
    parser.add_argument("--against", nargs="*", default=list(OPPONENTS), choices=OPPONENTS)
    parser.add_argument("--seed", type=int, default=0, help="first game's seed")
    parser.add_argument("--chunk", type=int, default=10, help="games per pairing in turn")
    parser.add_argument(
        "--json", default="var/bots.json", help="results file, resumed if it exists"
    )
    parser.add_argument("--no-speed", action="store_true", help="skip the engine speed figures")
    parser.add_argument("--speed", action="store_true", help="only the engine speed figures")
    parser.add_argument("--report", nargs="*", help="print the table of these results files")
    args = parser.parse_args(argv)
    if args.report is not None:
        print_report(load(args.report or [args.json]))
        return
    if args.speed:
        print("Engine speed and the search's cost (CPU seconds, fixed work):")
        for bot in load_bots(args.game):
            engine = bot.engine
            for players in args.players or sorted({engine.min_players, engine.max_players}):
                print_speed(engine.slug, engine_speed(bot, players))
        return

    data = load([args.json])
    if data["pairings"] and data.get("seed") not in (None, args.seed):
        parser.error(f"{args.json} holds games from seed {data['seed']}: choose another --json")
    data["seed"] = args.seed
    os.makedirs(os.path.dirname(args.json) or ".", exist_ok=True)
    todo = []
    for bot in load_bots(args.game):
        engine = bot.engine
        for players in args.players or sorted({engine.min_players, engine.max_players}):
            for opponent in args.against:
                key = pairing_key(engine.slug, players, opponent)
                data["pairings"].setdefault(key, new_pairing(engine.slug, players, opponent))
                todo.append((bot, data["pairings"][key]))
    # A chunk of every pairing in turn, so a run stopped early has figures
    # for all of them.
    while True:
        behind = [(e, p) for e, p in todo if len(p["scores"]) < args.games]
        if not behind:
            break
        for bot, pairing in behind:
            play_more(bot, pairing, min(args.chunk, args.games - len(pairing["scores"])), args.seed)
            save(args.json, data)
            print(format_row(pairing), file=sys.stderr, flush=True)
    if not args.no_speed:
        for bot in {bot.slug: bot for bot, _ in todo}.values():
            if bot.slug not in data["speed"]:
                data["speed"][bot.slug] = engine_speed(bot, bot.engine.min_players)
                save(args.json, data)
    print_report(data)


if __name__ == "__main__":
    main()
