"""The signed grant a page carries in its stream's address: who its reader
is, so that opening the stream reads no session. It names a user, not
channels: what that user may read is decided when the stream opens. The same
for every page of one reader (a page's HTML depends only on what it shows,
as with the polls' signed ids); one that does not verify grants nothing,
and the stream then asks the session."""

from __future__ import annotations

from django.core import signing

SALT = "live.grant"


def grant(user_id: int) -> str:
    return signing.Signer(salt=SALT).sign(str(user_id))


def reader(value: str) -> int | None:
    """The user a grant names, or None."""
    try:
        user_id = signing.Signer(salt=SALT).unsign(value)
    except signing.BadSignature:
        return None
    return int(user_id) if user_id.isdigit() else None
