"""Benchmark: the per-minute deadline sweep with 100,000 active tables.

Builds a scratch PostgreSQL database with N active two-player Coup tables
(each with its state row and two seats, one of them on the clock), most of
them not late, then times:

1. a sweep that finds nothing due (the cost of scanning the indexes);
2. the reminders of a share of tables whose reminder is due;
3. the timeouts of a share of tables whose seat is late (each plays its
   timeout move through the move service, as in production);
4. side by side, as many API moves (POST /api/tables/{id}/moves, through
   Django's request handler and middleware, token auth) on tables of the
   same kind, by the player on the clock, in the same process and database.

It prints the sweep's figures per 1,000 tables, the cost of one timeout and
of one API move, and their ratio. Production settings (DEBUG off). Not a test.

    .venv/bin/python -m bench.sweep [--tables 100000] [--late 1000] [--keep]

PostgreSQL is reached at $BENCH_POSTGRES (default postgres://postgres@127.0.0.1:5432),
and the emails the sweep causes are queued to Redis at $BENCH_REDIS (default
redis://127.0.0.1:6379/14, emptied afterwards), as in production.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]
SERVER = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432")


def create_database() -> str:
    import psycopg

    name = f"tabletop_bench_{uuid.uuid4().hex[:6]}"
    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    return name


def drop_database(name: str) -> None:
    import psycopg

    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def populate(count: int, late: int, reminders: int, now: datetime) -> None:
    """Insert the tables with set-based SQL (bulk_create would take minutes)."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    from games.coup.rules import ENGINE

    user_model = get_user_model()
    ana = user_model.objects.create_user("ana", "ana@example.org", "x")
    ben = user_model.objects.create_user("ben", "ben@example.org", "x")
    state = ENGINE.setup(2, ENGINE.clean_options({}), 1)
    first = ENGINE.to_act(state)[0]
    with connection.cursor() as cur:
        cur.execute(
            """
            INSERT INTO tables_table (game, options, max_players, status, creator_id, seed,
                engine_version, version, time_control, time_bank, time_increment, time_cap,
                max_timeouts, to_act, prompt, summary, created_at, updated_at, started_at,
                setup_log, rated)
            SELECT 'coup', %s::jsonb, 2, 'active', %s, g, 1, 0, 'normal',
                   interval '1 day', interval '1 day', interval '3 days', 3,
                   %s::jsonb, 'take a turn', '2 players left', %s, %s, %s, '[]'::jsonb, true
            FROM generate_series(1, %s) AS g
            """,
            [
                json.dumps({"factions": False, "rounds_to_win": 1, "two_player_coins": "both_one"}),
                ana.pk,
                json.dumps([first]),
                now,
                now,
                now,
                count,
            ],
        )
        cur.execute(
            "INSERT INTO coup_coupstate (table_id, state) SELECT id, %s::jsonb FROM tables_table",
            [json.dumps(state)],
        )
        # Deadlines spread over the next day; the first `late` tables are
        # past theirs, the next `reminders` are in their last 20%.
        cur.execute(
            """
            INSERT INTO tables_seat (table_id, number, user_id, joined_at, must_act,
                turn_started_at, deadline_at, remind_at, time_left, timeouts, standing_orders,
                drop_reason)
            SELECT t.id, %s, %s, %s, true, d.start, d.start + interval '1 day',
                   d.start + interval '1 day' * 0.8, interval '1 day', 0, '{}'::jsonb, ''
            FROM tables_table t
            CROSS JOIN LATERAL (SELECT CASE
                WHEN t.id <= %s THEN %s::timestamptz - interval '1 day' - interval '1 minute'
                WHEN t.id <= %s THEN %s::timestamptz - interval '1 day' * 0.9
                ELSE %s::timestamptz - interval '1 day' * 0.5 * random() END AS start) d
            """,
            [first, (ana if first == 0 else ben).pk, now, late, now, late + reminders, now, now],
        )
        cur.execute(
            """
            INSERT INTO tables_seat (table_id, number, user_id, joined_at, must_act, timeouts,
                time_left, standing_orders, drop_reason)
            SELECT id, %s, %s, %s, false, 0, interval '1 day', '{}'::jsonb, '' FROM tables_table
            """,
            [1 - first, (ben if first == 0 else ana).pk, now],
        )
        cur.execute("ANALYZE")


def api_moves(count: int, *, first: int) -> float:
    """Milliseconds per API move: `count` moves, one on each table from id
    `first` on, by the player on the clock, each the move any turn allows."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from accounts.tokens import token_create
    from tables.models import Seat

    headers = {}
    for user in get_user_model().objects.all():
        headers[user.pk] = {"HTTP_AUTHORIZATION": f"Bearer {token_create(user=user, name='b')[1]}"}
    acting = dict(
        Seat.objects.filter(must_act=True, table_id__gte=first).values_list("table_id", "user_id")
    )
    # The proxy in front of the site would say the request came over HTTPS.
    client = Client(HTTP_X_FORWARDED_PROTO="https")
    body = json.dumps({"version": 0, "move": {"action": "income"}})
    tables = list(range(first, first + count))
    # One move first: the code paths warm, as they are in the sweep's loop.
    warm = tables.pop()
    start = None
    for table_id in [warm, *tables]:
        response = client.post(
            f"/api/tables/{table_id}/moves",
            body,
            content_type="application/json",
            **headers[acting[table_id]],
        )
        assert response.status_code == 200, response.content
        start = start or time.perf_counter()
    return (time.perf_counter() - start) / len(tables) * 1000


def timed(label: str, action, per: int):
    start = time.perf_counter()
    report = action()
    elapsed = time.perf_counter() - start
    per_thousand = elapsed / per * 1000 if per else 0
    print(f"{label:<58} {elapsed * 1000:10.1f} ms   {per_thousand * 1000:9.2f} ms per 1,000 tables")
    return report, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100_000)
    parser.add_argument("--late", type=int, default=1_000)
    parser.add_argument("--reminders", type=int, default=1_000)
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    args = parser.parse_args()

    name = create_database()
    os.environ["DATABASE_URL"] = f"{SERVER}/{name}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # Emails are queued to Redis as in production (and thrown away after).
    os.environ["CELERY_BROKER_URL"] = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/14")
    os.environ.setdefault("EMAIL_URL", "dummy://")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    # As production runs: DEBUG off, the token cache in Redis; no rate limit
    # on the bench's one player.
    os.environ.update(
        DEBUG="0",
        SECRET_KEY="bench-" + "x" * 50,
        ALLOWED_HOSTS="testserver",
        RATELIMIT_ENABLE="0",
        REDIS_URL=os.environ["CELERY_BROKER_URL"],
    )
    try:
        import django

        django.setup()
        from django.core.management import call_command

        from clocks.sweep import deadlines_sweep, reminders_send, timeouts_play
        from tables.models import Move, Seat

        call_command("migrate", verbosity=0)
        # Now, not a fixed date: the API moves (step 4) run on the real clock.
        now = datetime.now(UTC)
        start = time.perf_counter()
        populate(args.tables, args.late, args.reminders, now)
        print(
            f"{args.tables:,} active tables built in {time.perf_counter() - start:.1f} s "
            f"({args.late:,} late, {args.reminders:,} due a reminder, the rest not due)\n"
        )

        n = args.tables
        # 1. Nothing due: move the clock back before every reminder.
        quiet = now - timedelta(days=1)
        timed(f"sweep, nothing due, {n:,} tables", lambda: deadlines_sweep(now=quiet), n)
        timed(f"sweep, nothing due, {n:,} tables (again)", lambda: deadlines_sweep(now=quiet), n)
        # 2. and 3. The real moment: reminders, then timeouts.
        reminded, _ = timed(
            f"reminders, {args.reminders:,} due", lambda: reminders_send(now=now), n
        )
        moves_before = Move.objects.count()
        (tables_late, timed_out), elapsed = timed(
            f"timeouts, {args.late:,} late", lambda: timeouts_play(now=now), n
        )
        assert reminded == args.reminders and timed_out == args.late, (reminded, timed_out)
        per_timeout = elapsed / timed_out * 1000
        print(
            f"  {timed_out:,} timeouts on {tables_late:,} tables "
            f"({Move.objects.count() - moves_before:,} timeout moves written): "
            f"{per_timeout:.2f} ms per timeout"
        )
        # 4. API moves on tables of the same kind that are not due.
        per_move = api_moves(args.late, first=args.late + args.reminders + 1)
        print(
            f"\n{args.late:,} API moves, one per table: {per_move:.2f} ms per move\n"
            f"a timeout costs {per_timeout / per_move:.2f}× an API move"
        )
        timed(
            f"sweep right after, nothing left due, {n:,} tables",
            lambda: deadlines_sweep(now=now),
            n,
        )
        assert Seat.objects.filter(must_act=True, deadline_at__lte=now).count() == 0
    finally:
        import redis
        from django.db import connections

        redis.Redis.from_url(os.environ["CELERY_BROKER_URL"]).flushdb()
        connections.close_all()
        if args.keep:
            print(f"kept database {name}")
        else:
            drop_database(name)


if __name__ == "__main__":
    main()
