"""The site under load: one checkout's code run as production runs it, on a
scratch database, and the tables and players it starts with."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bench.load import children_of
from harness.processes import free_port, site_env, wait_for_port

REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/7")
# Two-player tables that last: their options at creation.
GAMES = {
    "coup": {"rounds_to_win": 5},
    "koryo": {},
    "seasons": {"level": "archmage"},
    "troyes": {},
}


class Site:
    """gunicorn, a stream process (uvicorn, for a checkout whose pages have
    event streams) and a Celery worker (with beat) running one checkout's
    code on a scratch database, with the production settings."""

    def __init__(self, tree: Path, tmp: Path, database: str, args):
        self.tree = tree
        venv = tree / ".venv" / "bin" / "python"
        self.python = str(venv) if venv.exists() else sys.executable
        self.tmp = tmp
        self.database = database
        self.port = free_port()
        self.stream_port = free_port()
        # A checkout from before event streams has no live app: its pages poll.
        self.streams = (tree / "platform" / "live").is_dir()
        self.env = site_env(
            tmp,
            DATABASE_URL=database,
            PYTHONPATH=f"{tree / 'platform'}:{tree}",
            DEBUG="0",
            SECRET_KEY="bench-" + "x" * 50,
            ALLOWED_HOSTS="127.0.0.1",
            CELERY_BROKER_URL=REDIS,
            REDIS_URL=REDIS,
            LOG_LEVEL="WARNING",
            SWEEP_SECONDS="60",
            TABLE_POLL_SECONDS=str(args.poll_seconds),
            HEADER_POLL_SECONDS=str(args.header_seconds),
            TURN_EMAIL_DELAY_SECONDS=str(args.email_delay),
            PRESENT_SECONDS=str(args.present_seconds),
        )
        self.processes: list[tuple[subprocess.Popen, object]] = []
        self.web: subprocess.Popen | None = None
        self.stream: subprocess.Popen | None = None
        self.worker: subprocess.Popen | None = None
        self.worker_log = tmp / "worker.log"

    def manage(self, *args: str) -> str:
        done = subprocess.run(
            [self.python, str(self.tree / "manage.py"), *args],
            cwd=self.tree,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if done.returncode != 0:
            raise RuntimeError(f"manage.py {args[0]} failed:\n{done.stderr[-3000:]}")
        return done.stdout.strip()

    def check_code(self) -> None:
        """The processes must import the tree's packages, not this checkout's."""
        found = subprocess.run(
            [self.python, "-c", "import config, games; print(config.__file__, games.__file__)"],
            cwd=self.tree,
            env=self.env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        for path in found:
            if not Path(path).resolve().is_relative_to(self.tree.resolve()):
                raise RuntimeError(f"the site would run {path}, outside {self.tree}")

    def _start(self, name: str, args: list[str]) -> subprocess.Popen:
        log = open(self.tmp / f"{name}.log", "w")  # noqa: SIM115 - closed in stop()
        proc = subprocess.Popen(
            [self.python, "-m", *args],
            cwd=self.tree,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self.processes.append((proc, log))
        return proc

    def start(self, workers: int, celery_concurrency: int) -> None:
        self.check_code()
        self.manage("migrate", "--noinput")
        self.manage("collectstatic", "--noinput")
        self.web = self._start(
            "gunicorn",
            [
                "gunicorn",
                "config.wsgi",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(workers),
                "--worker-class",
                "sync",
            ],
        )
        if self.streams:
            self.stream = self._start(
                "uvicorn",
                [
                    "uvicorn",
                    "config.asgi:application",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.stream_port),
                    "--log-level",
                    "warning",
                    "--no-access-log",
                ],
            )
        self.worker = self._start(
            "worker",
            [
                "celery",
                "-A",
                "config",
                "worker",
                "--beat",
                "--concurrency",
                str(celery_concurrency),
                "--loglevel",
                "info",
                "--schedule",
                str(self.tmp / "beat-schedule"),
            ],
        )
        wait_for_port(self.port, timeout=60)
        if self.streams:
            wait_for_port(self.stream_port, timeout=60)

    def web_pids(self) -> list[int]:
        return children_of(self.web.pid) if self.web else []

    def stream_pids(self) -> list[int]:
        return [self.stream.pid, *children_of(self.stream.pid)] if self.stream else []

    def worker_pids(self) -> list[int]:
        return [self.worker.pid, *children_of(self.worker.pid)] if self.worker else []

    def stop(self) -> None:
        for proc, log in reversed(self.processes):
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
            log.close()

    def commit(self) -> str:
        done = subprocess.run(
            ["git", "-C", str(self.tree), "log", "-1", "--format=%h %s"],
            capture_output=True,
            text=True,
        )
        return done.stdout.strip() or "not a git checkout"


# Run by the site's own manage.py shell, through the services the site's
# views call: `count` two-player tables from number `first` on, started, each
# with two new players who have a session (as if they had logged in) and, if
# asked, an API token. Printed as JSON on the last line.
SETUP_SCRIPT = """
import io, json
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from tables import services
from tables.models import Table

cookie = settings.SESSION_COOKIE_NAME
players, tables = {{}}, []

def player(name):
    user = get_user_model().objects.create_user(name, name + "@example.org", None)
    client = Client()
    client.force_login(user)
    token = io.StringIO()
    if {tokens!r}:
        call_command("api_token", name, "--name", "bench", stdout=token, stderr=io.StringIO())
    players[name] = [client.cookies[cookie].value, token.getvalue().strip()]
    return user

for index in range({first}, {first} + {count}):
    names = [f"p{{index}}a", f"p{{index}}b"]
    creator, other = player(names[0]), player(names[1])
    table = services.table_create(
        creator=creator, game={game!r}, options={options!r}, max_players=2, time_control="normal"
    )
    services.table_join(table_id=table.pk, user=other)
    Table.objects.filter(pk=table.pk).update(seed=index)  # the same games on every run
    table = services.table_start(table_id=table.pk, user=creator)
    by_seat = {{s.number: s.user.username for s in table.seats.select_related("user")}}
    tables.append([table.pk, names, table.version, [by_seat[n] for n in table.to_act]])
print(json.dumps({{"cookie": cookie, "players": players, "tables": tables}}))
"""
