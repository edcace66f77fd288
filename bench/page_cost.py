"""Benchmark: what a table page and its poll cost early and late in a game.

Plays two six-player Coup tables (five rounds to win, so the game lasts)
through the move service, one to 5 moves and one to 500 (or, with `--game
koryo`, `seasons` or `troyes`, two four-player tables of that game; a random
Koryo game lasts some 170 moves and a Troyes game some 450, so their late
tables are read after 120 and 250), then reads each
table's page, its board partial and its poll ("nothing new") many times and
prints the median CPU time of the web process and the query count of each. The late figures should
stay within 20% of the early ones: nothing a page does grows with the game.
Not a test.

    .venv/bin/python -m bench.page_cost [--repeat 200] [--game koryo|seasons|troyes]
        [--positions FILE]

To compare two versions of the code on the same positions (a change to the
rules can send the same random moves elsewhere), `--positions FILE` saves the
two positions played to FILE, or, when FILE exists, reads them instead and
sets them on two fresh tables (whose logs are then a few lines long): run it
once in each checkout with one FILE.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]

from harness.processes import scratch_postgres  # noqa: E402 - after the path is set


def play(table, users, count: int, seed: int):
    from games import registry
    from tables import services
    from tables.models import TableState

    rng = random.Random(seed)
    engine = registry.get(table.game).engine
    by_seat = {s.number: s.user for s in table.seats.all()}
    table.refresh_from_db()
    while table.version < count:
        if not table.is_active:
            return None
        seat = rng.choice(table.to_act)
        state = TableState.objects.get(pk=table.pk).state
        move = rng.choice(engine.legal_moves(state, seat))
        services.move_submit(
            table_id=table.pk, user=by_seat[seat], version=table.version, move=move
        )
        table.refresh_from_db()
    return table


# Per game: its options, its player count, the phase that starts a turn, and
# the most moves its late table is read after (None: --late as given).
GAMES = {
    "coup": ({"rounds_to_win": 5}, 6, lambda state: state["phase"] == "turn", None),
    "seasons": (
        {"level": "archmage"},
        4,
        lambda state: bool(state["queue"]) and state["queue"][0]["k"] == "main",
        None,
    ),
    "koryo": ({}, 4, lambda state: state["phase"] == "orders", 120),
    "troyes": (
        {},
        4,
        lambda state: state["phase"] == "actions" and state["build"] is None,
        250,
    ),
}


def long_table(users, moves: int, game: str = "coup"):
    """A table in play after at least `moves` moves, at the start of ana's turn
    (so the early and late pages show the same kind of position)."""
    from tables import services

    options, players, _, _ = GAMES[game]
    for seed in range(50):
        table = services.table_create(
            creator=users[0],
            game=game,
            options=options,
            max_players=players,
            time_control="normal",
        )
        # A fixed deal, so that two runs (before and after a change) read the same games.
        type(table).objects.filter(pk=table.pk).update(seed=1000 + seed)
        for user in users[1:players]:
            services.table_join(table_id=table.pk, user=user)
        services.table_start(table_id=table.pk, user=users[0])
        table.refresh_from_db()
        played = play(table, users, moves, seed)
        while played is not None and played.is_active and not ana_to_play(played):
            # A new seed for each step: one seed replayed could pick the same answer forever.
            played = play(played, users, played.version + 1, seed + played.version)
        if played is not None and played.is_active:
            return played
    raise RuntimeError(f"no game lasted {moves} moves")


def with_positions(users, game: str, path: Path | None, early: int, late: int):
    """The early and the late table and the moves played to reach each:
    played, or read from `path` when it exists (then saved there if not)."""
    from tables.models import Table, TableState

    if path is None or not path.exists():
        tables = [long_table(users, early, game), long_table(users, late, game)]
        if path is not None:
            saved = []
            for table in tables:
                table.refresh_from_db()
                state = TableState.objects.get(pk=table.pk).state
                saved.append({"state": state, "to_act": table.to_act, "moves": table.version})
            path.write_text(json.dumps(saved))
        return tables, [t.version for t in tables]
    tables = []
    positions = json.loads(path.read_text())
    for position in positions:
        table = long_table(users, 5, game)
        TableState.objects.filter(pk=table.pk).update(state=position["state"])
        Table.objects.filter(pk=table.pk).update(to_act=position["to_act"])
        table.refresh_from_db()
        tables.append(table)
    return tables, [p["moves"] for p in positions]


def ana_to_play(table) -> bool:
    from tables.models import TableState

    state = TableState.objects.get(pk=table.pk).state
    return table.to_act == [0] and GAMES[table.game][2](state)


def count_queries(client, url: str) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code in (200, 204), (url, response.status_code)
    return len(ctx.captured_queries)


def measure_pair(client, urls: list[str], repeat: int) -> list[tuple[float, int]]:
    """Median time and query count of each URL, requests interleaved so that
    the machine's ups and downs fall on both alike."""
    for _ in range(10):
        for url in urls:
            client.get(url)
    queries = [count_queries(client, url) for url in urls]
    times: list[list[float]] = [[] for _ in urls]
    for _ in range(repeat):
        for index, url in enumerate(urls):
            start = time.process_time()
            client.get(url)
            times[index].append(time.process_time() - start)
    return [(statistics.median(t) * 1000, q) for t, q in zip(times, queries, strict=True)]


def site_users(database: str) -> list:
    """Set up Django on the scratch database (migrated, static files
    collected) and make the six players, who get no emails."""
    os.environ.update(
        DATABASE_URL=database,
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        SECRET_KEY="bench-" + "x" * 50,
        ALLOWED_HOSTS="testserver",
        SECURE_SSL_REDIRECT="0",
        CELERY_TASK_ALWAYS_EAGER="1",
        EMAIL_URL="dummy://",
        LOG_LEVEL="WARNING",
        RATELIMIT_ENABLE="0",
    )
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from accounts.models import Profile

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    users = []
    for name in ("ana", "ben", "carl", "dora", "eli", "fay"):
        user = get_user_model().objects.create_user(name, f"{name}@example.org", "x")
        Profile.objects.create(user=user, notify_turn="never", notify_game_over=False)
        users.append(user)
    return users


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=300)
    parser.add_argument("--late", type=int, default=500)
    parser.add_argument("--game", choices=sorted(GAMES), default="coup")
    parser.add_argument("--positions", type=Path, help="save the positions there, or read them")
    args = parser.parse_args()

    with scratch_postgres() as database:
        users = site_users(database)
        from django.db import connections
        from django.test import Client

        cap = GAMES[args.game][3]
        late_moves = min(args.late, cap or args.late)
        (early, late), played = with_positions(users, args.game, args.positions, 5, late_moves)
        client = Client()
        client.force_login(users[0])
        print(
            f"Median of {args.repeat} reads of a {GAMES[args.game][1]}-player {args.game} table"
            " at the start of ana's turn,"
            f" after {played[0]} and after {played[1]} moves, as ana sees it"
            f"{' (positions from ' + str(args.positions) + ')' if args.positions else ''}:\n"
        )
        print(f"{'':28}{'early':>20}{'late':>22}{'late / early':>16}")
        for label, path in (
            ("table page", "/tables/{id}/"),
            ("board partial (HTMX)", "/tables/{id}/board/"),
            ("poll, nothing new", "/tables/{id}/poll/?version={version}&status=active"),
            ("API table read", "/api/tables/{id}"),
        ):
            urls = [path.format(id=t.pk, version=t.version) for t in (early, late)]
            (t1, q1), (t2, q2) = measure_pair(client, urls, args.repeat)
            print(
                f"{label:28}{t1:9.2f} ms {q1:3d} queries{t2:9.2f} ms {q2:3d} queries"
                f"{t2 / t1:12.2f}x"
            )
        connections.close_all()


if __name__ == "__main__":
    main()
