"""Benchmark: seeded random playouts of every game engine that imports.

For each engine, each player count it allows and its main option
combinations (the defaults, each option moved off its default on its own, and
all of them moved together), play random games over `legal_moves` for a few
seconds of CPU and print playouts and moves per CPU second. Not a test.

    .venv/bin/python -m bench.engines [--seconds N] [--game SLUG]
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Iterator
from typing import Any

from games.engine import Engine, InvalidOptions

MODULES = ["games.coup.rules", "games.koryo.rules", "games.seasons.rules", "games.troyes.rules"]
MAX_MOVES = 100_000


def load_engines(slug: str | None) -> Iterator[Engine]:
    for path in MODULES:
        try:
            engine = importlib.import_module(path).ENGINE
        except Exception as error:  # a game still being written must not stop the others
            print(f"skipped {path}: {type(error).__name__}: {error}")
            continue
        if slug is None or engine.slug == slug:
            yield engine


def alternate_value(choices: list[Any]) -> Any:
    """A representative non-default value: the middle one of the others."""
    return choices[(len(choices) - 1) // 2]


def option_combinations(engine: Engine) -> list[dict[str, Any]]:
    alternates = {}
    for option in engine.options:
        others = [value for value, _ in option.choices if value != option.default]
        if others:
            alternates[option.key] = alternate_value(others)
    combos: list[dict[str, Any]] = [{}]
    combos += [{key: value} for key, value in alternates.items()]
    # A named choice such as a level: every value of it, not one.
    for option in engine.options:
        if all(isinstance(value, str) for value, _ in option.choices):
            combos += [
                {option.key: value}
                for value, _ in option.choices
                if value not in (option.default, alternates.get(option.key))
            ]
    if len(alternates) > 1:
        combos.append(dict(alternates))
    return combos


def play_one(engine: Engine, players: int, options: dict[str, Any], seed: int) -> int:
    """One random game to its end; returns the number of moves."""
    picker = random.Random(seed)
    state = engine.setup(players, options, seed)
    for moves in range(MAX_MOVES):
        if engine.outcome(state) is not None:
            return moves
        seat = picker.choice(engine.to_act(state))
        state = engine.apply(state, seat, picker.choice(engine.legal_moves(state, seat)))
    raise RuntimeError(f"no result after {MAX_MOVES} moves (seed {seed})")


def measure(
    engine: Engine, players: int, options: dict[str, Any], seconds: float
) -> tuple[int, int, float]:
    games = moves = 0
    # The process's CPU time: the machine's other work disturbs it less.
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        moves += play_one(engine, players, options, seed=games)
        games += 1
        elapsed = time.process_time() - start
    return games, moves, elapsed


def describe(options: dict[str, Any]) -> str:
    return " ".join(f"{key}={value}" for key, value in options.items()) or "defaults"


def bench_engine(engine: Engine, seconds: float) -> None:
    print(f"\n{engine.name} ({engine.slug})")
    print(f"  {'players':>7}  {'options':<56} {'playouts/s':>10} {'moves/s':>9} {'moves/game':>10}")
    for combo in option_combinations(engine):
        try:
            options = engine.clean_options(combo)
        except InvalidOptions as error:
            print(f"  skipped {describe(combo)}: {error}")
            continue
        low, high = engine.player_range(options)
        for players in range(low, high + 1):
            try:
                games, moves, elapsed = measure(engine, players, options, seconds)
            except Exception as error:
                print(f"  {players:>7}  {describe(combo):<56} failed: {error!r}")
                continue
            print(
                f"  {players:>7}  {describe(combo):<56} {games / elapsed:>10.0f}"
                f" {moves / elapsed:>9.0f} {moves / games:>10.1f}"
            )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per configuration")
    parser.add_argument("--game", help="only this game's slug")
    args = parser.parse_args(argv)
    engines = list(load_engines(args.game))
    if not engines:
        print("No engine to benchmark.")
    for engine in engines:
        bench_engine(engine, args.seconds)


if __name__ == "__main__":
    main()
