"""A table with a tiny time control, left alone, plays to its end by itself:
reminders, timeout moves, then the dropped players' seats, all by a real
Celery worker with beat, started as the README says, on Redis with
PostgreSQL, and on the embedded default (a folder broker and SQLite)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import psycopg
import pytest
import redis

ROOT = Path(__file__).resolve().parents[2]
PG = os.environ.get("E2E_POSTGRES", "postgres://postgres@127.0.0.1:5432")
REDIS = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")

pytestmark = pytest.mark.celery


def run(env: dict, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip()


@pytest.fixture
def postgres_db():
    name = f"tabletop_e2e_{uuid.uuid4().hex[:8]}"
    try:
        admin = psycopg.connect(f"{PG}/postgres", autocommit=True)
    except psycopg.OperationalError:
        pytest.skip("PostgreSQL is not reachable")
    admin.execute(f'CREATE DATABASE "{name}"')
    yield f"{PG}/{name}"
    admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    admin.close()


@pytest.fixture
def redis_broker():
    client = redis.Redis.from_url(REDIS)
    try:
        client.flushdb()
    except redis.ConnectionError:
        pytest.skip("Redis is not reachable")
    yield REDIS
    client.flushdb()


def base_env(tmp_path: Path) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "CELERY_BROKER_URL", "DJANGO_SETTINGS_MODULE"}
    }
    env.update(
        VAR_DIR=str(tmp_path / "var"),
        EMAIL_URL=f"file://{tmp_path / 'mail'}",
        SWEEP_SECONDS="1",
        DEBUG="1",
        PYTHONPATH=f"{ROOT / 'platform'}:{ROOT}",
    )
    return env


def play_alone(env: dict, tmp_path: Path) -> dict:
    run(env, "manage.py", "migrate", "--noinput")
    table_id = run(env, "-m", "tests.clocks.scenario", "setup").splitlines()[-1]
    celery = Path(sys.executable).with_name("celery")
    log = open(tmp_path / "worker.log", "w")  # noqa: SIM115 - closed below
    worker = subprocess.Popen(
        [
            str(celery),
            "-A",
            "config",
            "worker",
            "--beat",
            "--concurrency",
            "1",
            "--loglevel",
            "info",
            "--schedule",
            str(tmp_path / "beat-schedule"),
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 150
        while time.monotonic() < deadline:
            report = json.loads(run(env, "-m", "tests.clocks.scenario", "report", table_id))
            if report["status"] == "finished" and not any(
                status == "pending" for _, status in report["notifications"]
            ):
                return report
            time.sleep(2)
        pytest.fail(
            f"the table did not finish: {report}\n{(tmp_path / 'worker.log').read_text()[-3000:]}"
        )
    finally:
        worker.terminate()
        worker.wait(timeout=30)
        log.close()


def check(report: dict, tmp_path: Path) -> None:
    assert report["status"] == "finished"
    assert report["kinds"].count("timeout") == 4  # two each, then both dropped
    assert "dropped" in report["kinds"] and "player" not in report["kinds"]
    assert sorted(report["dropped"]) == [0, 1]
    assert report["outcome"]["dropped"] == [0, 1]
    sent = {kind for kind, status in report["notifications"] if status == "sent"}
    assert {"turn", "reminder", "game_over"} <= sent
    mail = "".join(p.read_text() for p in (tmp_path / "mail").iterdir())
    assert "Subject: [Tabletop] Your time is nearly out in Coup" in mail
    assert "Subject: [Tabletop] Game over: Coup" in mail


def test_on_redis_and_postgresql(tmp_path, postgres_db, redis_broker):
    env = base_env(tmp_path)
    env.update(DATABASE_URL=postgres_db, CELERY_BROKER_URL=redis_broker)
    check(play_alone(env, tmp_path), tmp_path)


def test_on_the_embedded_default(tmp_path):
    env = base_env(tmp_path)  # no database, no broker: SQLite and folders in VAR_DIR
    check(play_alone(env, tmp_path), tmp_path)
