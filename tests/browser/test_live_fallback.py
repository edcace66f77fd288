"""A table page in front of the real servers (gunicorn for the pages,
uvicorn for the streams, Redis between them, a proxy routing /live/ to the
stream process) when a part stops: with the stream server stopped, and then
with Redis stopped, the page falls back to polling by itself (no error
shown), still shows the moves made meanwhile, and goes back to its stream
once the part is back, polling no more."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from harness.processes import free_port, run, scratch_postgres
from tests.support.http import Bot
from tests.support.proxy import Proxy
from tests.support.servers import gunicorn, redis_server, redis_site_env, stop_redis, uvicorn

pytestmark = [pytest.mark.browser, pytest.mark.site]

POLL_SECONDS = 2


def test_the_page_polls_while_its_stream_cannot_be_had_and_comes_back_to_it(browser, tmp_path):
    redis_port = free_port()
    with scratch_postgres() as database:
        env = redis_site_env(
            tmp_path,
            database,
            redis_port,
            LIVE_POLL_SECONDS=str(POLL_SECONDS),
            RATELIMIT_ENABLE="0",
        )
        redis = redis_server(redis_port, tmp_path)
        web_port, stream_port = free_port(), free_port()
        processes = [redis, gunicorn(env, tmp_path, web_port, name="web")]
        stream = uvicorn(env, tmp_path, stream_port)
        processes.append(stream)
        proxy = Proxy(web_port, stream_port)
        context = browser.new_context(base_url=proxy.url, viewport={"width": 1200, "height": 900})
        context.set_default_timeout(15_000)
        try:
            setup = json.loads(run(env, "-m", "tests.clocks.scenario", "bots").splitlines()[-1])
            table_id, tokens = setup["table"], setup["tokens"]
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            polls: list[float] = []
            page.on(
                "request",
                lambda r: polls.append(time.monotonic()) if "/poll/" in r.url else None,
            )
            page.goto("/accounts/login/")
            page.fill("input[name=username]", "ana")
            page.fill("input[name=password]", "x-long-pass-1")
            page.click("button[type=submit]")
            page.wait_for_url(re.compile(r"/$"))
            page.goto(f"/tables/{table_id}/")
            body = page.locator("body")
            expect(body).to_have_attribute("data-live-mode", "stream")

            def move() -> int:
                """The seat asked makes a move through the web process."""
                base = f"http://127.0.0.1:{web_port}"
                seat = Bot(base, tokens["0"]).get(f"/api/tables/{table_id}").json()["to_act"][0]
                bot = Bot(base, tokens[str(seat)])
                state = bot.get(f"/api/tables/{table_id}").json()
                answer = bot.post(
                    f"/api/tables/{table_id}/moves",
                    {"version": state["version"], "move": state["legal_moves"][0]},
                )
                assert answer.status == 200, answer.body
                return answer.json()["version"]

            def shows(version: int, within: float) -> None:
                expect(page.locator(f"#board[data-version='{version}']")).to_be_attached(
                    timeout=within * 1000
                )

            for outage in ("the stream server", "Redis"):
                if outage == "the stream server":
                    stream.stop()
                    processes.remove(stream)
                else:
                    stop_redis(redis_port, redis)
                    processes.remove(redis)
                # The page polls instead, and shows no error for it.
                expect(body).to_have_attribute("data-live-mode", "polling", timeout=30_000)
                shows(move(), within=4 * POLL_SECONDS)
                assert page.locator("#notice").inner_text() == ""
                # The part comes back: so does the stream, and the poll stops.
                if outage == "the stream server":
                    stream = uvicorn(env, tmp_path, stream_port)
                    processes.append(stream)
                else:
                    redis = redis_server(redis_port, tmp_path)
                    processes.append(redis)
                expect(body).to_have_attribute("data-live-mode", "stream", timeout=70_000)
                back = time.monotonic()
                shows(move(), within=10)
                page.wait_for_timeout(2 * POLL_SECONDS * 1000)
                assert [t for t in polls if t > back + 0.5] == [], outage
            assert errors == []
        finally:
            context.close()
            proxy.stop()
            for process in reversed(processes):
                process.stop()
