"""Benchmark: how strong and how quick the bots are (issue 27, "Measured").

For each game, at two players and at its largest count, seeded games between
a hard bot and the others: hard against uniformly random players, against
easy bots and against medium bots (hard in one seat, the other level in all
the others; hard's seat moves round the table from game to game). Prints
hard's win rate with its 95% Wilson interval (a shared win counts as a
share), the fair share, and the CPU seconds per decision (moves with two
choices or more; forced moves cost nothing) of every level, median and 95th
percentile. For Coup it also counts hard's bluffs and challenges. Then, per
game, the engine's speed (random moves a second, a whole random playout)
and what one search iteration costs with rollouts cut short as the levels
cut them. Not a test.

    .venv/bin/python -m bench.bots [--games N] [--game SLUG] [--players 2 4]
        [--against random easy medium] [--seed S] [--json var/bots.json]
    .venv/bin/python -m bench.bots --speed [--game SLUG]    # the speed figures alone
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from typing import Any

from bench.engines import load_engines
from games.bots import knowledge_for
from games.bots.arena import RANDOM, play_game
from games.bots.levels import BUDGETS
from games.bots.search import SearchBudget, tree_search
from games.engine import Engine, Rng

OPPONENTS = (RANDOM, "easy", "medium")


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class CoupTells:
    """Hard's claims and challenges in Coup, judged against the real cards."""

    def __init__(self, hard_seat: int) -> None:
        self.seat = hard_seat
        self.counts: dict[str, int] = defaultdict(int)

    def __call__(self, state: dict, seat: int, move: dict) -> None:
        from games.coup.rules.cards import ACTIONS, NOT_DUKE

        if seat != self.seat:
            return
        action = move["action"]
        hand = state["hands"][seat]
        if state["phase"] == "turn" and ACTIONS[action].claim is not None:
            claim = ACTIONS[action].claim
            honest = ("duke" not in hand) if claim == NOT_DUKE else claim in hand
            self.counts["claims"] += 1
            self.counts["bluffed claims"] += not honest
        elif action == "block":
            self.counts["blocks"] += 1
            self.counts["bluffed blocks"] += move["as"] not in hand
        elif action == "challenge":
            pending = state["pending"]
            against = state["phase"] == "challenge_action"
            holder = pending["actor"] if against else pending["blocker"]
            claim = pending["claim"] if against else pending["block_as"]
            held = state["hands"][holder]
            truthful = ("duke" not in held) if claim == NOT_DUKE else claim in held
            self.counts["challenges"] += 1
            self.counts["challenges won"] += not truthful


def run_pairing(
    engine: Engine, players: int, opponent: str, games: int, seed: int, tells: dict
) -> dict[str, Any]:
    score = 0.0
    cpu: dict[str, list[float]] = defaultdict(list)
    moves = 0
    start = time.time()
    for number in range(games):
        hard_seat = number % players
        lineup = [opponent] * players
        lineup[hard_seat] = "hard"
        watcher = CoupTells(hard_seat) if engine.slug == "coup" else None
        game = play_game(engine, lineup, {}, seed + number, on_move=watcher)
        ranks = game.outcome.ranks
        if ranks[hard_seat] == 1:
            score += 1.0 / ranks.count(1)
        for level, seconds in game.cpu.items():
            cpu[level] += seconds
        moves += game.moves
        if (number + 1) % 10 == 0:
            print(
                f"  ... {engine.slug} {players}p hard vs {opponent}: {score:g} of {number + 1}",
                file=sys.stderr,
                flush=True,
            )
        if watcher is not None:
            for key, value in watcher.counts.items():
                tells[key] = tells.get(key, 0) + value
    low, high = wilson(score, games)
    return {
        "game": engine.slug,
        "players": players,
        "opponent": opponent,
        "games": games,
        "hard_wins": score,
        "rate": score / games if games else 0.0,
        "ci": [low, high],
        "fair": 1.0 / players,
        "cpu": {
            level: {
                "decisions": len(values),
                "median": statistics.median(values),
                "p95": quantile(values, 0.95),
            }
            for level, values in cpu.items()
        },
        "moves_per_game": moves / games if games else 0.0,
        "wall_seconds": time.time() - start,
    }


# Fixed work per game for the speed figures, so that two checkouts can be
# compared run for run: seeded random games, and search iterations at
# positions spread over one game.
SPEED_PLAYOUTS = {"coup": 300, "koryo": 40, "seasons": 8, "troyes": 8}
SPEED_POSITIONS = 6
SPEED_ITERATIONS = 30


def engine_speed(engine: Engine, players: int) -> dict[str, Any]:
    """CPU figures at `players`: random moves a second and a whole random
    game; one hard search iteration with rollouts cut as the level cuts them,
    and with rollouts played to the end."""
    from bench.engines import play_one

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
    hard = BUDGETS[engine.slug]["hard"]
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
                knowledge=knowledge_for(engine.slug),
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


def print_row(row: dict[str, Any]) -> None:
    low, high = row["ci"]
    cpu = "  ".join(
        f"{level} {c['median']:.3f}/{c['p95']:.3f} s ({c['decisions']})"
        for level, c in sorted(row["cpu"].items())
    )
    print(
        f"| {row['game']:<8} | {row['players']} | hard vs {row['opponent']:<6} | {row['games']:>4} "
        f"| {100 * row['rate']:5.1f}% [{100 * low:5.1f}, {100 * high:5.1f}] "
        f"| {100 * row['fair']:4.0f}% | {cpu} |",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--game", help="only this game's slug")
    parser.add_argument("--players", type=int, nargs="*", help="player counts (default: 2 and max)")
    parser.add_argument("--against", nargs="*", default=list(OPPONENTS), choices=OPPONENTS)
    parser.add_argument("--seed", type=int, default=0, help="first game's seed")
    parser.add_argument("--no-speed", action="store_true", help="skip the engine speed figures")
    parser.add_argument("--speed", action="store_true", help="only the engine speed figures")
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args(argv)
    if args.speed:
        print("Engine speed and the search's cost (CPU seconds, fixed work):")
        for engine in load_engines(args.game):
            if engine.slug in BUDGETS:
                print_speed(engine.slug, engine_speed(engine, engine.min_players))
        return

    rows: list[dict[str, Any]] = []
    speeds: dict[str, Any] = {}
    tells: dict[str, int] = {}
    print(
        "| game | n | pairing | games | hard's wins [95% CI] | fair share "
        "| CPU s per decision, median/p95 (decisions) |"
    )
    print("|---|---|---|---|---|---|---|")
    for engine in load_engines(args.game):
        if engine.slug not in BUDGETS:
            print(f"(no bot plays {engine.slug} yet)")
            continue
        counts = args.players or sorted({engine.min_players, engine.max_players})
        for players in counts:
            for opponent in args.against:
                row = run_pairing(engine, players, opponent, args.games, args.seed, tells)
                rows.append(row)
                print_row(row)
                if args.json:  # after each pairing: a long run keeps what it has done
                    write_json(args.json, rows, speeds, tells)
        if not args.no_speed:
            speeds[engine.slug] = engine_speed(engine, engine.min_players)
            print_speed(engine.slug, speeds[engine.slug])
    if tells:
        print("\nCoup, the hard bot's table talk (judged against the real cards):")
        for key in (
            "claims",
            "bluffed claims",
            "blocks",
            "bluffed blocks",
            "challenges",
            "challenges won",
        ):
            print(f"  {key}: {tells.get(key, 0)}")
    if args.json:
        write_json(args.json, rows, speeds, tells)


def write_json(path: str, rows: list, speeds: dict, tells: dict) -> None:
    with open(path, "w") as out:
        json.dump(
            {"argv": sys.argv[1:], "rows": rows, "speed": speeds, "coup": tells}, out, indent=1
        )


if __name__ == "__main__":
    main()
