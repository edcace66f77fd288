"""Bots move from a real Celery worker consuming the `bots` queue, started as
the README says: a person opens "Play now against bots" for each game and
plays their turns, and the worker plays the bot's, queued as each of the
person's moves commits. On Redis with PostgreSQL, and for Coup on the
embedded default (a folder broker and SQLite) that bin/run uses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.processes import run, scratch_postgres, site_env
from tests.support.servers import worker

pytestmark = pytest.mark.celery

BOT_MOVES = 6


def play(env: dict, tmp_path: Path, game: str) -> dict:
    run(env, "manage.py", "migrate", "--noinput")
    table_id = run(env, "-m", "tests.bots.scenario", "setup", game).splitlines()[-1]
    process = worker(env, tmp_path, beat=False)
    try:
        out = run(env, "-m", "tests.bots.scenario", "drive", table_id, str(BOT_MOVES), "150")
        found = json.loads(out.splitlines()[-1])
    finally:
        process.stop()
    assert found["bot_moves"] >= BOT_MOVES or found["status"] == "finished", (
        f"{found}\n{process.tail()}"
    )
    return found


@pytest.mark.parametrize("game", ["koryo", "seasons", "troyes"])
def test_the_worker_plays_the_bots_moves_on_redis_and_postgresql(tmp_path, redis_broker, game):
    with scratch_postgres() as url:
        env = site_env(tmp_path, DATABASE_URL=url, CELERY_BROKER_URL=redis_broker)
        found = play(env, tmp_path, game)
    assert found["person_moves"] >= 1
    assert found["kinds"] == ["player"]


def test_the_worker_plays_the_bots_moves_on_the_embedded_default(tmp_path):
    found = play(site_env(tmp_path), tmp_path, "coup")
    assert found["person_moves"] >= 1
    assert found["kinds"] == ["player"]
