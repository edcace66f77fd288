"""When PostgreSQL cannot be reached, pages answer 503 with a short "try
again in a moment" page, the API 503 with its JSON error, both with
Retry-After, and nothing is half written. A real PostgreSQL: a scratch
database whose role's connections the test takes all of, or an address where
nothing listens; the site runs as in production (gunicorn, DEBUG off)."""

from __future__ import annotations

import threading
import time

import pytest

from harness.processes import free_port
from tests.support.database_outage import limited_database, production_env, production_site
from tests.support.http import Bot, Browser
from tests.support.servers import gunicorn

pytestmark = pytest.mark.site

HTMX = {"HX-Request": "true"}


@pytest.fixture(scope="module")
def database():
    with limited_database(limit=4) as limited:
        yield limited


@pytest.fixture(scope="module")
def site(database, tmp_path_factory):
    with production_site(tmp_path_factory.mktemp("site"), database.url) as running:
        yield running


@pytest.fixture
def cut_off(database):
    database.cut_off()
    yield database
    database.give_back()


def assert_unavailable_page(answer) -> None:
    assert answer.status == 503, answer.body[-2000:]
    assert answer.headers["Retry-After"] == "5"
    assert answer.headers["Content-Type"].startswith("text/html")
    assert "<h1>Back in a moment</h1>" in answer.body
    assert "Please try again in a moment" in answer.body


def assert_unavailable_json(answer) -> None:
    assert answer.status == 503, answer.body[-2000:]
    assert answer.headers["Retry-After"] == "5"
    assert answer.json() == {
        "detail": "The site cannot reach its database just now; try again in a moment."
    }


def wait_until_it_answers(site, path: str = "/", timeout: float = 60) -> None:
    """The site recovers by itself once connections are to be had again."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if Browser(site.base).get(path).status == 200:
            return
        time.sleep(0.5)
    raise AssertionError(f"the site still does not answer:\n{site.web.tail()}")


def test_out_of_connections_pages_answer_503_and_the_api_its_json(site, cut_off):
    table = f"/tables/{site.table_id}/"
    browser = Browser(site.base)
    assert_unavailable_page(browser.get("/"))
    assert_unavailable_page(browser.get(table))
    assert_unavailable_page(browser.get(f"{table}board/", **HTMX))
    bot = Bot(site.base, site.tokens["0"])
    assert_unavailable_json(bot.get(f"/api/tables/{site.table_id}"))
    assert_unavailable_json(
        bot.post(f"/api/tables/{site.table_id}/moves", {"version": 0, "move": {"action": "income"}})
    )
    # The refusals are logged once a minute, not once a request.
    assert site.web.tail(200_000).count("The database cannot be reached") == 1


def test_the_site_answers_again_once_connections_are_free(site, database):
    database.cut_off()
    assert Browser(site.base).get("/").status == 503
    database.give_back()
    wait_until_it_answers(site)


def test_a_move_whose_connection_is_lost_half_way_writes_nothing(site, database):
    """The move waits inside its transaction (the test holds an uncommitted
    log row with the number the move's row will take) when its connection is
    cut: PostgreSQL rolls the whole transaction back."""
    wait_until_it_answers(site)
    bot = Bot(site.base, site.tokens["0"])
    before = bot.get(f"/api/tables/{site.table_id}").json()
    rows_before = site.report()
    actor = before["to_act"][0]
    player = Bot(site.base, site.tokens[str(actor)])
    blocker = database.admin
    blocker.execute("BEGIN")
    blocker.execute(
        "INSERT INTO tables_move (table_id, seq, seat, move, log, kind, created_at)"
        " VALUES (%s, %s, %s, '{}', '[]', 'player', now())",
        (site.table_id, before["version"] + 1, actor),
    )
    answers = []
    move = {"version": before["version"], "move": {"action": "income"}}
    sender = threading.Thread(
        target=lambda: answers.append(player.post(f"/api/tables/{site.table_id}/moves", move))
    )
    sender.start()
    try:
        waiting = database.wait_for_lock_waiter()
        blocker.execute("SELECT pg_terminate_backend(%s)", (waiting,))
        sender.join(timeout=60)
    finally:
        blocker.execute("ROLLBACK")
    assert_unavailable_json(answers[0])

    after = bot.get(f"/api/tables/{site.table_id}").json()
    assert after == before
    assert site.report() == rows_before
    assert rows_before["version"] == before["version"] and rows_before["kinds"] == []
    # Sent again, the same move is made once.
    again = player.post(f"/api/tables/{site.table_id}/moves", move)
    assert again.status == 200, again.body
    assert site.report()["kinds"] == ["player"]


@pytest.mark.parametrize("debug", ["0", "1"], ids=["production", "development"])
def test_a_refused_database_answers_503_at_once(site, tmp_path, debug):
    """An address where nothing listens (the database's server is down), in
    production and in development (where django-ninja would answer a
    traceback). Each request waits for a pooled connection DB_POOL_TIMEOUT
    seconds, then answers."""
    nothing = f"postgres://postgres@127.0.0.1:{free_port()}/tabletop"
    env = production_env(
        tmp_path, nothing, VAR_DIR=site.env["VAR_DIR"], DEBUG=debug, DB_POOL_TIMEOUT="2"
    )
    port = free_port()
    web = gunicorn(env, tmp_path, port)
    try:
        base = f"http://127.0.0.1:{port}"
        started = time.monotonic()
        assert_unavailable_page(Browser(base).get("/"))
        assert_unavailable_page(Browser(base).get(f"/tables/{site.table_id}/board/", **HTMX))
        bot = Bot(base, site.tokens["0"])
        assert_unavailable_json(bot.get(f"/api/tables/{site.table_id}"))
        assert_unavailable_json(
            bot.post(f"/api/tables/{site.table_id}/moves", {"version": 0, "move": {}})
        )
        assert time.monotonic() - started < 30
    finally:
        web.stop()
