"""With Redis (the cache) down, the site keeps playing: the rate limits count
in each process instead (an outage neither refuses every request nor lifts
the log-in limit), presence is skipped, and the failure is logged once a
minute at most. Redis is a server of the test's own, stopped for real under
a running site."""

from __future__ import annotations

import json

import pytest

from harness.processes import free_port, run, scratch_postgres, site_env
from tests.support.http import Bot, Browser
from tests.support.servers import gunicorn, redis_server, stop_redis

pytestmark = pytest.mark.site

PASSWORD = "x-long-pass-1"  # tests.clocks.scenario's players
OUTAGE_LINE = "The cache (Redis) cannot be reached"


def test_a_site_whose_redis_stops_goes_on_playing_and_keeps_the_log_in_limit(tmp_path):
    redis_port, web_port = free_port(), free_port()
    with scratch_postgres() as database:
        env = site_env(
            tmp_path,
            DATABASE_URL=database,
            REDIS_URL=f"redis://127.0.0.1:{redis_port}/0",
            CELERY_BROKER_URL=f"redis://127.0.0.1:{redis_port}/1",
            RATELIMIT_ENABLE="1",
            ALLOWED_HOSTS="127.0.0.1",
        )
        run(env, "manage.py", "migrate", "--noinput")
        redis = redis_server(redis_port, tmp_path)
        # One worker process: its own count is then the whole count.
        web = gunicorn(env, tmp_path, web_port, workers=1)
        base = f"http://127.0.0.1:{web_port}"
        try:
            setup = json.loads(run(env, "-m", "tests.clocks.scenario", "bots").splitlines()[-1])
            table_id, tokens = setup["table"], setup["tokens"]
            table = Bot(base, tokens["0"]).get(f"/api/tables/{table_id}").json()
            actor = table["to_act"][0]
            # Failed log-ins counted while Redis is up.
            for _ in range(3):
                assert Browser(base).log_in("ben", "wrong").status == 200

            stop_redis(redis_port, redis)

            move = Bot(base, tokens[str(actor)]).post(
                f"/api/tables/{table_id}/moves", {"version": 0, "move": {"action": "income"}}
            )
            assert move.status == 200, move.body
            assert move.json()["version"] == 1
            ana = Browser(base)
            logged_in = ana.log_in("ana", PASSWORD)
            assert logged_in.status == 302, logged_in.body[-2000:]
            lobby = ana.get("/")
            assert lobby.status == 200 and "Log out" in lobby.body
            assert ana.get(f"/tables/{table_id}/").status == 200
            said = Bot(base, tokens["1"]).post(
                f"/api/tables/{table_id}/chat", {"text": "still here"}
            )
            assert said.status == 201, said.body
            page = ana.post_form(f"/tables/{table_id}/chat/post/", {"text": "me too"})
            assert page.status == 302, page.body[-2000:]

            # The account's limit holds: ten failed log-ins a minute. This
            # process counts from the outage on (what Redis had counted is
            # out of its reach), so the eleventh is refused, or, should the
            # minute's window turn meanwhile, one more window's ten later.
            answers = []
            while len(answers) < 21 and 429 not in answers:
                answers.append(Browser(base).log_in("ben", "wrong").status)
            assert answers[:10] == [200] * 10 and answers[-1] == 429, answers
            assert set(answers[:-1]) == {200}

            log = web.tail(200_000)
            assert log.count(OUTAGE_LINE) == 1, log[-3000:]
            report = json.loads(run(env, "-m", "tests.clocks.scenario", "report", str(table_id)))
            assert report["version"] == 1
        finally:
            web.stop()
            redis.stop()
