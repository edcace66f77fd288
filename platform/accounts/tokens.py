"""API tokens: creating, checking and revoking them. Only hashes are stored."""

from __future__ import annotations

import hashlib
import secrets

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


def token_user(key: str) -> AbstractBaseUser | None:
    """The active user a token belongs to, or None."""
    if not key.startswith(TOKEN_PREFIX):
        return None
    token = (
        ApiToken.objects.select_related("user")
        .filter(key_hash=_hash(key), revoked_at__isnull=True, user__is_active=True)
        .first()
    )
    if token is None:
        return None
    now = timezone.now()
    if (
        token.last_used_at is None
        or (now - token.last_used_at).total_seconds() > LAST_USED_RESOLUTION_SECONDS
    ):
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token.user
