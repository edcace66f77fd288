"""Running the site's own processes from outside, as production does: a
command of it (`run`), a server in the background with its log (`Process`),
the environment it runs with (`site_env`), a free port and waiting for it,
and a scratch PostgreSQL database for it (`scratch_postgres`)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import unittest
import uuid
from contextlib import contextmanager
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
PG = os.environ.get("E2E_POSTGRES", "postgres://postgres@127.0.0.1:5432")
BIN = Path(sys.executable).parent


def run(env: dict, *args: str) -> str:
    """What a Python command of the site (`manage.py migrate`...) prints;
    RuntimeError with the end of its errors when it fails."""
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed:\n{done.stderr[-3000:]}")
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


class PostgresUnreachable(unittest.SkipTest):
    """No PostgreSQL answers at E2E_POSTGRES. A SkipTest, so that pytest
    skips a test that needs one; a benchmark stops with the message."""


@contextmanager
def scratch_postgres():
    """A new, empty PostgreSQL database, dropped afterwards."""
    name = f"tabletop_e2e_{uuid.uuid4().hex[:8]}"
    try:
        admin = psycopg.connect(f"{PG}/postgres", autocommit=True)
    except psycopg.OperationalError:
        raise PostgresUnreachable(f"PostgreSQL is not reachable at {PG}") from None
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
