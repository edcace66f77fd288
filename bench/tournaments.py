"""Benchmark: the Swiss pairing over random tournaments (issue 41). Not a test.

Plays `--count` random Swiss tournaments (4 to 40 players, tables of 2 to 6,
3 to 6 rounds, finishing places drawn at random) through
`tournaments.pairing.swiss_round` and prints, per player, the repeat meetings
(each sitting with someone met before counts one), the byes, and the tables
per round, each beside what it would be at best:

- repeats at best: the pigeonhole bound, max(0, (seats-1) x tables played -
  (players-1)) per player: a player cannot meet more distinct people than
  there are. It is a floor, not always reachable (a perfect schedule exists
  only for some counts);
- byes at best: rounds x (players mod seats) / players on average, and no
  player with two more than another (spread at most 1);
- tables per round at best: players // seats (every table full).

    .venv/bin/python -m bench.tournaments [--count 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "platform"))

from tournaments.pairing import (
    Player,
    bye_points,
    place_points,
    swiss_round,
    table_shape,
)


def play(n: int, seats: int, rounds: int, rng: random.Random) -> dict:
    roster = {i: Player(i, seed=i) for i in range(n)}
    history = []
    sittings: Counter[tuple[int, int]] = Counter()
    tables_played: Counter[int] = Counter()
    tables_per_round = []
    for _ in range(rounds):
        pairing = swiss_round(list(roster.values()), history, seats, rng)
        history.append(pairing)
        tables_per_round.append(len(pairing.tables))
        for table in pairing.tables:
            ranks = list(range(1, len(table) + 1))
            rng.shuffle(ranks)
            for player, points in zip(table, place_points(ranks), strict=True):
                p = roster[player]
                roster[player] = Player(p.id, p.points + points, p.byes, False, p.seed)
                tables_played[player] += 1
                for other in table:
                    if other != player:
                        sittings[(player, other)] += 1
        for player in pairing.byes:
            p = roster[player]
            roster[player] = Player(p.id, p.points + bye_points(seats), p.byes + 1, False, p.seed)
    repeats = Counter()
    for (player, _), count in sittings.items():
        repeats[player] += count - 1
    floor = {i: max(0, (seats - 1) * tables_played[i] - (n - 1)) for i in range(n)}
    byes = [p.byes for p in roster.values()]
    return {
        "repeats": sum(repeats.values()) / n,
        "repeats_floor": sum(floor.values()) / n,
        "at_floor": sum(repeats.values()) == sum(floor.values()),
        "byes": sum(byes) / n,
        "byes_best": rounds * table_shape(n, seats)[1] / n,
        "bye_spread": max(byes) - min(byes),
        "tables": sum(tables_per_round) / rounds,
        "tables_best": table_shape(n, seats)[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.process_time()
    rows = []
    for _ in range(args.count):
        n, seats, rounds = rng.randint(4, 40), rng.randint(2, 6), rng.randint(3, 6)
        rows.append((seats, play(n, seats, rounds, rng)))

    def mean(key, subset):
        return sum(r[key] for _, r in subset) / len(subset)

    print(f"{args.count} random Swiss tournaments, 4-40 players, 3-6 rounds (seed {args.seed})")
    header = "seats  count  repeats/player (floor)  at floor  byes/player (best)"
    print(header + "  max bye spread  tables/round (best)")
    for seats in range(2, 7):
        subset = [row for row in rows if row[0] == seats]
        if not subset:
            continue
        print(
            f"{seats:>5}  {len(subset):>5}  {mean('repeats', subset):>8.3f} "
            f"({mean('repeats_floor', subset):.3f})  "
            f"{sum(r['at_floor'] for _, r in subset) / len(subset):>8.0%}  "
            f"{mean('byes', subset):>8.3f} ({mean('byes_best', subset):.3f})  "
            f"{max(r['bye_spread'] for _, r in subset):>14}  "
            f"{mean('tables', subset):>8.2f} ({mean('tables_best', subset):.2f})"
        )
    print(
        f"all    {len(rows):>5}  {mean('repeats', rows):>8.3f} ({mean('repeats_floor', rows):.3f})"
        f"  {sum(r['at_floor'] for _, r in rows) / len(rows):>8.0%}"
        f"  {mean('byes', rows):>8.3f} ({mean('byes_best', rows):.3f})"
        f"  {max(r['bye_spread'] for _, r in rows):>14}"
        f"  {mean('tables', rows):>8.2f} ({mean('tables_best', rows):.2f})"
    )
    print(f"CPU {time.process_time() - started:.1f} s")


if __name__ == "__main__":
    main()
