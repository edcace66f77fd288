"""Posting one notice to one device's push service: the payload encrypted
for that device (RFC 8291, aes128gcm) and the request signed with the
site's VAPID key (RFC 8292), both by pywebpush.

Headers (RFC 8030): `TTL` (how long the service keeps a notice for a device
that is off: half a day, after which a turn notice has little point),
`Topic` (a newer notice with the same topic replaces one not yet delivered:
one per table) and `Urgency: high` (a phone saving its battery still wakes
for it).

What the service answers decides what becomes of the outbox row:
- 201 (or any 2xx): sent;
- 404 or 410: the subscription is gone for good (`Gone`: the device is
  forgotten);
- 429, 5xx, no answer: try again later (`TryLater`, with the service's
  Retry-After when it gives one);
- any other 4xx: the request itself is refused and would be again
  (`Refused`: given up at once).
"""

from __future__ import annotations

import json
from email.utils import parsedate_to_datetime
from typing import Any

import requests
from pywebpush import WebPushException, webpush

from clocks import clock
from push import keys
from push.models import PushSubscription

TTL_SECONDS = 12 * 60 * 60
URGENCY = "high"
# Seconds to wait for a push service, well above what one takes.
TIMEOUT = 10


class PushError(Exception):
    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after


class Gone(PushError):
    """The push service no longer knows the subscription (404, 410)."""


class Refused(PushError):
    """The push service refuses the request as it is (400, 401, 403, 413...)."""


class TryLater(PushError):
    """The push service could not take it now (429, 5xx, no answer)."""


_session: requests.Session | None = None


def _http() -> requests.Session:
    """One session per process (its connections are kept), which follows
    no redirect: the worker posts to the address a browser gave, never to
    one a reply points at."""
    global _session
    if _session is None:
        _session = requests.Session()
        _session.max_redirects = 0
    return _session


def _seconds(retry_after: str | None) -> float | None:
    """Retry-After as seconds: a number of them, or an HTTP date."""
    if not retry_after:
        return None
    try:
        return max(float(retry_after), 0.0)
    except ValueError:
        pass
    try:
        return max((parsedate_to_datetime(retry_after) - clock.now()).total_seconds(), 0.0)
    except (TypeError, ValueError):
        return None


def send(device: PushSubscription, payload: dict[str, Any], *, topic: str) -> None:
    """Post `payload` (JSON) to the device's push service; raises one of the
    errors above when it is not accepted."""
    try:
        webpush(
            device.info(),
            data=json.dumps(payload, separators=(",", ":"), ensure_ascii=False),
            vapid_private_key=keys.signer(),
            # A new dict each time: pywebpush writes `aud` and `exp` into it.
            vapid_claims={"sub": keys.subject()},
            ttl=TTL_SECONDS,
            headers={"Topic": topic, "Urgency": URGENCY},
            timeout=TIMEOUT,
            requests_session=_http(),
        )
    except WebPushException as exc:
        status = exc.status_code
        said = f"The push service answered {status}."
        if status in (404, 410):
            raise Gone(said + " The device no longer takes notifications.") from None
        if status is not None and 400 <= status < 500 and status != 429:
            raise Refused(said) from None
        raise TryLater(said, retry_after=_seconds(exc.retry_after)) from None
    except requests.RequestException as exc:
        raise TryLater(f"The push service could not be reached ({type(exc).__name__}).") from None
