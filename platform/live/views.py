"""The event stream of a page (`/live/`), served by the stream processes
(uvicorn, ASGI), and the relay through which a process without Redis hands
its events to the one stream process of `bin/run`.

A stream is django-eventstream's, with what this site adds around it: the
channels are decided here (`live.access`) before it opens; it opens only in
an ASGI process whose hub is subscribed (else 503: the page polls instead);
its heartbeats are SSE comment lines (a proxy sees traffic, the page sees no
event); it ends after a `reopen` event (the browser opens it again within
two seconds, with the channels its reader may read then); it keeps its
reader present on the site (`accounts.presence`, as a page's poll did, at
most once per `presence.throttle()`); and it ends when the hub loses Redis,
so that the page resumes on a stream that hears.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST
from django_eventstream.views import events

from accounts import presence
from live import access, bus, channels, grants
from live.db import released

# How django-eventstream keeps a stream alive (every 20 s), and what we send
# instead: a comment line, which no page sees.
KEEP_ALIVE = b"event: keep-alive\ndata:\n\n"
HEARTBEAT = b":\n\n"
# Sent first: how soon the browser opens a stream again after it ends.
RETRY = b"retry: 2000\n\n"
REOPEN = b"\nevent: reopen\n"
# How long a new stream waits for its process to subscribe before a 503.
READY_WAIT_SECONDS = 1.0
_LAST_ID_PART = re.compile(r"^([a-z0-9-]+):([0-9]{1,18})$")


def _unavailable(why: str) -> HttpResponse:
    return HttpResponse(why, status=503, content_type="text/plain", headers={"Retry-After": "5"})


@require_GET
async def stream(request: HttpRequest) -> HttpResponse:
    if not isinstance(request, ASGIRequest):
        return _unavailable("Event streams are served by the stream processes (uvicorn).")
    hub = bus.hub()
    if not await hub.wait_ready(READY_WAIT_SECONDS):
        return _unavailable("Live events cannot be heard just now; the page polls instead.")
    reader_id = await _reader(request)
    try:
        opened = await sync_to_async(access.resolve)(request.GET.getlist("channel"), reader_id)
    except access.Refused as exc:
        return HttpResponse(exc.message, status=exc.status, content_type="text/plain")
    if not opened:
        # Nothing this reader may hear (a chat, logged out, while the game
        # is on): the browser does not ask again.
        return HttpResponse(status=204)
    _keep_valid_last_ids(request, opened)
    # django-eventstream reads the reader from the request; we decided already.
    request.user = access.StreamUser(reader_id) if reader_id is not None else AnonymousUser()
    response = events(request, channels=opened)
    if isinstance(response, StreamingHttpResponse):
        response.streaming_content = _kept(response.streaming_content, reader_id, hub.lost)
    return response


async def _reader(request: HttpRequest) -> int | None:
    """The page's grant names its reader; without a valid one, the session."""
    granted = grants.reader(request.GET.get("grant", ""))
    if granted is not None:
        return granted
    return await sync_to_async(_session_reader)(request)


@released
def _session_reader(request: HttpRequest) -> int | None:
    user = request.user
    return user.pk if user.is_authenticated else None


def _keep_valid_last_ids(request: HttpRequest, opened: list[str]) -> None:
    """Only `channel:revision` pairs of this stream's table channels are
    resumed from; anything else in a Last-Event-ID (a stream's "error", a
    hand-made value) is dropped rather than refused."""
    for source, key in ((request.META, "HTTP_LAST_EVENT_ID"), (request.GET, "lastEventId")):
        value = source.get(key)
        if not value:
            continue
        kept = []
        for part in value.split(","):
            found = _LAST_ID_PART.match(part)
            if found and found.group(1) in opened:
                parsed = channels.parse(found.group(1))
                if parsed is not None and parsed.kind == "table":
                    kept.append(part)
        if source is request.META:
            if kept:
                request.META[key] = ",".join(kept)
            else:
                del request.META[key]
        else:
            query = request.GET.copy()
            query.setlist(key, [",".join(kept)] if kept else [])
            request.GET = query


async def _kept(
    content: AsyncIterator[bytes], reader_id: int | None, lost: asyncio.Event
) -> AsyncIterator[bytes]:
    """The stream as django-eventstream makes it, its keep-alive events sent
    as comment lines, its reader kept present, and ended when the hub's
    subscription is lost."""
    loop = asyncio.get_running_loop()
    every = presence.throttle().total_seconds()
    touched = -every
    chunks = aiter(content)
    lost_wait = asyncio.ensure_future(lost.wait())
    following: asyncio.Future | None = None
    try:
        yield RETRY
        while True:
            if reader_id is not None and loop.time() - touched >= every:
                touched = loop.time()
                await sync_to_async(released(presence.touch))(reader_id)
            following = asyncio.ensure_future(anext(chunks))
            await asyncio.wait({following, lost_wait}, return_when=asyncio.FIRST_COMPLETED)
            if not following.done():
                return  # the hub lost Redis: the page reconnects to a stream that hears
            try:
                chunk = following.result()
            except StopAsyncIteration:
                return
            following = None
            yield HEARTBEAT if chunk == KEEP_ALIVE else chunk
            if REOPEN in b"\n" + chunk:
                return  # the browser opens it again, with what its reader may read now
    finally:
        lost_wait.cancel()
        if following is not None and not following.done():
            following.cancel()
            with contextlib.suppress(asyncio.CancelledError, StopAsyncIteration):
                await following
        await chunks.aclose()


@csrf_exempt
@require_POST
def relay(request: HttpRequest) -> HttpResponse:
    """Events posted by another process of a site without Redis (its Celery
    worker), delivered to this process's streams. Signed with the site's
    key; refused by a site that has Redis, or in a process serving no
    streams."""
    if not bus.serving or settings.LIVE_REDIS_URL:
        return HttpResponse(status=404)
    events_ = bus.relayed(request.body)
    if events_ is None:
        return HttpResponse("Not a relay of this site's events.", status=400)
    bus.deliver(events_)
    return HttpResponse(status=204)
