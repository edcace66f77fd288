"""Sending outbox rows, in the shape of a claim, then the send outside any
lock, then the outcome written.

A worker claims a pending row with a conditional update (`claimed_at` set
only if nobody holds it): if it changes no row, another worker has it, or
it is no longer pending. So two workers, a retried task and the drain never
send one row twice, and no row lock or transaction is held while the mail
server or the push service answers. A claim older than `CLAIM_LEASE` is
taken for that of a worker that died mid-send: the drain sends the row again
(once too often rather than never).

Emails and pushes take the same path (the claim, the moot check, the
playing hours, the turn check) and part only to be built and sent. A failed
attempt is tried again later, each wait four times the last (or what a push
service asked for), and given up after `MAX_ATTEMPTS`.

Playing hours: a row that falls due while its player is outside their hours
is not sent but due again when they start (any kind of row, whatever it
sends, but the answer to the player's own reply by email). At that opening,
several emails held for one player go as one ("While you were away: 3 games
wait for you"): the first row that a worker claims claims the other emails
held until the same moment, and each is checked as it would be alone (no
longer needed, a turn the player has been told of).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.db.models import Q

from accounts import presence
from accounts.hours import PlayingHours, kept_by
from clocks import clock
from notifications import emails, outbox
from notifications.models import Notification
from push import payload as push_payload
from push import sender as push_sender
from push import services as push_services
from push.models import PushSubscription
from replies.models import InboundEmail
from tables.models import Move, Seat

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 5
# Rows the on-commit dispatch should have sent already; older ones are
# picked up by the drain.
DRAIN_AFTER = timedelta(seconds=settings.OUTBOX_RETRY_SECONDS)
# Far longer than a mail server takes to answer.
CLAIM_LEASE = timedelta(minutes=10)
# The longest a push service may ask us to wait before the next attempt.
LONGEST_WAIT = timedelta(hours=1)


def deliver(notification_id: int, now: datetime | None = None) -> bool:
    """Send one pending row (with the emails held with it); True if a notice
    (an email, a push) went out."""
    now = now or clock.now()
    n = _claim(notification_id, now)
    if n is None:
        return False  # sent, cancelled, or another worker holds it
    hours = _hours_of(n)
    if not _ready(n, now, hours):
        return False
    if n.channel == Notification.Channel.PUSH:
        return _push(n, now)
    rows = [n] + [row for row in _held_with(n, hours, now) if _ready(row, now, hours)]
    message = emails.build(n, now) if len(rows) == 1 else emails.build_held(rows, now)
    if message is None:
        for row in rows:
            _close(
                row,
                Notification.Status.CANCELLED,
                "Nothing to send (no email address, or nothing waiting).",
            )
        return False
    try:
        message.send()
    except Exception as exc:  # any mail failure is retried later
        log.warning("Sending notification %s failed: %s", n.pk, exc)
        for row in rows:
            _retry(row, str(exc), now)
        return False
    for row in rows:
        _sent(row, now)
    return True


def _hours_of(n: Notification) -> PlayingHours | None:
    try:
        return kept_by(n.user.profile)
    except ObjectDoesNotExist:
        return None


def _ready(n: Notification, now: datetime, hours: PlayingHours | None) -> bool:
    """Whether a claimed row is to be sent now. If not, it is let go: closed
    when it is no longer needed, else due again later (when the player's
    hours start, or when they have been away long enough). The answer to a
    player's reply by email is not held: they are writing to us now."""
    if _moot(n):
        _close(n, Notification.Status.CANCELLED, "No longer needed: the player has already acted.")
        return False
    held = hours is not None and n.kind != Notification.Kind.REPLY
    later, why = hours.next_opening(now) if held else None, ""
    if later is None and n.kind == Notification.Kind.TURN:
        later, why = _turn_check(n, now)
    if later is not None:
        n.due_at = later
        n.claimed_at = None
        n.save(update_fields=["due_at", "claimed_at"])
        return False
    if why:
        _close(n, Notification.Status.CANCELLED, why)
        return False
    return True


# The kinds of email that may go together in one. Rows of any other kind, and
# pushes, are held the same way but always go one by one.
EMAIL_KINDS = frozenset(
    {
        Notification.Kind.TURN,
        Notification.Kind.REMINDER,
        Notification.Kind.TIMEOUT,
        Notification.Kind.GAME_OVER,
        Notification.Kind.INVITATION,
        Notification.Kind.DIGEST,
    }
)


def _held_with(n: Notification, hours: PlayingHours | None, now: datetime) -> list[Notification]:
    """The other emails held for the same player until the same opening of
    their hours, claimed by this worker (none if `n` was not held)."""
    if hours is None or n.kind not in EMAIL_KINDS or not hours.opens_at(n.due_at):
        return []
    ids = (
        Notification.objects.filter(
            user_id=n.user_id,
            status=Notification.Status.PENDING,
            channel=Notification.Channel.EMAIL,
            due_at=n.due_at,
            kind__in=EMAIL_KINDS,
        )
        .exclude(pk=n.pk)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    return [row for row in (_claim(pk, now) for pk in list(ids)) if row is not None]


def _push(n: Notification, now: datetime) -> bool:
    """Post a push row to its device's push service."""
    device = n.subscription
    if device is None:
        return _close(n, Notification.Status.CANCELLED, "The device was removed.")
    payload = push_payload.build(n, now)
    if payload is None:
        return _close(
            n,
            Notification.Status.CANCELLED,
            "Nothing to send (no longer asked, or the table no longer open).",
        )
    try:
        push_sender.send(device, payload, topic=push_payload.topic(n))
    except push_sender.Gone as exc:
        # The device's subscription ended (the browser unsubscribed, the app
        # was removed): forget it, and what was still waiting for it.
        n.attempts += 1
        push_services.subscription_forget(device, why=exc.message)
        n.subscription = None  # as the database has it now
        return _close(n, Notification.Status.CANCELLED, exc.message)
    except push_sender.Refused as exc:
        log.warning("Push %s refused: %s", n.pk, exc.message)
        n.attempts += 1
        return _close(n, Notification.Status.FAILED, exc.message)
    except push_sender.TryLater as exc:
        log.warning("Push %s not taken: %s", n.pk, exc.message)
        return _retry(n, exc.message, now, wait=exc.retry_after)
    PushSubscription.objects.filter(pk=device.pk).update(last_used_at=now)
    return _sent(n, now)


def _sent(n: Notification, now: datetime) -> bool:
    n.attempts += 1
    n.sent_at = now
    _close(n, Notification.Status.SENT, "")
    return True


def _retry(n: Notification, error: str, now: datetime, wait: float | None = None) -> bool:
    """A failed attempt: the row is due again later, the wait four times
    longer after each (20 s, 80 s, 5 min, 21 min with the default
    OUTBOX_RETRY_SECONDS), or as long as the push service asked; the drain
    sends it then. Given up after the last attempt."""
    n.attempts += 1
    if n.attempts >= MAX_ATTEMPTS:
        return _close(n, Notification.Status.FAILED, error)
    backoff = DRAIN_AFTER * 4 ** (n.attempts - 1)
    asked = min(timedelta(seconds=wait or 0), LONGEST_WAIT)
    n.due_at = now + max(backoff, asked)
    return _close(n, Notification.Status.PENDING, error)


def _claim(notification_id: int, now: datetime) -> Notification | None:
    """The row, claimed by this worker, or None if it is not to be sent by it."""
    claimed = (
        Notification.objects.filter(pk=notification_id, status=Notification.Status.PENDING)
        .filter(Q(claimed_at__isnull=True) | Q(claimed_at__lte=now - CLAIM_LEASE))
        .update(claimed_at=now)
    )
    if not claimed:
        return None
    return Notification.objects.select_related(
        "user", "user__profile", "table", "table__creator", "seat", "subscription"
    ).get(pk=notification_id)


def _close(n: Notification, status: str, error: str) -> bool:
    """Write what became of a claimed row and let go of it. False: nothing
    went out this time."""
    n.status = status
    n.error = error[:300]
    n.claimed_at = None
    n.save(update_fields=["status", "error", "claimed_at", "attempts", "sent_at", "due_at"])
    return False


def _moot(n: Notification) -> bool:
    """A turn or reminder notice for a seat that is no longer asked to act."""
    if n.kind not in (Notification.Kind.TURN, Notification.Kind.REMINDER) or not n.seat_id:
        return False
    return not Seat.objects.filter(pk=n.seat_id, must_act=True).exists()


def _turn_check(n: Notification, now: datetime) -> tuple[datetime | None, str]:
    """For a turn notice that is due: (a later time to look again, or None;
    why not to send at all, or "").

    Not while the player is on the site or was asked only just now; and one
    email per table until the player has looked again or answered one by
    replying, one push per device until they have looked or moved (an
    answer from a notification is a move: the next question at that table
    is pushed too)."""
    started = Seat.objects.filter(pk=n.seat_id).values_list("turn_started_at", flat=True).first()
    seen = presence.last_seen(n.user_id)
    later = []
    if started is not None:
        later.append(started + outbox.turn_delay())
    if seen is not None:
        later.append(seen + presence.window())
    if later and max(later) > now:
        return max(later), ""  # asked too recently to bother, or on the site now
    told = Notification.objects.filter(
        kind=Notification.Kind.TURN,
        user_id=n.user_id,
        table_id=n.table_id,
        status=Notification.Status.SENT,
        channel=n.channel,
        subscription_id=n.subscription_id,
    )
    since = [seen] if seen is not None else []
    if n.channel == Notification.Channel.PUSH:
        moved = (
            Move.objects.filter(table_id=n.table_id, seat=n.seat.number, kind=Move.Kind.PLAYER)
            .order_by("-seq")
            .values_list("created_at", flat=True)
            .first()
        )
        since += [moved] if moved is not None else []
    else:
        answered = InboundEmail.last_played_at(user_id=n.user_id, table_id=n.table_id)
        since += [answered] if answered is not None else []
    if since:
        told = told.filter(sent_at__gt=max(since))
    if told.exists():
        return None, "Already told about this table since the player was last here."
    return None, ""


def drain(now: datetime | None = None, limit: int = 500) -> int:
    """Send pending rows the on-commit dispatch missed (the broker was down,
    or a worker died) and those waiting to be tried again. Returns how many
    were sent."""
    now = now or clock.now()
    ids = list(
        Notification.objects.filter(
            status=Notification.Status.PENDING, due_at__lte=now - DRAIN_AFTER
        )
        .order_by("due_at")
        .values_list("pk", flat=True)[:limit]
    )
    return sum(deliver(pk, now) for pk in ids)


def resend(notification: Notification) -> None:
    """Admin: put a row back in the outbox and dispatch it."""
    Notification.objects.filter(pk=notification.pk).update(
        status=Notification.Status.PENDING,
        error="",
        attempts=0,
        due_at=clock.now(),
        claimed_at=None,
    )
    transaction.on_commit(lambda: outbox.send_soon([notification.pk]))
