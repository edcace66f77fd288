"""Benchmark: what a replay page costs at move 10 and at move 500 of a long game.

Plays a six-player Coup table (five rounds to win, so the game lasts)
through the move service to 500 moves, then times the replay page at move
10 and at move 500: the very first read of move 500 (no snapshot yet: it
replays the whole log once and stores the snapshots it passes), then the
median of many reads of each, and the queries of each. The late reads
should stay close to the early ones: a step replays at most
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
from tests.support.processes import scratch_postgres  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=100)
    parser.add_argument("--late", type=int, default=500)
    args = parser.parse_args()

    with scratch_postgres() as database:
        users = site_users(database)
        from django.db import connections
        from django.test import Client

        from replays.states import SNAPSHOT_EVERY

        table = long_table(users, args.late)
        late = args.late
        client = Client()
        client.force_login(users[0])
        early_url = f"/tables/{table.pk}/replay/10/"
        late_url = f"/tables/{table.pk}/replay/{late}/"

        start = time.perf_counter()
        assert client.get(late_url).status_code == 200
        first = (time.perf_counter() - start) * 1000
        (t1, q1), (t2, q2) = measure_pair(client, [early_url, late_url], args.repeat)
        print(
            f"Replay of a 6-player coup table in play after {table.version} moves, as ana"
            f" sees it (snapshots every {SNAPSHOT_EVERY} moves):\n"
        )
        print(f"{'first read of move ' + str(late) + ' (no snapshot)':40}{first:9.2f} ms")
        print(f"{'move 10, median of ' + str(args.repeat):40}{t1:9.2f} ms {q1:3d} queries")
        print(f"{f'move {late}, median of {args.repeat}':40}{t2:9.2f} ms {q2:3d} queries")
        print(f"{'late / early':40}{t2 / t1:9.2f}x")
        connections.close_all()


if __name__ == "__main__":
    main()
