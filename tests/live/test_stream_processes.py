"""The live pages as production runs them: two web processes (gunicorn) and
two stream processes (uvicorn) on one Redis and one PostgreSQL. A move made
through either web process reaches the streams held by both stream
processes; a stream dropped from one resumes on the other from its last
event id and misses nothing; with Redis gone the moves go on, the streams
end and new ones are refused (the pages poll), and once it is back they
open again and catch up."""

from __future__ import annotations

import json
import time

import pytest

from harness.processes import free_port, run, scratch_postgres, site_env
from live import channels
from tests.support.http import Bot
from tests.support.servers import gunicorn, redis_server, redis_site_env, stop_redis, uvicorn
from tests.support.sse import open_stream

pytestmark = [pytest.mark.site]


def income(bot: Bot, table_id: int) -> int:
    """A move of the seat asked (Income while it is a turn, else a pass)."""
    state = bot.get(f"/api/tables/{table_id}").json()
    move = next(
        (m for m in state["legal_moves"] if m.get("action") == "income"), state["legal_moves"][0]
    )
    answer = bot.post(f"/api/tables/{table_id}/moves", {"version": state["version"], "move": move})
    assert answer.status == 200, answer.body
    return answer.json()["version"]


def test_a_move_through_one_web_process_reaches_streams_held_by_either_stream_process(
    tmp_path,
):
    redis_port = free_port()
    with scratch_postgres() as database:
        env = redis_site_env(tmp_path, database, redis_port)
        redis = redis_server(redis_port, tmp_path)
        processes = [redis]
        try:
            web = [free_port(), free_port()]
            live = [free_port(), free_port()]
            for number, port in enumerate(web, start=1):
                processes.append(gunicorn(env, tmp_path, port, name=f"web{number}"))
            for number, port in enumerate(live, start=1):
                processes.append(uvicorn(env, tmp_path, port, name=f"stream{number}"))
            setup = json.loads(run(env, "-m", "tests.clocks.scenario", "bots").splitlines()[-1])
            table_id, tokens = setup["table"], setup["tokens"]
            name = channels.table(table_id)
            streams = [f"http://127.0.0.1:{port}" for port in live]
            held = [open_stream(base, [name]) for base in streams]
            for stream in held:
                assert stream.status == 200
                assert stream.wait_for("stream-open") is not None

            def mover(web_port: int) -> Bot:
                state = Bot(f"http://127.0.0.1:{web_port}", tokens["0"]).get(
                    f"/api/tables/{table_id}"
                )
                seat = state.json()["to_act"][0]
                return Bot(f"http://127.0.0.1:{web_port}", tokens[str(seat)])

            # A move through each web process reaches both stream processes.
            for web_port in web:
                version = income(mover(web_port), table_id)
                for stream in held:
                    event = stream.wait_for("table", timeout=10)
                    assert event is not None and event.json == {"version": version}
            last_id = held[1].last_id
            held[1].close()  # a page's stream on stream process 2 drops

            # Moves meanwhile; the page resumes on stream process 1.
            version = income(mover(web[0]), table_id)
            version = income(mover(web[1]), table_id)
            assert held[0].wait_for("table").json == {"version": version - 1}
            resumed = open_stream(streams[0], [name], last_event_id=last_id)
            caught = resumed.wait_for("table")
            assert caught.json == {"version": version}

            # Redis goes: moves still go in; the streams end, new ones are refused.
            stop_redis(redis_port, redis)
            processes.remove(redis)
            down_version = income(mover(web[0]), table_id)
            end = time.monotonic() + 15
            while not (held[0].ended and resumed.ended) and time.monotonic() < end:
                held[0].next(0.5)
                resumed.next(0.5)
            assert held[0].ended and resumed.ended
            refused = open_stream(streams[1], [name])
            assert refused.status == 503
            last_id = resumed.last_id

            # Redis comes back: streams open again and catch up from their last id.
            redis = redis_server(redis_port, tmp_path)
            processes.append(redis)
            end = time.monotonic() + 20
            while True:
                back = open_stream(streams[1], [name], last_event_id=last_id)
                if back.status == 200 or time.monotonic() > end:
                    break
                time.sleep(0.5)
            assert back.status == 200
            assert back.wait_for("table").json == {"version": down_version}
            version = income(mover(web[1]), table_id)
            assert back.wait_for("table").json == {"version": version}
            back.close()
        finally:
            for process in reversed(processes):
                process.stop()


MOVE_SCRIPT = """
from tables import services
from tables.models import Table
table = Table.objects.get(pk={table_id})
mover = table.seats.get(number=table.to_act[0]).user
move = {{"action": "income"}}
services.move_submit(table_id=table.pk, user=mover, version=table.version, move=move)
print(Table.objects.get(pk=table.pk).version)
"""


def test_without_redis_another_process_posts_its_events_to_the_one_stream_process(tmp_path):
    """bin/run's shape: SQLite, no Redis, one uvicorn process holding the
    streams; a move made in another process (the Celery worker's bots and
    timeouts) reaches them through LIVE_PUBLISH_URL."""
    stream_port = free_port()
    env = site_env(
        tmp_path,
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        LIVE_PUBLISH_URL=f"http://127.0.0.1:{stream_port}/live/publish/",
    )
    run(env, "manage.py", "migrate", "--noinput")
    table_id = json.loads(run(env, "-m", "tests.clocks.scenario", "bots").splitlines()[-1])["table"]
    site = uvicorn(env, tmp_path, stream_port)
    try:
        stream = open_stream(f"http://127.0.0.1:{stream_port}", [channels.table(table_id)])
        assert stream.wait_for("stream-open") is not None
        moved = run(env, "manage.py", "shell", "-c", MOVE_SCRIPT.format(table_id=table_id))
        version = int(moved.splitlines()[-1])
        event = stream.wait_for("table")
        assert event is not None and event.json == {"version": version}
        stream.close()
    finally:
        site.stop()
