"""Pushes sent by a real Celery worker on Redis, the site's processes apart
from the test: a move asks the absent player, the worker posts the push to
the test's push service, the test decrypts it as the phone would, the
player answers with its button, and the next question is pushed too."""

from __future__ import annotations

import json

import pytest

from harness.processes import run, scratch_postgres, site_env
from push import keys, tokens
from tests.push.conftest import SUBJECT
from tests.support.push_service import BrowserKeys, PushService, check_vapid
from tests.support.servers import worker

pytestmark = pytest.mark.celery

SCENARIO = "tests.push.worker_scenario"


def test_a_worker_pushes_the_question_and_the_next_after_an_answer(tmp_path, redis_broker):
    public, private = keys.new_pair()
    phones = {name: BrowserKeys() for name in ("ana", "ben")}
    service = PushService()
    with scratch_postgres() as db:
        env = site_env(
            tmp_path,
            DATABASE_URL=db,
            CELERY_BROKER_URL=redis_broker,
            VAPID_PUBLIC_KEY=public,
            VAPID_PRIVATE_KEY=private,
            VAPID_SUBJECT=SUBJECT,
            OUTBOX_RETRY_SECONDS="1",
        )
        run(env, "manage.py", "migrate", "--noinput")
        given = {n: {"p256dh": k.p256dh, "auth": k.auth} for n, k in phones.items()}
        setup = json.loads(run(env, "-m", SCENARIO, "setup", service.origin, json.dumps(given)))
        table = setup["table"]
        names = {seat: name for name, seat in setup["seats"].items()}
        process = worker(env, tmp_path)
        try:
            # The first player is told it is their turn; then they claim the Duke.
            service.wait_for(1)
            asked = int(run(env, "-m", SCENARIO, "tax", str(table)).splitlines()[-1])
            player = names[asked]
            first = service.wait_for(2)[1]
            assert first.path == f"/push/{player}"
            assert first.headers["topic"] == f"table-{table}"
            assert (first.headers["ttl"], first.headers["urgency"]) == ("43200", "high")
            check_vapid(first, public_key=public, subject=SUBJECT, audience=service.origin)
            payload = phones[player].decrypt(first)
            assert payload["body"].startswith(f"Respond to {names[1 - asked]}'s Tax: pass or")
            allow = next(a for a in payload["actions"] if a["title"] == "Pass")
            assert tokens.read(allow["token"]).move == {"action": "pass"}

            # The player allows it from the notification: their own turn
            # follows, and their phone hears of it.
            said = json.loads(run(env, "-m", SCENARIO, "answer", str(table), allow["token"]))
            assert said["status"] == 200, said
            second = service.wait_for(3)[2]
            assert second.path == f"/push/{player}"
            assert phones[player].decrypt(second)["body"] == "Take a turn."
            report = json.loads(run(env, "-m", SCENARIO, "report", str(table)))
        finally:
            process.stop()
            service.close()
    assert [status for _, _, status in report].count("sent") == 3, (report, process.tail())
    assert len(service.received) == 3
