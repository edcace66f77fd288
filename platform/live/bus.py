"""How a published event reaches the processes that hold the streams.

- With `LIVE_REDIS_URL` (production: any number of web, worker and stream
  processes): a change's events are one Redis PUBLISH on the site's channel;
  every stream process subscribes to it (`Hub`) and hands them to its
  streams.
- Without it (`bin/run`: one uvicorn process serves the pages and the
  streams): the process that serves streams delivers its own events itself,
  and any other (the Celery worker) posts them, signed, to
  `LIVE_PUBLISH_URL`, where the stream process delivers them
  (`live.views.relay`).

Publishing never raises and never waits long: an event that cannot be sent
is logged (at most once a minute while it lasts) and lost, and the pages
catch up (a stream that resumes is sent the table's change by its revision;
a page whose stream cannot open polls). A stream process whose subscription
breaks ends its streams and refuses new ones until it has subscribed again,
so that pages poll meanwhile instead of waiting on a stream that hears
nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import urllib.request
import weakref
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

import redis
from django.conf import settings
from django.core import signing
from django.db import connection

from config.outages import Outage

logger = logging.getLogger("tabletop.live")
OUTAGE = Outage("Live events (Redis)")
RELAY_SALT = "live.relay"
# A relayed post older than this is refused (a replay of a captured one).
RELAY_MAX_AGE = 60


@dataclass(frozen=True)
class LiveEvent:
    channel: str
    event: str
    data: dict[str, Any]
    id: int | None = None


def pubsub_channel() -> str:
    """The Redis channel of this site's events: named after its database,
    so that sites (or test runs) sharing a Redis never hear each other."""
    return f"{settings.LIVE_REDIS_CHANNEL}:{connection.settings_dict['NAME']}"


# -- publishing (any process) -----------------------------------------------------

_client: redis.Redis | None = None
_client_lock = threading.Lock()


def _redis() -> redis.Redis:
    global _client
    with _client_lock:
        if _client is None:
            _client = redis.Redis.from_url(
                settings.LIVE_REDIS_URL, socket_connect_timeout=1, socket_timeout=1
            )
        return _client


def publish(events: Iterable[LiveEvent]) -> None:
    """Send one change's events to every stream process. Never raises."""
    events = list(events)
    if not events:
        return
    if settings.LIVE_REDIS_URL:
        if OUTAGE.suspected:
            return
        try:
            _redis().publish(pubsub_channel(), _encode(events))
        except redis.RedisError as exc:
            OUTAGE.failed(exc)
        return
    if serving:
        deliver(events)
    elif settings.LIVE_PUBLISH_URL:
        _relay(events)


def _encode(events: list[LiveEvent]) -> str:
    return json.dumps([asdict(e) for e in events], separators=(",", ":"))


def decode(payload: str | bytes) -> list[LiveEvent]:
    return [LiveEvent(**item) for item in json.loads(payload)]


RELAY_OUTAGE = Outage("The stream server (LIVE_PUBLISH_URL)")


def _relay(events: list[LiveEvent]) -> None:
    if RELAY_OUTAGE.suspected:
        return
    body = signing.dumps(_encode(events), salt=RELAY_SALT).encode()
    request = urllib.request.Request(
        settings.LIVE_PUBLISH_URL,
        data=body,
        method="POST",
        headers={"Content-Type": "text/plain"},
    )
    try:
        with urllib.request.urlopen(request, timeout=2) as answer:
            answer.read()
    except OSError as exc:
        RELAY_OUTAGE.failed(exc)


def relayed(body: bytes) -> list[LiveEvent] | None:
    """The events of a relay post, or None when it is not ours."""
    try:
        return decode(signing.loads(body.decode(), salt=RELAY_SALT, max_age=RELAY_MAX_AGE))
    except (signing.BadSignature, UnicodeDecodeError, ValueError, TypeError):
        return None


# -- holding streams (the stream processes) ---------------------------------------

# True in a process that serves streams (the ASGI entry point sets it).
serving = False


def serve_here() -> None:
    """This process holds streams: events published here are delivered here
    when there is no Redis between processes."""
    global serving
    serving = True


def deliver(events: Iterable[LiveEvent]) -> None:
    """Hand events to this process's open streams (from any thread)."""
    from django_eventstream.event import Event
    from django_eventstream.views import get_listener_manager

    listeners = get_listener_manager()
    for e in events:
        data = json.dumps(e.data, separators=(",", ":"))
        listeners.add_to_queues(e.channel, Event(e.channel, e.event, data, id=e.id))


class Hub:
    """A stream process's subscription to the site's events on Redis, kept
    up for as long as the process lives. `ready` while subscribed; `lost`
    is set when a subscription breaks, which ends the streams opened under
    it (they resume once the hub has subscribed again)."""

    def __init__(self) -> None:
        self.task: asyncio.Task | None = None
        self.ready = asyncio.Event()
        self.lost = asyncio.Event()

    def start(self) -> None:
        if not settings.LIVE_REDIS_URL:
            self.ready.set()  # events come from this process and the relay
            return
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())

    async def wait_ready(self, timeout: float) -> bool:
        self.start()
        if not self.ready.is_set():
            try:
                await asyncio.wait_for(self.ready.wait(), timeout)
            except TimeoutError:
                return False
        return True

    async def _run(self) -> None:
        from redis import asyncio as aioredis

        delay = 0.5
        while True:
            client = aioredis.Redis.from_url(settings.LIVE_REDIS_URL, socket_connect_timeout=2)
            try:
                pubsub = client.pubsub()
                await pubsub.subscribe(pubsub_channel())
                self.ready.set()
                delay = 0.5
                async for message in pubsub.listen():
                    if message["type"] == "message":
                        self._deliver(message["data"])
                raise ConnectionError("the subscription ended")
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis gone, or an answer that is not ours
                OUTAGE.failed(exc)
                self._down()
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
            finally:
                await client.aclose()

    def _deliver(self, payload: bytes) -> None:
        try:
            events = decode(payload)
        except (ValueError, TypeError) as exc:
            logger.warning("An event on the live channel could not be read: %s", exc)
            return
        deliver(events)

    def _down(self) -> None:
        self.ready.clear()
        self.lost.set()
        self.lost = asyncio.Event()


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """The hub of the event loop that serves this process's streams."""
    loop = asyncio.get_running_loop()
    if loop not in _hubs:
        _hubs[loop] = Hub()
    return _hubs[loop]
