"""API tokens: creating, checking and revoking them. Only hashes are stored."""

from __future__ import annotations

import copy
import hashlib
import secrets
import time
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from accounts.models import ApiToken

TOKEN_PREFIX = "tt_"
# Touch last_used_at at most this often, so reads stay reads.
LAST_USED_RESOLUTION_SECONDS = 300


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def token_create(*, user: AbstractBaseUser, name: str) -> tuple[ApiToken, str]:
    """A new token; returns the row and the token itself, which is never stored."""
    key = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user, name=name.strip() or "token", prefix=key[:10], key_hash=_hash(key)
    )
    return token, key


def token_revoke(*, token: ApiToken) -> None:
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    _recent.pop(token.key_hash, None)


@dataclass
class _Checked:
    user: AbstractBaseUser
    token_pk: int
    last_used_at: datetime | None
    until: float


# Tokens checked lately in this process, by hash: a bot's every request would
# otherwise cost a query. Each entry is trusted for API_TOKEN_CACHE_SECONDS,
# so a token revoked (or a user deactivated) in another process stops working
# within that time; revoked here, at once.
_recent: dict[str, _Checked] = {}
_RECENT_MAX = 10_000


def token_user(key: str) -> AbstractBaseUser | None:
    """The active user a token belongs to, or None."""
    if not key.startswith(TOKEN_PREFIX):
        return None
    key_hash = _hash(key)
    checked = _recent.get(key_hash)
    if checked is None or checked.until < time.monotonic():
        checked = _check(key_hash)
        if checked is None:
            return None
    now = timezone.now()
    if (
        checked.last_used_at is None
        or (now - checked.last_used_at).total_seconds() > LAST_USED_RESOLUTION_SECONDS
    ):
        ApiToken.objects.filter(pk=checked.token_pk).update(last_used_at=now)
        checked.last_used_at = now
    # A copy: what one request does to its user never reaches the next.
    return copy.copy(checked.user)


def _check(key_hash: str) -> _Checked | None:
    _recent.pop(key_hash, None)
    token = (
        ApiToken.objects.select_related("user")
        .filter(key_hash=key_hash, revoked_at__isnull=True, user__is_active=True)
        .first()
    )
    if token is None:
        return None
    seconds = settings.API_TOKEN_CACHE_SECONDS
    checked = _Checked(token.user, token.pk, token.last_used_at, time.monotonic() + seconds)
    if seconds > 0:
        if len(_recent) >= _RECENT_MAX:
            _recent.clear()
        _recent[key_hash] = checked
    return checked
