"""A PostgreSQL that runs out of connections, for real, without touching the
shared server's own limit: a scratch database owned by a role of its own
with a CONNECTION LIMIT, which the test fills with connections it holds
(superusers are exempt from such limits, so the site must log in as that
role). And a site, as production runs it, on that database."""

from __future__ import annotations

import json
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import pytest

from harness.processes import PG, Process, free_port, run, site_env
from tests.support.servers import gunicorn


@dataclass
class LimitedDatabase:
    url: str  # as the limited role
    role: str
    admin: psycopg.Connection  # a superuser's, on the same database
    held: list[psycopg.Connection] = field(default_factory=list)

    def backends(self) -> list[int]:
        """The role's connections other than those the test holds."""
        mine = [c.info.backend_pid for c in self.held]
        rows = self.admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE usename = %s AND NOT pid = ANY(%s)",
            (self.role, mine),
        )
        return [pid for (pid,) in rows]

    def cut_off(self, timeout: float = 10) -> None:
        """End every connection the site holds and take every one the role
        may open, until the site holds none: its pool may open a new one
        between an end and a take, so both go on until nothing of the
        site's is left and no slot is free."""
        end = time.monotonic() + timeout
        while True:
            for pid in self.backends():
                self.admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
            try:
                self.held.append(psycopg.connect(self.url, autocommit=True))
                continue
            except psycopg.OperationalError as exc:
                assert "too many connections" in str(exc), exc
            if not self.backends():
                return
            assert time.monotonic() < end, "the site keeps a connection to the database"
            time.sleep(0.02)  # an ended backend takes a moment to leave its slot

    def give_back(self) -> None:
        for connection in self.held:
            connection.close()
        self.held.clear()

    def wait_for_lock_waiter(self, timeout: float = 30) -> int:
        """The pid of the role's backend that waits for a lock."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            row = self.admin.execute(
                "SELECT pid FROM pg_stat_activity WHERE usename = %s AND wait_event_type = 'Lock'",
                (self.role,),
            ).fetchone()
            if row:
                return row[0]
            time.sleep(0.05)
        raise AssertionError("no connection of the site waits for the lock")


@contextmanager
def limited_database(limit: int = 4):
    name = uuid.uuid4().hex[:8]
    role, database = f"tabletop_limited_{name}", f"tabletop_e2e_{name}"
    try:
        admin = psycopg.connect(f"{PG}/postgres", autocommit=True)
    except psycopg.OperationalError:
        pytest.skip("PostgreSQL is not reachable")
    admin.execute(f'CREATE ROLE "{role}" LOGIN CONNECTION LIMIT {int(limit)}')
    admin.execute(f'CREATE DATABASE "{database}" OWNER "{role}"')
    server = PG.split("://", 1)[1].split("@")[-1]
    scratch = psycopg.connect(f"{PG}/{database}", autocommit=True)
    limited = LimitedDatabase(f"postgres://{role}@{server}/{database}", role, scratch)
    try:
        yield limited
    finally:
        limited.give_back()
        scratch.close()
        admin.execute(f'DROP DATABASE "{database}" WITH (FORCE)')
        admin.execute(f'DROP ROLE "{role}"')
        admin.close()


@dataclass
class Site:
    base: str
    web: Process
    env: dict
    table_id: int
    tokens: dict[str, str]

    def report(self) -> dict:
        return json.loads(
            run(self.env, "-m", "tests.clocks.scenario", "report", str(self.table_id))
        )


def production_env(var: Path, database_url: str, **extra: str) -> dict:
    """Production settings (DEBUG off, collected static files) over plain HTTP."""
    production = {
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        "SECRET_KEY": "a-test-key-that-is-long-enough-for-django-checks",
        "SECURE_SSL_REDIRECT": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
    }
    return site_env(var, **(production | extra))


@contextmanager
def production_site(var: Path, database_url: str, **extra: str):
    """gunicorn on `database_url`, migrated, with a two-player Coup table
    (tests.clocks.scenario's bots: an API token per seat)."""
    env = production_env(var, database_url, **extra)
    run(env, "manage.py", "migrate", "--noinput")
    run(env, "manage.py", "collectstatic", "--noinput", "-v0")
    port = free_port()
    web = gunicorn(env, var, port)
    try:
        setup = json.loads(run(env, "-m", "tests.clocks.scenario", "bots").splitlines()[-1])
        yield Site(f"http://127.0.0.1:{port}", web, env, setup["table"], setup["tokens"])
    finally:
        web.stop()
