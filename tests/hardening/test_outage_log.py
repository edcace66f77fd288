"""A failing service is logged once a minute at most per process, however
many requests meet it, and skipped for a few seconds after each failure; the
rate limits count in the process and presence is skipped while the cache
(Redis) cannot be reached (here an address where nothing listens;
test_redis_down.py stops a real one under a running site); and a lost
database met outside the views still answers 503 (test_database_down.py
takes a real one's connections away)."""

from __future__ import annotations

import logging

import pytest
from django.core.cache import caches
from django.test import RequestFactory

from accounts import presence
from accounts.models import Presence
from config import limits, outages
from harness.processes import free_port

pytestmark = pytest.mark.django_db


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr("config.outages.time.monotonic", fake)
    return fake


@pytest.fixture
def cache_outage(monkeypatch):
    """A fresh record of the cache's failures, so that none leaks into other tests."""
    fresh = outages.Outage("The cache (Redis)")
    monkeypatch.setattr(outages, "CACHE", fresh)
    return fresh


@pytest.fixture
def redis_unreachable(settings, cache_outage):
    location = f"redis://127.0.0.1:{free_port()}/0"
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": location},
        "limits": {"BACKEND": "config.cache.SharedOrLocalCache", "LOCATION": location},
    }
    return location


def test_a_failure_is_logged_once_a_minute_however_often_it_happens(clock, caplog):
    outage = outages.Outage("The cache (Redis)")
    with caplog.at_level(logging.WARNING, logger="tabletop.outages"):
        for second in range(60):
            clock.now = 1000.0 + second
            outage.failed(ConnectionError("refused"))
        assert len(caplog.records) == 1
        clock.now = 1060.0
        outage.failed(ConnectionError("refused"))
    assert len(caplog.records) == 2
    assert (
        caplog.records[0].getMessage().startswith("The cache (Redis) cannot be reached (refused)")
    )


def test_a_service_is_skipped_for_five_seconds_after_a_failure(clock):
    outage = outages.Outage("The database")
    assert not outage.suspected
    outage.failed(ConnectionError("refused"))
    clock.now += 4.9
    assert outage.suspected
    clock.now += 0.2
    assert not outage.suspected


def test_the_rate_limits_count_in_the_process_while_redis_is_unreachable(
    redis_unreachable, rate_limits, caplog
):
    """LOGIN_PER_ACCOUNT allows ten attempts a minute."""
    request = RequestFactory().post("/accounts/login/", {"username": "ben"})
    waits = [limits.wait(request, limits.LOGIN_PER_ACCOUNT) for _ in range(11)]
    assert waits[:10] == [0] * 10
    assert waits[10] > 0
    # Said once, when the fixture emptied the counters, and not again.
    logged = caplog.get_records("setup") + caplog.get_records("call")
    assert [r.name for r in logged if r.levelno >= logging.WARNING] == ["tabletop.outages"]


def test_presence_is_skipped_while_redis_is_unreachable(redis_unreachable, users):
    assert caches["default"].__class__.__name__ == "RedisCache"
    assert presence.touch(users[0].pk) is False
    assert not Presence.objects.exists()
    assert outages.CACHE.suspected


def test_presence_is_written_while_the_cache_answers(users, cache_outage):
    caches["default"].clear()
    assert presence.touch(users[0].pk) is True
    assert Presence.objects.filter(user=users[0]).exists()


def test_the_server_error_handler_answers_503_for_a_lost_database(settings):
    """For a failure in the middleware around the views (the session's save),
    where Django calls handler500 instead of the views' middleware."""
    from django.db import OperationalError
    from django.test import RequestFactory

    from config.unavailable import server_error

    request = RequestFactory().get("/")
    try:
        raise OperationalError("too many connections for role")
    except OperationalError:
        answer = server_error(request)
    assert answer.status_code == 503 and answer["Retry-After"] == "5"
    assert b"Back in a moment" in answer.content
    try:
        raise ValueError("a bug")
    except ValueError:
        assert server_error(request).status_code == 500
