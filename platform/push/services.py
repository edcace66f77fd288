"""Changes the push app makes: a player's devices (added from the browser,
removed from the settings or when their push service says they are gone),
and the move a notification's answer button plays.

Locks and the races they prevent:
- a device is keyed by its endpoint (unique): two posts of one subscription
  at once make one row (`update_or_create` retries the loser as an update);
- an answer writes its `UsedAnswer` row (unique key) and then plays its move
  through `tables.services.move_submit`, in one transaction: a second post
  of the same token waits on the first's uncommitted key, then fails on it,
  so exactly one plays; if the move is refused, the key is rolled back with
  it and the token stays as unused as the question it answers.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

from clocks import clock
from notifications import outbox
from notifications.models import Notification
from push import keys
from push.models import PushSubscription, UsedAnswer
from push.tokens import BadToken, Ticket, read
from tables import services
from tables.errors import BadRequest, Conflict, NotFound, StaleVersion
from tables.models import Seat
from tables.services.moves import MoveResult

# A player's devices: more than anyone owns, few enough that a notice
# never fans out into a flood of requests.
MAX_DEVICES = 20
OFF = "Push notifications are off on this site."


def _require_enabled() -> None:
    if not keys.enabled():
        raise NotFound(OFF)


def _check_endpoint(endpoint: str) -> str:
    """The push service's address, refused unless https:// (http:// too
    while the site runs with DEBUG, for a push service of the tests), and
    never an address of the site's own network: the worker posts to it."""
    endpoint = endpoint.strip()
    try:
        parts = urlsplit(endpoint)
        host = parts.hostname or ""
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError:
        raise BadRequest("The endpoint is not a web address.") from None
    schemes = ("https", "http") if settings.DEBUG else ("https",)
    if parts.scheme not in schemes or not host or parts.username or parts.password:
        raise BadRequest("The endpoint must be an https:// address of a push service.")
    if not settings.DEBUG:
        try:
            ipaddress.ip_address(host)
        except ValueError:
            literal = False
        else:
            literal = True
        if literal or host == "localhost" or host.endswith(".localhost"):
            raise BadRequest("The endpoint must be an address of a push service.")
    return endpoint


def _check_keys(p256dh: str, auth: str) -> None:
    try:
        point = keys.b64url_decode(p256dh)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
        if len(point) != 65:
            raise ValueError
    except ValueError:
        raise BadRequest("keys.p256dh is not the browser's P-256 public key.") from None
    try:
        secret = keys.b64url_decode(auth)
    except ValueError:
        secret = b""
    if len(secret) != 16:
        raise BadRequest("keys.auth is not the browser's 16-byte authentication secret.")


def subscription_add(
    *, user: AbstractBaseUser, endpoint: str, p256dh: str, auth: str, label: str = ""
) -> tuple[PushSubscription, bool]:
    """Save a device of `user` (True: a new one). A subscription already
    saved is updated, and moves to `user` if another player had it: the
    browser now belongs to whoever subscribed last from it."""
    _require_enabled()
    endpoint = _check_endpoint(endpoint)
    _check_keys(p256dh, auth)
    label = " ".join(label.split())[:80] or "A browser"
    others = PushSubscription.objects.filter(user=user).exclude(endpoint=endpoint)
    if others.count() >= MAX_DEVICES:
        raise Conflict(
            f"You have {MAX_DEVICES} devices taking notifications already: remove one first."
        )
    fields = {"user": user, "p256dh": p256dh, "auth": auth, "label": label}
    return PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults=fields, create_defaults={**fields, "created_at": clock.now()}
    )


def subscription_renew(*, old_endpoint: str, endpoint: str, p256dh: str, auth: str) -> None:
    """The browser replaced a device's subscription (its service worker's
    `pushsubscriptionchange`, which has no session): the old endpoint, known
    only to that browser and to us, vouches for the new one."""
    _require_enabled()
    device = PushSubscription.objects.filter(endpoint=old_endpoint.strip()).first()
    if device is None:
        raise NotFound("No device has that subscription.")
    endpoint = _check_endpoint(endpoint)
    _check_keys(p256dh, auth)
    with transaction.atomic():
        PushSubscription.objects.filter(endpoint=endpoint).exclude(pk=device.pk).delete()
        device.endpoint, device.p256dh, device.auth = endpoint, p256dh, auth
        device.save(update_fields=["endpoint", "p256dh", "auth"])


def subscription_remove(*, user: AbstractBaseUser, subscription_id: int) -> PushSubscription:
    """Remove one of the user's devices; its notices still waiting are
    cancelled (the sent ones stay in the outbox as its record)."""
    device = PushSubscription.objects.filter(pk=subscription_id, user=user).first()
    if device is None:
        raise NotFound("You have no such device.")
    subscription_forget(device, why="The player removed the device.")
    return device


def subscription_forget(device: PushSubscription, *, why: str) -> None:
    with transaction.atomic():
        Notification.objects.filter(subscription=device, status=Notification.Status.PENDING).update(
            status=Notification.Status.CANCELLED, error=why[:300], claimed_at=None
        )
        device.delete()


# -- answers from a notification ---------------------------------------------------


def answer_read(*, token: str, table_id: int) -> tuple[Ticket, AbstractBaseUser]:
    """What a token says, and the player of its seat (who plays it), or the
    refusal: a token that is not ours, or not for this table."""
    try:
        ticket = read(token)
    except BadToken:
        raise BadRequest(
            "This answer could not be read: it is not one this site sent. Open the table to play."
        ) from None
    if ticket.table_id != table_id:
        raise BadRequest("This answer is for another table.")
    seat = Seat.objects.select_related("user").filter(table_id=table_id, number=ticket.seat).first()
    if seat is None:
        raise NotFound("There is no such table.")
    return ticket, seat.user


MOVED_ON = (
    "The game has moved on since this notification: nothing was played. "
    "Open the table to see what is asked now."
)


def answer_play(*, ticket: Ticket, user: AbstractBaseUser) -> MoveResult:
    """Play the answer's move as its seat's player, once. 409 for a token
    already used or a table that moved on; the move service's own refusals
    otherwise (403 a late clock, 400 a move no longer legal)."""
    with transaction.atomic():
        try:
            with transaction.atomic():
                UsedAnswer.objects.create(
                    key=ticket.key,
                    table_id=ticket.table_id,
                    version=ticket.version,
                    seat=ticket.seat,
                    used_at=clock.now(),
                )
        except IntegrityError:
            raise Conflict("This answer was given already: it plays only once.") from None
        try:
            result = services.move_submit(
                table_id=ticket.table_id, user=user, version=ticket.version, move=ticket.move
            )
        except StaleVersion:
            raise Conflict(MOVED_ON) from None
        # A move from the page leaves its player looking at the table, so
        # they are not told what it asks of them next; this one's player is
        # elsewhere, and their devices hear of it.
        seat = next(s for s in result.seats if s.number == ticket.seat)
        if seat.number in result.table.to_act:
            outbox.queue_turn_pushes(result.table, [seat], clock.now())
    return result
