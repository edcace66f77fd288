"""The tokens a notification's answer buttons carry.

A token is a signed statement "seat S of table T, at version V, plays move
M" (django.core.signing, with a salt of its own, so no other signed value of
the site can stand in for one). It is the credential of the post that plays
it: whoever holds it may play that one move for that seat, once, and only
while the table is still at that version, which is exactly as long as the
question it answers stands; so it needs no expiry of its own.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.core import signing

SALT = "push.answer"


class BadToken(ValueError):
    """Not a token this site signed, or one that was changed."""


@dataclass(frozen=True)
class Ticket:
    table_id: int
    version: int
    seat: int
    move: dict[str, Any]

    @property
    def key(self) -> str:
        """What makes two tokens the same answer: a hash of what they say."""
        said = json.dumps(
            [self.table_id, self.version, self.seat, self.move],
            sort_keys=True,
            separators=(",", ":"),
        )
        return hashlib.sha256(said.encode()).hexdigest()


def make(table_id: int, version: int, seat: int, move: dict[str, Any]) -> str:
    """The same token every time for the same answer (no timestamp): a
    notice sent twice carries the same buttons."""
    return signing.Signer(salt=SALT).sign_object(
        {"t": table_id, "v": version, "s": seat, "m": move}, compress=True
    )


def read(token: str) -> Ticket:
    try:
        said = signing.Signer(salt=SALT).unsign_object(token)
    except (signing.BadSignature, ValueError, TypeError) as exc:
        raise BadToken("not a valid answer token") from exc
    try:
        ticket = Ticket(said["t"], said["v"], said["s"], said["m"])
    except (KeyError, TypeError) as exc:
        raise BadToken("not a valid answer token") from exc
    types_ok = (
        all(type(v) is int for v in (ticket.table_id, ticket.version, ticket.seat))
        and type(ticket.move) is dict
    )
    if not types_ok:
        raise BadToken("not a valid answer token")
    return ticket
