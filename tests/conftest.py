"""Shared fixtures: players, tables in play, API clients.

The suite runs on PostgreSQL when DATABASE_URL points at it (the README's
test command and CI always do) and says which database it used.
"""

from __future__ import annotations

import json
import os
import random

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import Profile
from accounts.tokens import token_create
from games import registry
from tables import services
from tables.models import Table, TableState
from tests.support import seeds
from tests.support.seeds import seed_deal

PASSWORD = "a-long-secret-43"


def pytest_report_header(config) -> list[str]:
    db = settings.DATABASES["default"]
    return [
        f"database: {db['ENGINE'].rsplit('.', 1)[-1]} {db.get('HOST') or db.get('NAME')}",
        f"celery broker: {settings.CELERY_BROKER_URL.split('@')[-1]}",
    ]


# The long runs that bin/test-fast leaves out, by file: random games played
# to the end (through the engine or the API), bots thinking at their real
# budgets (fairness) and fuzzing. bin/test runs them.
SLOW_FILES = {
    "test_fairness.py",
    "test_playouts.py",
    "test_random_bots.py",
    "test_random_bots_koryo.py",
    "test_random_bots_seasons.py",
    "test_random_bots_troyes.py",
    "test_bot_tables.py",
}
FUZZ_FILES = {"test_schema_fuzzing.py", "test_fuzzed_fields.py"}


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        if item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
        elif item.path.name in FUZZ_FILES:
            item.add_marker(pytest.mark.fuzz)


def on_postgres() -> bool:
    return settings.DATABASES["default"]["ENGINE"].endswith("postgresql")


requires_postgres = pytest.mark.skipif(
    not on_postgres(), reason="needs PostgreSQL (set DATABASE_URL); SQLite cannot lock rows"
)


@pytest.fixture(scope="session")
def live_server():
    """The site on uvicorn (ASGI) in a thread of this process, so that pages
    hear their event streams (tests/support/asgi_server.py); pytest-django's
    helper gives each test using it the transactional database, as with its
    own live server."""
    from tests.support.asgi_server import AsgiLiveServer

    server = AsgiLiveServer()
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def _deal_seeds(request):
    """Deals made without a seed get one derived from this test's id."""
    seeds.begin(request.node.nodeid)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed and seeds.describe():
        report.sections.append(("Deals", seeds.describe()))
    return report


@pytest.fixture
def redis_broker():
    """The test's own Redis database as a broker, emptied before and after.

    Each test process has its own database, counting down from TEST_REDIS_URL's
    (15, 14, ... under xdist): a worker started by a test in one process would
    otherwise take the tasks of a test running in the other, and each test's
    flush would drop the other's queue."""
    import redis

    base, _, number = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15").rpartition("/")
    process = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
    url = f"{base}/{(int(number or 0) - process) % 16}"
    client = redis.Redis.from_url(url)
    try:
        client.flushdb()
    except redis.ConnectionError:
        pytest.skip("Redis is not reachable")
    yield url
    client.flushdb()


@pytest.fixture
def frozen():
    """The platform's clock, stopped at a known moment and moved by hand."""
    from clocks import clock
    from tests.clocks.helpers import Clock

    c = Clock()
    yield c
    clock.set_now(None)


@pytest.fixture(autouse=True)
def _eager_celery():
    """Tasks queued on commit run at once, in the test's process."""
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def _settings(settings):
    settings.RATELIMIT_ENABLE = False
    # Hashing passwords the slow, safe way would dominate the suite's time.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


def make_user(username: str):
    user = get_user_model().objects.create_user(
        username=username, email=f"{username}@example.org", password=PASSWORD
    )
    Profile.objects.create(user=user)
    return user


@pytest.fixture
def users(db):
    """Six players, named so that logs read well."""
    return [make_user(name) for name in ("ana", "ben", "carl", "dora", "eli", "fay")]


@pytest.fixture
def ana(users):
    return users[0]


@pytest.fixture
def ben(users):
    return users[1]


@pytest.fixture
def carl(users):
    return users[2]


def start_table(
    game: str, players, options=None, time_control="none", seed: int | None = None, **kwargs
) -> Table:
    """A table of `game` with `players` seated in order and the game started,
    dealt from `seed` if given, else from one derived from the test's id
    (printed when the test fails: tests/support/seeds.py). A dropped seat
    plays its timeout moves unless `bot_takeover=True` is passed (the bots'
    tests take over seats with a worker, or by calling the bot's task)."""
    kwargs.setdefault("bot_takeover", False)
    table = services.table_create(
        creator=players[0],
        game=game,
        options=options or {},
        max_players=len(players),
        time_control=time_control,
        **kwargs,
    )
    for user in players[1:]:
        services.table_join(table_id=table.pk, user=user)
    seed_deal(table.pk, seed)
    services.table_start(table_id=table.pk, user=players[0])
    table.refresh_from_db()
    return table


def after_commit():
    """Run, on leaving the block, what the code in it left for after its
    transaction's commit (`transaction.on_commit`: emails, live events, a
    finished game's ratings), as the end of a request's transaction would:
    a test's own transaction never commits."""
    from django.test import TestCase

    return TestCase.captureOnCommitCallbacks(execute=True)


def state_of(table: Table) -> dict:
    return TableState.objects.get(pk=table.pk).state


def play_random_moves(table: Table, players, count: int, seed: int = 0) -> Table:
    """Play `count` random legal moves through the move service (fewer if
    the game ends)."""
    rng = random.Random(seed)
    by_seat = {seat.number: seat.user for seat in table.seats.all()}
    engine = registry.get(table.game).engine
    for _ in range(count):
        table.refresh_from_db()
        if not table.is_active:
            break
        seat = rng.choice(table.to_act)
        move = rng.choice(engine.legal_moves(state_of(table), seat))
        services.move_submit(
            table_id=table.pk, user=by_seat[seat], version=table.version, move=move
        )
    table.refresh_from_db()
    return table


def login_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


class ApiClient:
    """A JSON client with a bearer token, as a bot would use."""

    def __init__(self, user):
        _, self.token = token_create(user=user, name="test")
        self.client = Client()
        self.user = user

    def _headers(self):
        return {"Authorization": f"Bearer {self.token}"}

    def get(self, path: str):
        return self.client.get(path, headers=self._headers())

    def post(self, path: str, data=None):
        return self.client.post(
            path, data=data or {}, content_type="application/json", headers=self._headers()
        )

    def put(self, path: str, data=None):
        return self.client.put(
            path, data=data or {}, content_type="application/json", headers=self._headers()
        )

    def patch(self, path: str, data=None):
        body = data if isinstance(data, str) else json.dumps(data)
        return self.client.patch(
            path, data=body, content_type="application/json", headers=self._headers()
        )


@pytest.fixture
def api_for():
    return ApiClient


# A fixed instant for the rate limiter's counters: their windows are fixed
# (a minute, an hour), and a test that straddled a window's end would see
# its count start again.
RATE_LIMIT_MOMENT = 1_900_000_000.0


@pytest.fixture
def rate_limits(settings, monkeypatch):
    """Rate limits on, with empty counters and the limiter's clock pinned."""
    import types

    from django.core.cache import caches

    counters = caches[settings.RATELIMIT_USE_CACHE]
    settings.RATELIMIT_ENABLE = True
    monkeypatch.setattr(
        "django_ratelimit.core.time", types.SimpleNamespace(time=lambda: RATE_LIMIT_MOMENT)
    )
    counters.clear()
    yield settings
    counters.clear()
