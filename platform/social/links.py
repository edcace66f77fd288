"""Invitation links: the link beside a table's invite box seats whoever
opens it, once, while the table is open.

A link is signed, so nobody makes one up, and numbered: the table's link on
show is the one after the last used (`InviteLinkUse`), so a used link is
spent and the creator's page already offers the next. Nothing is written
until a link is used.

Locks and the race they prevent: a use locks the table's row (through
`tables.services.table_join`'s lock, taken first here) before it looks for
the link's use, so two people opening one link at once are one seat and
one "already used"; the unique (table, number) is the backstop.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core import signing
from django.db import transaction

from social.models import InviteLinkUse
from tables.errors import Conflict, NotFound
from tables.models import Seat, Table
from tables.services import table_join
from tables.services.locks import table_lock

_SALT = "social.invite-link"
NOT_VALID = "This invitation link is not valid: check that it was copied whole."
USED = "This invitation link has already been used. Ask the table's creator for a new one."
CLOSED = "This table is no longer taking players."


def invite_link_token(table: Table) -> str:
    """The token of the table's link now on show (the next one unused)."""
    number = InviteLinkUse.objects.filter(table=table).count()
    return signing.Signer(salt=_SALT).sign_object({"t": table.pk, "n": number})


def _read(token: str) -> tuple[int, int]:
    try:
        value = signing.Signer(salt=_SALT).unsign_object(token)
        return int(value["t"]), int(value["n"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise NotFound(NOT_VALID) from None


def invite_link_table(token: str) -> int:
    """The id of the table a link is for (a refusal if it is not ours)."""
    return _read(token)[0]


def invite_link_use(
    *, token: str, user: AbstractBaseUser, rated_against_bots: bool = False
) -> Seat:
    """Seat `user` by the link, and spend it. A player already seated keeps
    their seat and leaves the link unspent; every refusal writes nothing.
    `rated_against_bots`: their choice, as for any seat taken."""
    table_id, number = _read(token)
    with transaction.atomic():
        table = table_lock(table_id)
        seat = Seat.objects.filter(table=table, user=user).first()
        if seat is not None:
            return seat
        if not table.is_open:
            raise Conflict(CLOSED)
        if InviteLinkUse.objects.filter(table=table, number=number).exists():
            raise Conflict(USED)
        seat = table_join(table_id=table_id, user=user, rated_against_bots=rated_against_bots)
        InviteLinkUse.objects.create(table=table, number=number, user=user)
    return seat
