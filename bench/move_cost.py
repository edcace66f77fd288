"""Benchmark: what one move through the table page's form costs the web
process, and what the page and the board the other player's page fetches
on the move's event cost.

Two-player tables of one game, with the settings `bench.capacity` runs (turn
emails off, Celery eager): ana and ben play random legal moves; each of the
moves is posted by its player as the page posts it (HTMX, the board's form),
and after it the other player's board partial and a table page are read.
Prints the median CPU time of the web process and the query count of each
request. Not a test.

    .venv/bin/python -m bench.move_cost [--game coup] [--moves 300] [--profile 25] [--of page]

`--profile N` also prints the N functions that took the most time inside one
kind of request (`--of`: the move, the other player's board or the table
page; cProfile on the process's CPU time, cumulative).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]

from bench.capacity.server import GAMES as OPTIONS  # noqa: E402
from bench.page_cost import site_users  # noqa: E402 - after the path is set
from harness.processes import scratch_postgres  # noqa: E402

SHOW_QUERIES = False


def new_table(users, game: str, seed: int):
    from tables import services

    table = services.table_create(
        creator=users[0], game=game, options=OPTIONS[game], max_players=2, time_control="normal"
    )
    type(table).objects.filter(pk=table.pk).update(seed=seed)
    services.table_join(table_id=table.pk, user=users[1])
    services.table_start(table_id=table.pk, user=users[0])
    table.refresh_from_db()
    return table


def timed(client, method: str, url: str, **kwargs):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        # The web process's CPU, which bounds how many pages a machine holds
        # (and which the machine's other work disturbs less than the clock).
        start = time.process_time()
        response = getattr(client, method)(url, **kwargs)
        took = time.process_time() - start
    assert response.status_code == 200, (url, response.status_code, response.content[:300])
    if SHOW_QUERIES:
        print(f"-- {method.upper()} {url}")
        for query in ctx.captured_queries:
            print("   ", query["sql"][:240])
    return took, len(ctx.captured_queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(OPTIONS), default="coup")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    parser.add_argument("--of", choices=("move", "board", "page"), default="move")
    parser.add_argument("--queries", action="store_true", help="print each request's SQL")
    args = parser.parse_args()
    global SHOW_QUERIES
    SHOW_QUERIES = args.queries

    with scratch_postgres() as database:
        users = site_users(database)
        from django.db import connections
        from django.test import Client

        from games import registry
        from tables.models import Table, TableState

        engine = registry.get(args.game).engine
        clients = []
        for user in users[:2]:
            client = Client(HTTP_HX_REQUEST="true")
            client.force_login(user)
            clients.append(client)
        rng = random.Random(7)
        figures: dict[str, list[tuple[float, int]]] = {"move": [], "board": [], "page": []}
        profile = cProfile.Profile(time.process_time) if args.profile else None
        table, seed = new_table(users, args.game, 1000), 1000
        while len(figures["move"]) < args.moves:
            table.refresh_from_db()
            if not table.is_active:
                seed += 1
                table = new_table(users, args.game, seed)
            seat = rng.choice(table.to_act)
            state = TableState.objects.get(pk=table.pk).state
            move = rng.choice(engine.legal_moves(state, seat))
            data = {"move": json.dumps(move), "version": table.version}
            other = clients[1 - seat]
            for kind, client, method, url, extra in (
                ("move", clients[seat], "post", f"/tables/{table.pk}/move/", {"data": data}),
                ("board", other, "get", f"/tables/{table.pk}/board/", {}),
                ("page", other, "get", f"/tables/{table.pk}/", {"HTTP_HX_REQUEST": ""}),
            ):
                profiled = profile is not None and kind == args.of
                if profiled:
                    profile.enable()
                figures[kind].append(timed(client, method, url, **extra))
                if profiled:
                    profile.disable()
        tables = Table.objects.filter(game=args.game).count()
        if SHOW_QUERIES or args.profile:
            moves = [t for t, _ in figures[args.of]]
            for start in range(0, len(moves), 25):
                chunk = moves[start : start + 25]
                took = statistics.median(chunk) * 1000
                print(f"  {args.of} after moves {start}-{start + len(chunk)}: {took:.1f} ms")
        print(f"{args.moves} moves of two-player {args.game} on {tables} tables:")
        for kind, label in (
            ("move", "move (form post, HTMX)"),
            ("board", "other player's board"),
            ("page", "table page"),
        ):
            took = statistics.median(t for t, _ in figures[kind]) * 1000
            queries = statistics.median(q for _, q in figures[kind])
            print(f"  {label:26}{took:8.2f} ms CPU  {queries:4.0f} queries (medians)")
        if profile:
            for order in ("cumulative", "tottime"):
                pstats.Stats(profile).sort_stats(order).print_stats(args.profile)
        connections.close_all()


if __name__ == "__main__":
    main()
