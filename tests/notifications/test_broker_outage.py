"""With the broker down, moves are still accepted and saved, and the emails
they cause are sent once it is back: the outbox row is written in the move's
transaction and the worker drains it. Redis is stopped and started for real
(a server of this test's own, so other tests keep theirs)."""

from __future__ import annotations

import json
import subprocess
import time
import urllib.request

import pytest

from tests.support.processes import (
    BIN,
    Process,
    free_port,
    redis_server,
    run,
    scratch_postgres,
    site_env,
    wait_for_port,
    worker,
)

pytestmark = pytest.mark.celery


def api(port: int, token: str, method: str, path: str, body: dict | None = None):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


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
        web = Process(
            "web",
            [
                str(BIN / "gunicorn"),
                "config.wsgi",
                "--bind",
                f"127.0.0.1:{web_port}",
                "--workers",
                "1",
                "--threads",
                "2",
            ],
            env,
            tmp_path,
        )
        background = worker(env, tmp_path)
        try:
            wait_for_port(web_port)
            setup = json.loads(run(env, "-m", "tests.clocks.scenario", "bots").splitlines()[-1])
            table_id, tokens = setup["table"], setup["tokens"]
            status, table = api(web_port, tokens["0"], "GET", f"/api/tables/{table_id}")
            actor = table["to_act"][0]
            other = 1 - actor

            # The broker goes down for real.
            subprocess.run(["redis-cli", "-p", str(redis_port), "shutdown", "nosave"], check=False)
            broker.stop()
            started = time.monotonic()
            status, answer = api(
                web_port,
                tokens[str(actor)],
                "POST",
                f"/api/tables/{table_id}/moves",
                {"version": 0, "move": {"action": "income"}},
            )
            assert status == 200, answer
            assert answer["version"] == 1
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
