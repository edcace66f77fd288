"""Sending outbox rows: each row is claimed under a row lock, sent, and
marked sent in the same transaction, so two workers or a retried task never
send it twice."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction

from accounts import presence
from notifications import emails, outbox
from notifications.models import Notification
from tables import clock
from tables.models import Seat

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 5
# Rows the on-commit dispatch should have sent already; older ones are
# picked up by the drain.
DRAIN_AFTER = timedelta(seconds=settings.OUTBOX_RETRY_SECONDS)


def deliver(notification_id: int, now: datetime | None = None) -> bool:
    """Send one pending row; True if an email went out."""
    now = now or clock.now()
    with transaction.atomic():
        n = (
            Notification.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("user", "table", "table__creator")
            .filter(pk=notification_id, status=Notification.Status.PENDING)
            .first()
        )
        if n is None:
            return False  # sent, cancelled, or another worker holds it
        if _moot(n):
            n.status = Notification.Status.CANCELLED
            n.error = "No longer needed: the player has already acted."
            n.save(update_fields=["status", "error"])
            return False
        if n.kind == Notification.Kind.TURN:
            later, why = _turn_check(n, now)
            if later is not None:
                n.due_at = later
                n.save(update_fields=["due_at"])
                return False
            if why:
                n.status = Notification.Status.CANCELLED
                n.error = why
                n.save(update_fields=["status", "error"])
                return False
        message = emails.build(n, now)
        if message is None:
            n.status = Notification.Status.CANCELLED
            n.error = "Nothing to send (no email address, or nothing waiting)."
            n.save(update_fields=["status", "error"])
            return False
        try:
            message.send()
        except Exception as exc:  # any mail failure is retried later
            n.attempts += 1
            n.error = str(exc)[:300]
            if n.attempts >= MAX_ATTEMPTS:
                n.status = Notification.Status.FAILED
            n.save(update_fields=["attempts", "error", "status"])
            log.warning("Sending notification %s failed: %s", n.pk, exc)
            return False
        n.status = Notification.Status.SENT
        n.sent_at = now
        n.attempts += 1
        n.save(update_fields=["status", "sent_at", "attempts"])
        return True


def _moot(n: Notification) -> bool:
    """A turn or reminder email for a seat that is no longer asked to act."""
    if n.kind not in (Notification.Kind.TURN, Notification.Kind.REMINDER) or not n.seat_id:
        return False
    return not Seat.objects.filter(pk=n.seat_id, must_act=True).exists()


def _turn_check(n: Notification, now: datetime) -> tuple[datetime | None, str]:
    """For a turn email that is due: (a later time to look again, or None;
    why not to send at all, or "")."""
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
    )
    if seen is not None:
        told = told.filter(sent_at__gt=seen)
    if told.exists():
        return None, "Already told about this table since the player was last here."
    return None, ""


def drain(now: datetime | None = None, limit: int = 500) -> int:
    """Send pending rows the on-commit dispatch missed (the broker was down,
    or a worker died). Returns how many were sent."""
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
        status=Notification.Status.PENDING, error="", attempts=0, due_at=clock.now()
    )
    transaction.on_commit(lambda: outbox.send_soon([notification.pk]))
