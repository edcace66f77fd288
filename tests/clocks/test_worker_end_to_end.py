"""A table with a tiny time control, left alone, plays to its end by itself:
reminders, timeout moves, then the dropped players' seats, all by a real
Celery worker with beat, started as the README says, on Redis with
PostgreSQL, and on the embedded default (a folder broker and SQLite)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from harness.processes import run, scratch_postgres, site_env
from tests.support.servers import worker

pytestmark = pytest.mark.celery


@pytest.fixture
def postgres_db():
    with scratch_postgres() as url:
        yield url


def play_alone(env: dict, tmp_path: Path) -> dict:
    run(env, "manage.py", "migrate", "--noinput")
    table_id = run(env, "-m", "tests.clocks.scenario", "setup").splitlines()[-1]
    process = worker(env, tmp_path)
    try:
        deadline = time.monotonic() + 150
        while time.monotonic() < deadline:
            report = json.loads(run(env, "-m", "tests.clocks.scenario", "report", table_id))
            if report["status"] == "finished" and not any(
                status == "pending" for _, status in report["notifications"]
            ):
                return report
            time.sleep(2)
        pytest.fail(f"the table did not finish: {report}\n{process.tail()}")
    finally:
        process.stop()


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
    env = site_env(tmp_path, DATABASE_URL=postgres_db, CELERY_BROKER_URL=redis_broker)
    check(play_alone(env, tmp_path), tmp_path)


def test_on_the_embedded_default(tmp_path):
    # No database, no broker: SQLite and folders in VAR_DIR. A slower pair, so
    # a longer bank keeps the reminder clear of the timeout it announces.
    env = site_env(tmp_path, SCENARIO_BANK_SECONDS="12")
    check(play_alone(env, tmp_path), tmp_path)
