"""With the broker down, moves are still accepted and saved, and the emails
they cause are sent once it is back: the outbox row is written in the move's
transaction and the worker drains it. Redis is stopped and started for real
(a server of this test's own, so other tests keep theirs)."""

from __future__ import annotations

import json
import time

import pytest

from harness.processes import free_port, run, scratch_postgres, site_env
from tests.support.http import Bot
from tests.support.servers import gunicorn, redis_server, stop_redis, worker

pytestmark = pytest.mark.celery


def test_moves_survive_a_broker_outage_and_their_emails_follow(tmp_path):
    redis_port, web_port = free_port(), free_port()
    with scratch_postgres() as database:
        env = site_env(
            tmp_path,
            DATABASE_URL=database,
            CELERY_BROKER_URL=f"redis://127.0.0.1:{redis_port}/0",
            OUTBOX_RETRY_SECONDS="2",
            ALLOWED_HOSTS="127.0.0.1",
        )
        run(env, "manage.py", "migrate", "--noinput")
        broker = redis_server(redis_port, tmp_path)
        web = gunicorn(env, tmp_path, web_port)
        background = worker(env, tmp_path)
        base = f"http://127.0.0.1:{web_port}"
        try:
            setup = json.loads(run(env, "-m", "tests.clocks.scenario", "bots").splitlines()[-1])
            table_id, tokens = setup["table"], setup["tokens"]
            table = Bot(base, tokens["0"]).get(f"/api/tables/{table_id}").json()
            actor = table["to_act"][0]
            other = 1 - actor

            # The broker goes down for real.
            stop_redis(redis_port, broker)
            started = time.monotonic()
            answer = Bot(base, tokens[str(actor)]).post(
                f"/api/tables/{table_id}/moves", {"version": 0, "move": {"action": "income"}}
            )
            assert answer.status == 200, answer.body
            assert answer.json()["version"] == 1
            assert time.monotonic() - started < 10  # the move does not hang on the broker
            report = json.loads(run(env, "-m", "tests.clocks.scenario", "report", str(table_id)))
            assert report["kinds"] == ["player"]
            assert ("turn", "pending") in [tuple(n) for n in report["notifications"]]

            # The broker comes back: the worker drains the outbox.
            broker = redis_server(redis_port, tmp_path)
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline:
                report = json.loads(
                    run(env, "-m", "tests.clocks.scenario", "report", str(table_id))
                )
                if not any(status == "pending" for _, status in report["notifications"]):
                    break
                time.sleep(2)
            else:
                pytest.fail(f"the outbox was not drained: {report}\n{background.tail()}")
            mail = "".join(p.read_text() for p in (tmp_path / "mail").iterdir())
            assert f"Subject: [Tabletop] Your turn in Coup #{table_id}" in mail
            assert f"To: {'ben' if other == 1 else 'ana'}@example.org" in mail
        finally:
            background.stop()
            web.stop()
            broker.stop()
