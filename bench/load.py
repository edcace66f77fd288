"""Benchmark: HTTP load on the site as production runs it, against this
machine's ceiling.

Starts gunicorn with the production settings (DEBUG off, PostgreSQL, Redis
for the cache and the broker) on a scratch database, opens N two-player Coup
tables (five rounds to win, so games last) and lets M bot clients play them
through the JSON API only for a fixed time: each bot reads a table
(GET /api/tables/{id}) and posts one of its legal moves. A finished table is
replaced by a new one through the API. In the same run it measures:

- the web ceiling: the same M clients reading a trivial Django view served by
  the same gunicorn. The bots and these clients take turns, in slices of a
  few seconds: this machine's speed drifts over minutes, so the two rates
  are measured side by side;
- the database ceiling: pgbench running the database work of one move (lock
  the table row, update it, insert the move row) with M clients, after.

It prints moves per second, p50/p95/p99 latencies of a move and of a table
read, moves per second as a fraction of each ceiling, the CPU one read and
one move cost in the web workers and in the database's backends (from
/proc, as `ps` counts it), and the share of table and seat row updates made
in place (HOT, from pg_stat_user_tables). Not a test.

    .venv/bin/python -m bench.load [--clients 10 50] [--tables 200] [--seconds 30] [--slices 6]

Rate limits are off for the run (the bots would hit the per-player move
limit), and the emails moves cause are queued to Redis but not sent (no
worker competes for the two cores); everything else is the production path.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from harness.processes import (  # noqa: E402 - after the path is set
    BIN,
    Process,
    free_port,
    run,
    scratch_postgres,
    site_env,
    wait_for_port,
)

REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/13")
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "bench-" + "x" * 50,
    "ALLOWED_HOSTS": "127.0.0.1",
    "RATELIMIT_ENABLE": "0",
    "CELERY_BROKER_URL": REDIS,
    "REDIS_URL": REDIS,
    "LOG_LEVEL": "WARNING",
}
# The proxy in front of gunicorn would say the request came over HTTPS.
HEADERS = {"X-Forwarded-Proto": "https", "Content-Type": "application/json"}


class Client:
    """One keep-alive HTTP connection."""

    def __init__(self, port: int):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def request(self, method: str, path: str, token: str | None = None, body=None):
        headers = dict(HEADERS)
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body) if body is not None else None
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                raw = response.read()
                return response.status, raw
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt:
                    raise
        raise AssertionError("unreachable")


def setup_script(tables: int) -> str:
    return f"""
import json
from django.contrib.auth import get_user_model
from accounts.models import Profile
from accounts.tokens import token_create
from tables import services
User = get_user_model()
out = []
for i in range({tables}):
    pair = []
    for side in "ab":
        user = User.objects.create_user(f"{{side}}{{i}}", f"{{side}}{{i}}@example.org", "x")
        Profile.objects.create(user=user, notify_turn="never")
        pair.append(user)
    out.append([token_create(user=u, name="bench")[1] for u in pair])
print(json.dumps(out))
"""


def open_table(client: Client, tokens: list[str]) -> int:
    status, raw = client.request(
        "POST",
        "/api/tables",
        tokens[0],
        {"game": "coup", "max_players": 2, "time_control": "none", "options": {"rounds_to_win": 5}},
    )
    assert status == 201, raw
    table_id = json.loads(raw)["id"]
    assert client.request("POST", f"/api/tables/{table_id}/join", tokens[1])[0] == 200
    assert client.request("POST", f"/api/tables/{table_id}/start", tokens[0])[0] == 200
    return table_id


class Bot:
    """One bot client and the tables it plays, kept from slice to slice."""

    def __init__(self, port, pairs, seed):
        self.client = Client(port)
        self.pairs = pairs  # [(table_id, [token seat 0, token seat 1]), ...]
        self.to_act = {table_id: None for table_id, _ in pairs}
        self.index = 0
        self.rng = random.Random(seed)
        self.reads: list[float] = []
        self.moves: list[float] = []
        self.errors = 0
        self.conflicts = 0
        self.opened = 0

    def play_until(self, stop_at: float) -> None:
        to_act = self.to_act
        while time.monotonic() < stop_at:
            slot = self.index % len(self.pairs)
            table_id, tokens = self.pairs[slot]
            self.index += 1
            seat = to_act.get(table_id)
            token = tokens[seat if seat is not None else 0]
            start = time.perf_counter()
            status, raw = self.client.request("GET", f"/api/tables/{table_id}", token)
            self.reads.append(time.perf_counter() - start)
            table = json.loads(raw)
            if table["status"] != "active":
                self.pairs[slot] = (open_table(self.client, tokens), tokens)
                self.opened += 1
                continue
            if table["my_seat"] not in table["to_act"]:
                to_act[table_id] = table["to_act"][0]
                continue
            move = self.rng.choice(table["legal_moves"])
            start = time.perf_counter()
            status, raw = self.client.request(
                "POST",
                f"/api/tables/{table_id}/moves",
                token,
                {"version": table["version"], "move": move},
            )
            elapsed = time.perf_counter() - start
            if status == 200:
                self.moves.append(elapsed)
                answer = json.loads(raw)
                to_act[table_id] = answer["to_act"][0] if answer["to_act"] else None
            elif status == 409:
                self.conflicts += 1
            else:
                self.errors += 1


def in_threads(targets, stop_at: float) -> None:
    threads = [threading.Thread(target=target, args=(stop_at,)) for target in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU of these processes so far, as `ps` counts it."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICK


def children_of(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


class Usage:
    """CPU of the web workers and of the database's backends for this
    database (kept open between requests), and the share of row updates
    made in place (HOT), between two readings."""

    TABLES = ("tables_table", "tables_seat")

    def __init__(self, database_url: str, web_pid: int):
        import psycopg

        self.conn = psycopg.connect(database_url, autocommit=True)
        self.web_pid = web_pid

    def read(self) -> dict:
        backends = [
            pid
            for (pid,) in self.conn.execute(
                "SELECT pid FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        ]
        updates = {
            name: (upd, hot)
            for name, upd, hot in self.conn.execute(
                "SELECT relname, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables"
                " WHERE relname = ANY(%s)",
                [list(self.TABLES)],
            )
        }
        return {
            "web": cpu_seconds(children_of(self.web_pid)),
            "pg": {pid: cpu_seconds([pid]) for pid in backends},
            "updates": updates,
        }

    @staticmethod
    def cpu_between(before: dict, after: dict) -> tuple[float, float]:
        """Seconds of CPU spent by the web workers and by the database."""
        # Backends that started in between count from zero.
        pg = sum(cpu - before["pg"].get(pid, 0) for pid, cpu in after["pg"].items())
        return after["web"] - before["web"], pg

    def hot_between(self, before: dict, after: dict) -> dict:
        hot = {}
        for name in self.TABLES:
            upd0, hot0 = before["updates"].get(name, (0, 0))
            upd1, hot1 = after["updates"].get(name, (0, 0))
            hot[name] = (hot1 - hot0) / (upd1 - upd0) if upd1 > upd0 else float("nan")
        return hot


def drive(
    port: int, tokens: list[list[str]], clients: int, seconds: float, slices: int, usage: Usage
) -> dict:
    """Open the tables, then let `clients` bots play them for `seconds` in
    all, in `slices` slices; after each, as many clients read the trivial
    view for as long. The machine's speed drifts over minutes (other
    tenants): slices side by side compare the two at the same speed."""
    opener = Client(port)
    pairs = [(open_table(opener, pair), pair) for pair in tokens]
    bots = [Bot(port, pairs[i::clients], seed=i) for i in range(clients)]
    trivial = Trivial(port, clients)
    time.sleep(1)  # the statistics of the tables' opening reach pg_stat first
    first = usage.read()
    web = pg = played = 0.0
    for _ in range(slices):
        before = usage.read()
        started = time.monotonic()
        in_threads([bot.play_until for bot in bots], started + seconds / slices)
        played += time.monotonic() - started
        spent_web, spent_pg = usage.cpu_between(before, usage.read())
        web, pg = web + spent_web, pg + spent_pg
        trivial.run(seconds / slices)
    time.sleep(1)  # backends flush their statistics at most once a second
    hot = usage.hot_between(first, usage.read())
    moves = [m for b in bots for m in b.moves]
    reads = [r for b in bots for r in b.reads]
    pairs_played = max(len(moves), 1)
    return {
        "web_ms_per_pair": web * 1000 / pairs_played,
        "pg_ms_per_pair": pg * 1000 / pairs_played,
        "hot": hot,
        "moves_per_second": len(moves) / played,
        "reads_per_second": len(reads) / played,
        "move_p50": percentile(moves, 0.50),
        "move_p95": percentile(moves, 0.95),
        "move_p99": percentile(moves, 0.99),
        "read_p50": percentile(reads, 0.50),
        "read_p95": percentile(reads, 0.95),
        "read_p99": percentile(reads, 0.99),
        "errors": sum(b.errors for b in bots),
        "conflicts": sum(b.conflicts for b in bots),
        "opened": sum(b.opened for b in bots),
        **trivial.result(),
    }


class Trivial:
    """The same kind of clients reading /healthz, a trivial Django view:
    the machine's rate for requests that do nothing, and their latencies
    (the floor under any request's at this many clients)."""

    def __init__(self, port: int, clients: int):
        self.clients = [Client(port) for _ in range(clients)]
        self.latencies: list[list[float]] = [[] for _ in range(clients)]
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        def hammer(i: int, stop_at: float) -> None:
            client, mine = self.clients[i], self.latencies[i]
            while time.monotonic() < stop_at:
                start = time.perf_counter()
                status, _ = client.request("GET", "/healthz")
                mine.append(time.perf_counter() - start)
                assert status == 200

        started = time.monotonic()
        targets = [lambda stop_at, i=i: hammer(i, stop_at) for i in range(len(self.clients))]
        in_threads(targets, started + seconds)
        self.seconds += time.monotonic() - started

    def result(self) -> dict:
        every = [x for mine in self.latencies for x in mine]
        return {
            "trivial_rps": len(every) / self.seconds,
            "trivial_p50": percentile(every, 0.50),
            "trivial_p99": percentile(every, 0.99),
        }


PGBENCH_MOVE = """\
\\set id random(:lo, :hi)
BEGIN;
SELECT id FROM tables_table WHERE id = :id FOR UPDATE;
UPDATE tables_table SET version = version + 1, updated_at = now() WHERE id = :id;
INSERT INTO tables_move (table_id, seq, seat, move, log, kind, created_at)
  SELECT :id, version, 0, '{"action": "income"}', '[{"text": "{p0} takes Income.", "to": null}]',
         'player', now() FROM tables_table WHERE id = :id;
COMMIT;
"""


def pgbench(database_url: str, clients: int, seconds: int, tmp: Path) -> float:
    """Move transactions per second on the tables the bots just played."""
    import psycopg

    with psycopg.connect(database_url) as conn:
        lo, hi = conn.execute("SELECT min(id), max(id) FROM tables_table").fetchone()
    script = tmp / "move.sql"
    script.write_text(PGBENCH_MOVE)
    done = subprocess.run(
        [
            "pgbench",
            "-n",
            "-c",
            str(clients),
            "-j",
            "2",
            "-T",
            str(seconds),
            "-D",
            f"lo={lo}",
            "-D",
            f"hi={hi}",
            "-f",
            str(script),
            database_url,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    for line in done.stdout.splitlines():
        if line.startswith("tps"):
            return float(line.split("=")[1].split()[0])
    raise RuntimeError(done.stdout + done.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[10, 50])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes")
    parser.add_argument(
        "--slices", type=int, default=6, help="bots and trivial view take turns this many times"
    )
    args = parser.parse_args()

    import tempfile

    tmp = Path(tempfile.mkdtemp(prefix="tabletop-load-"))
    port = free_port()
    rows = []
    with scratch_postgres() as database:
        env = site_env(tmp, DATABASE_URL=database, **PRODUCTION)
        run(env, "manage.py", "migrate", "--noinput")
        run(env, "manage.py", "collectstatic", "--noinput")
        web = Process(
            "gunicorn",
            [
                str(BIN / "gunicorn"),
                "config.wsgi",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(args.workers),
                "--worker-class",
                "sync",
                "--keep-alive",
                "30",
            ],
            env,
            tmp,
        )
        try:
            wait_for_port(port)
            for clients in args.clients:
                tables = max(args.tables, clients * 2)
                tokens = json.loads(
                    run(env, "manage.py", "shell", "-c", setup_script(tables)).splitlines()[-1]
                )
                usage = Usage(database, web.proc.pid)
                result = drive(port, tokens, clients, args.seconds, args.slices, usage)
                result["clients"] = clients
                result["pg_tps"] = pgbench(database, clients, int(args.seconds), tmp)
                rows.append(result)
                print_row(result, args)
                run(
                    env,
                    "manage.py",
                    "shell",
                    "-c",
                    "from django.contrib.auth import get_user_model;"
                    "from tables.models import Table;"
                    "Table.objects.all().delete(); get_user_model().objects.all().delete()",
                )
        finally:
            web.stop()
            redis.Redis.from_url(REDIS).flushdb()
    print(
        "\n| clients | moves/s | move p50 / p95 / p99 (ms) | read p50 / p95 / p99 (ms) "
        "| pgbench move tx/s | trivial view req/s (p99 ms) | moves/s ÷ pgbench | moves/s ÷ trivial "
        "| CPU per read+move, web / PostgreSQL (ms) | HOT updates, tables / seats |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['clients']} | {r['moves_per_second']:.0f} "
            f"| {r['move_p50']:.0f} / {r['move_p95']:.0f} / {r['move_p99']:.0f} "
            f"| {r['read_p50']:.0f} / {r['read_p95']:.0f} / {r['read_p99']:.0f} "
            f"| {r['pg_tps']:.0f} | {r['trivial_rps']:.0f} ({r['trivial_p99']:.0f}) "
            f"| {r['moves_per_second'] / r['pg_tps']:.1%} "
            f"| {r['moves_per_second'] / r['trivial_rps']:.1%} "
            f"| {r['web_ms_per_pair']:.2f} / {r['pg_ms_per_pair']:.2f} "
            f"| {r['hot']['tables_table']:.0%} / {r['hot']['tables_seat']:.0%} |"
        )


def print_row(r: dict, args) -> None:
    print(
        f"\n{r['clients']} clients, {args.seconds:.0f} s, gunicorn {args.workers} workers:\n"
        f"  moves: {r['moves_per_second']:.1f}/s  p50 {r['move_p50']:.1f} ms  "
        f"p95 {r['move_p95']:.1f} ms  p99 {r['move_p99']:.1f} ms\n"
        f"  reads: {r['reads_per_second']:.1f}/s  p50 {r['read_p50']:.1f} ms  "
        f"p95 {r['read_p95']:.1f} ms  p99 {r['read_p99']:.1f} ms\n"
        f"  stale versions {r['conflicts']}, errors {r['errors']}, tables reopened {r['opened']}\n"
        f"  ceiling: pgbench move transaction {r['pg_tps']:.0f} tx/s, "
        f"trivial view {r['trivial_rps']:.0f} req/s "
        f"(p50 {r['trivial_p50']:.1f} ms, p99 {r['trivial_p99']:.1f} ms)\n"
        f"  moves/s = {r['moves_per_second'] / r['pg_tps']:.1%} of pgbench, "
        f"{r['moves_per_second'] / r['trivial_rps']:.1%} of the trivial view\n"
        f"  CPU of a read and a move: web workers {r['web_ms_per_pair']:.2f} ms, "
        f"PostgreSQL {r['pg_ms_per_pair']:.2f} ms\n"
        f"  updates in place (HOT): tables {r['hot']['tables_table']:.0%}, "
        f"seats {r['hot']['tables_seat']:.0%}"
    )


if __name__ == "__main__":
    main()
