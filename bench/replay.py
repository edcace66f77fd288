"""Benchmark: what a replay page costs early and late in a long game.

Plays a six-player Coup table (five rounds to win, so the game lasts)
through the move service to 500 moves, then times the replay page (a step
is a player's turn) at turn 10 and at the last turn: the very first read
of the last turn (no snapshot and no list of turns yet: it replays the
whole log once to find the turns, and once more to the snapshots it
stores), then the median of many reads of each, and the queries of each.
The late reads should stay close to the early ones: a step replays at most
`SNAPSHOT_EVERY` moves from the nearest snapshot. Not a test.

    .venv/bin/python -m bench.replay [--repeat 100] [--late 500]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]

from bench.page_cost import long_table, measure_pair, site_users  # noqa: E402
from harness.processes import scratch_postgres  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=100)
    parser.add_argument("--late", type=int, default=500)
    args = parser.parse_args()

    with scratch_postgres() as database:
        users = site_users(database)
        from django.core.cache import cache
        from django.db import connections
        from django.test import Client

        from games import registry
        from replays.states import SNAPSHOT_EVERY
        from replays.turns import turns_of

        table = long_table(users, args.late)
        engine = registry.get(table.game).engine
        late = turns_of(table, engine, table.seats.count()).count
        # Found again by the first read below: the cache starts empty.
        cache.clear()
        client = Client()
        client.force_login(users[0])
        early_url = f"/tables/{table.pk}/replay/10/"
        late_url = f"/tables/{table.pk}/replay/{late}/"

        start = time.perf_counter()
        assert client.get(late_url).status_code == 200
        first = (time.perf_counter() - start) * 1000
        (t1, q1), (t2, q2) = measure_pair(client, [early_url, late_url], args.repeat)
        print(
            f"Replay of a 6-player coup table in play after {table.version} moves"
            f" ({late} turns), as ana"
            f" sees it (snapshots every {SNAPSHOT_EVERY} moves):\n"
        )
        print(f"{'first read of turn ' + str(late) + ' (no snapshot)':40}{first:9.2f} ms")
        print(f"{'turn 10, median of ' + str(args.repeat):40}{t1:9.2f} ms {q1:3d} queries")
        print(f"{f'turn {late}, median of {args.repeat}':40}{t2:9.2f} ms {q2:3d} queries")
        print(f"{'late / early':40}{t2 / t1:9.2f}x")
        connections.close_all()


if __name__ == "__main__":
    main()
