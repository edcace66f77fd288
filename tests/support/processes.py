"""Running the site's own processes (manage.py, a worker, gunicorn, Redis)
from tests, against a scratch database."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest

ROOT = Path(__file__).resolve().parents[2]
PG = os.environ.get("E2E_POSTGRES", "postgres://postgres@127.0.0.1:5432")
BIN = Path(sys.executable).parent


def run(env: dict, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise TimeoutError(f"nothing listens on port {port}")


@contextmanager
def scratch_postgres():
    """A new, empty PostgreSQL database, dropped afterwards."""
    name = f"tabletop_e2e_{uuid.uuid4().hex[:8]}"
    try:
        admin = psycopg.connect(f"{PG}/postgres", autocommit=True)
    except psycopg.OperationalError:
        pytest.skip("PostgreSQL is not reachable")
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{PG}/{name}"
    finally:
        admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        admin.close()


def site_env(tmp_path: Path, **extra: str) -> dict:
    """The environment of a site process: files under tmp_path, emails to files."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key
        not in {
            "DATABASE_URL",
            "CELERY_BROKER_URL",
            "DJANGO_SETTINGS_MODULE",
            "DJANGO_ALLOW_ASYNC_UNSAFE",  # set for the browser tests' own process only
        }
    }
    env.update(
        VAR_DIR=str(tmp_path / "var"),
        EMAIL_URL=f"file://{tmp_path / 'mail'}",
        SWEEP_SECONDS="1",
        DEBUG="1",
        PYTHONPATH=f"{ROOT / 'platform'}:{ROOT}",
        TURN_EMAIL_DELAY_SECONDS="0",
    )
    env.update(extra)
    return env


def redis_site_env(tmp_path: Path, database: str, redis_port: int, **extra: str) -> dict:
    """The environment of a production-like site on `database` and a Redis of
    the test's own on `redis_port` (broker, cache and live events), the
    database migrated."""
    env = site_env(
        tmp_path,
        DATABASE_URL=database,
        CELERY_BROKER_URL=f"redis://127.0.0.1:{redis_port}/0",
        REDIS_URL=f"redis://127.0.0.1:{redis_port}/1",
        ALLOWED_HOSTS="127.0.0.1",
        **extra,
    )
    run(env, "manage.py", "migrate", "--noinput")
    return env


class Process:
    """A background process with its output in a log file."""

    def __init__(self, name: str, args: list[str], env: dict, tmp_path: Path):
        self.log_path = tmp_path / f"{name}.log"
        self.log = open(self.log_path, "w")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            args, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT
        )

    def tail(self, chars: int = 3000) -> str:
        return self.log_path.read_text()[-chars:]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


def worker(
    env: dict, tmp_path: Path, *, name: str = "worker", beat: bool = True, concurrency: int = 1
) -> Process:
    """A Celery worker (with beat inside it unless `beat` is False: a
    deployment runs exactly one beat)."""
    return Process(
        name,
        [
            str(BIN / "celery"),
            "-A",
            "config",
            "worker",
            *(["--beat", "--schedule", str(tmp_path / "beat-schedule")] if beat else []),
            "--hostname",
            f"{name}@%h",
            "--concurrency",
            str(concurrency),
            "-Q",
            "celery,bots",
            "--loglevel",
            "info",
        ],
        env,
        tmp_path,
    )


def redis_server(port: int, tmp_path: Path) -> Process:
    process = Process(
        f"redis-{port}",
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(tmp_path),
        ],
        os.environ.copy(),
        tmp_path,
    )
    wait_for_port(port)
    return process


def gunicorn(
    env: dict, tmp_path: Path, port: int, *, workers: int = 1, name: str = "web"
) -> Process:
    """The site as production runs it, on 127.0.0.1:`port` (waits until it listens)."""
    process = Process(
        name,
        [
            str(BIN / "gunicorn"),
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            "2",
        ],
        env,
        tmp_path,
    )
    return listening(process, port)


def listening(process: Process, port: int) -> Process:
    """The server process once it listens on `port` (stopped, with its log
    in the error, if it never does)."""
    try:
        wait_for_port(port)
    except TimeoutError:
        process.stop()
        raise AssertionError(f"{process.log_path.stem} did not start:\n{process.tail()}") from None
    return process


def uvicorn(env: dict, tmp_path: Path, port: int, *, name: str = "stream") -> Process:
    """A stream process as production runs it (config.asgi under uvicorn), on
    127.0.0.1:`port` (waits until it listens)."""
    process = Process(
        name,
        [
            str(BIN / "uvicorn"),
            "config.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--timeout-graceful-shutdown",
            "1",
        ],
        env,
        tmp_path,
    )
    return listening(process, port)


def stop_redis(port: int, process: Process) -> None:
    """Stop a Redis of the test's own, for real."""
    subprocess.run(["redis-cli", "-p", str(port), "shutdown", "nosave"], check=False)
    process.stop()
