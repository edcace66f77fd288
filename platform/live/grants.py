"""The signed grant a page carries in its stream's address: who its reader
is, so that opening the stream reads no session. It names a user, not
channels: what that user may read is decided when the stream opens. A grant
that does not verify (forged, or older than `LIVE_GRANT_SECONDS`) grants
nothing; the stream then asks the session."""

from __future__ import annotations

from django.conf import settings
from django.core import signing

SALT = "live.grant"


def grant(user_id: int) -> str:
    return signing.TimestampSigner(salt=SALT).sign(str(user_id))


def reader(value: str) -> int | None:
    """The user a grant names, or None."""
    try:
        user_id = signing.TimestampSigner(salt=SALT).unsign(
            value, max_age=settings.LIVE_GRANT_SECONDS
        )
    except signing.BadSignature:
        return None
    return int(user_id) if user_id.isdigit() else None
