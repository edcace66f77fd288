"""Turn emails counted with a real worker: a lively game among players who
have the table open sends none; a player who goes away gets exactly one for
the table, however often they are asked, until they come back."""

from __future__ import annotations

import json
import time

import pytest

from harness.processes import run, scratch_postgres, site_env
from tests.support.servers import worker

pytestmark = pytest.mark.celery


def test_turn_emails_go_only_to_the_absent_once_per_absence(tmp_path, redis_broker):
    with scratch_postgres() as db:
        env = site_env(
            tmp_path,
            DATABASE_URL=db,
            CELERY_BROKER_URL=redis_broker,
            TURN_EMAIL_DELAY_SECONDS="1",
            PRESENT_SECONDS="2",
            OUTBOX_RETRY_SECONDS="1",
        )
        run(env, "manage.py", "migrate", "--noinput")
        table_id = run(env, "-m", "tests.notifications.attention", "setup").splitlines()[-1]
        process = worker(env, tmp_path)
        try:
            time.sleep(3)  # the worker is up before anyone plays
            report = json.loads(
                run(env, "-m", "tests.notifications.attention", "play", table_id).splitlines()[-1]
            )
        finally:
            process.stop()
    assert report["status"] == "active", report
    assert report["lively"] == {"ana": 0, "ben": 0, "carl": 0}, report
    assert report["away"] == {"ana": 0, "ben": 0, "carl": 1}, (report, process.tail())
    assert report["back"] == {"ana": 0, "ben": 0, "carl": 2}, (report, process.tail())
    mail = "".join(p.read_text() for p in (tmp_path / "mail").iterdir())
    assert mail.count("Subject: [Tabletop] Your turn") >= 2
