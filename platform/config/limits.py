"""Rate limits: who is counted (a client address, an account, a user, a
table), how many requests a window allows, and when to come back.

Built on django-ratelimit's counters (in the cache, shared by all web
processes when REDIS_URL is set). A refused request raises `Ratelimited`
with `request.retry_after` set, answered by `config.views.ratelimited` with
429 and a Retry-After header.
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest
from django.urls import ResolverMatch
from django_ratelimit.core import get_usage
from django_ratelimit.exceptions import Ratelimited


def client_ip(request: HttpRequest) -> str:
    """The client's address. Behind TRUSTED_PROXIES proxies, each of which
    appends the address it saw to X-Forwarded-For, the client is the one the
    farthest of them saw; anything a client wrote there itself lies further
    left and is ignored."""
    remote = request.META.get("REMOTE_ADDR", "")
    trusted = settings.TRUSTED_PROXIES
    if trusted <= 0:
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    chain = [hop.strip() for hop in forwarded.split(",") if hop.strip()] + [remote]
    candidate = chain[max(len(chain) - 1 - trusted, 0)]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote


def _account(group: str, request: HttpRequest) -> str:
    return request.POST.get("username", "").strip().casefold()


def _table(group: str, request: HttpRequest) -> str:
    match = request.resolver_match
    return str(match.kwargs.get("table_id", "")) if match else ""


def _moves_per_user(group: str, request: HttpRequest) -> str:
    return settings.MOVE_RATE_PER_USER


def _moves_per_table(group: str, request: HttpRequest) -> str:
    return settings.MOVE_RATE_PER_TABLE


def _chat_per_user(group: str, request: HttpRequest) -> str:
    return settings.CHAT_RATE_PER_USER


@dataclass(frozen=True)
class Limit:
    group: str
    key: str | Callable[[str, HttpRequest], str]
    rate: str | Callable[[str, HttpRequest], str]


LOGIN_PER_ADDRESS = Limit("login-address", "ip", "20/m")
LOGIN_PER_ACCOUNT = Limit("login-account", _account, "10/m")
SIGNUP_PER_ADDRESS = Limit("signup", "ip", "10/h")
RESET_PER_ADDRESS = Limit("password-reset", "ip", "5/h")
TOKENS_PER_USER = Limit("tokens", "user", "20/h")
MOVES_PER_USER = Limit("moves-user", "user", _moves_per_user)
MOVES_PER_TABLE = Limit("moves-table", _table, _moves_per_table)
CHAT_PER_USER = Limit("chat-user", "user", _chat_per_user)


def wait(request: HttpRequest, *limits: Limit) -> int:
    """Count the request against each limit: 0 if all allow it, else the
    seconds until the last refusing one allows it again."""
    waits = [0]
    for limit in limits:
        usage = get_usage(
            request, group=limit.group, key=limit.key, rate=limit.rate, increment=True
        )
        if usage is not None and usage["should_limit"]:
            waits.append(max(usage["time_left"], 1))
    return max(waits)


def move_wait(user: AbstractBaseUser, table_id: int) -> int:
    """`wait` for a move that comes by another way than a request to the
    site (a reply to a turn email): counted by the same counters as the
    player's moves from pages, the API and notifications."""
    request = HttpRequest()
    request.user = user
    request.resolver_match = ResolverMatch(move_wait, (), {"table_id": table_id})
    return wait(request, MOVES_PER_USER, MOVES_PER_TABLE)


def check(request: HttpRequest, *limits: Limit) -> None:
    seconds = wait(request, *limits)
    if seconds:
        request.retry_after = seconds
        raise Ratelimited()


def limited(*limits: Limit, method: str = "POST"):
    """A view decorator: requests of `method` count against `limits`."""

    def decorator(view):
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs):
            if request.method == method:
                check(request, *limits)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
