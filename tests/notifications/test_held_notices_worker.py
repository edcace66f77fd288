"""Held turn emails with a real worker: nothing goes before the player's
hours start, then one email for the three games."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime

import pytest

from harness.processes import run, scratch_postgres, site_env
from tests.support.servers import worker

pytestmark = pytest.mark.celery

OPENS_IN = 15  # seconds: enough for the worker to start first


def mail_to_ben(tmp_path) -> list[str]:
    folder = tmp_path / "mail"
    if not folder.exists():
        return []
    messages = "".join(p.read_text() for p in folder.iterdir()).split("Subject: ")
    return [m.splitlines()[0] for m in messages if "To: ben@example.org" in m]


def test_held_emails_go_as_one_when_the_hours_start(tmp_path, redis_broker):
    with scratch_postgres() as db:
        env = site_env(
            tmp_path,
            DATABASE_URL=db,
            CELERY_BROKER_URL=redis_broker,
            OUTBOX_RETRY_SECONDS="1",
        )
        run(env, "manage.py", "migrate", "--noinput")
        process = worker(env, tmp_path)
        try:
            setup = json.loads(
                run(env, "-m", "tests.notifications.held", "setup", str(OPENS_IN)).splitlines()[-1]
            )
            opening = datetime.fromisoformat(setup["opening"])
            # Until the hours start, the worker (its beat drains the outbox
            # every second) sends Ben nothing.
            while datetime.now(UTC) < opening:
                assert mail_to_ben(tmp_path) == [], process.tail()
                time.sleep(0.5)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not mail_to_ben(tmp_path):
                time.sleep(0.5)
            time.sleep(2)  # a second email, if any, would come now
            report = run(env, "-m", "tests.notifications.held", "report")
        finally:
            process.stop()
    assert mail_to_ben(tmp_path) == ["[Tabletop] While you were away: 3 games wait for you"], (
        report,
        process.tail(),
    )
    assert [status for _, status, _ in json.loads(report)["rows"]] == ["sent"] * 3, report
