"""Writing notifications into the outbox, inside the caller's transaction.

Rows are dispatched to the worker once the transaction commits. If the broker
cannot be reached then, nothing is lost: the rows stay pending and the
worker's periodic drain sends them when it can.

Emails follow the player's email choices; pushes (one row per device) their
push choice beside them (`Profile.notify_push`), so a player on the email
digest may still have a push at once. The reminders' and invitations'
switches hold for both. While push is off on the site (no VAPID keys), no
push row is written and nothing is asked about devices.

A notice for a player outside their playing hours is held: its row is due
when their hours next start (and `delivery.deliver` checks again when it is
due). Held rows are left to the drain rather than dispatched with a long
countdown.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ObjectDoesNotExist
from django.db import IntegrityError, transaction

from accounts.hours import kept_by
from accounts.models import Profile
from notifications.models import Notification
from push import keys as push_keys
from push.models import PushSubscription
from tables.models import Seat, Table

log = logging.getLogger(__name__)
Kind = Notification.Kind


def _preferences(user_ids: Iterable[int]) -> dict[int, Profile]:
    ids = set(user_ids)
    return {p.user_id: p for p in Profile.objects.filter(user_id__in=ids)} if ids else {}


def _profile_of(seat: Seat) -> Profile | None:
    """The seat's player's preferences (None: the defaults). The move path
    reads its seats with their users' profiles, so this asks nothing more."""
    try:
        return seat.user.profile
    except ObjectDoesNotExist:
        return None


def _wants_turn_emails_at_once(seat: Seat) -> bool:
    profile = _profile_of(seat)
    return profile is None or profile.notify_turn == Profile.Notify.IMMEDIATE


def _wants_pushes(profile: Profile | None) -> bool:
    return profile is None or profile.notify_push == Profile.Notify.IMMEDIATE


def _row(
    kind: str,
    *,
    user_id: int,
    now: datetime,
    table: Table | None = None,
    seat: Seat | None = None,
    part: object = "",
    due_at: datetime | None = None,
    device: int | None = None,
    profile: Profile | None = None,
) -> Notification:
    """A row for `user_id`: an email, or with `device` a push to that device;
    held until their hours start when `profile` says they keep hours and
    `due_at` falls outside them."""
    due_at = due_at or now
    hours = kept_by(profile)
    if hours is not None:
        due_at = hours.next_opening(due_at) or due_at
    return Notification(
        key=Notification.make_key(
            kind, user_id=user_id, table_id=table.pk if table else None, part=part, device=device
        ),
        kind=kind,
        channel=Notification.Channel.EMAIL if device is None else Notification.Channel.PUSH,
        subscription_id=device,
        user_id=user_id,
        table=table,
        seat=seat,
        version=table.version if table else 0,
        created_at=now,
        due_at=due_at,
    )


def _insert_new(rows: list[Notification]) -> list[Notification]:
    """Insert the rows whose key is new; returns those, with their ids.

    The unique key is what makes a second sweep, a retried task or a racing
    transaction queue nothing twice: an insert of a key already there fails
    in a savepoint of its own, so the caller's transaction goes on, and that
    row is skipped. (`bulk_create(ignore_conflicts=True)` would skip it too,
    but would not tell which rows it wrote, and their ids are what the
    worker is sent.)"""
    if not rows:
        return []
    try:
        with transaction.atomic():
            return Notification.objects.bulk_create(rows)
    except IntegrityError:
        return [row for row in rows if _insert_one(row)]


def _insert_one(row: Notification) -> bool:
    try:
        with transaction.atomic():
            row.save(force_insert=True)
    except IntegrityError:
        return False
    return True


def _create(kind: str, **fields) -> Notification | None:
    """One outbox row, unless the same one exists already (then None)."""
    return next(iter(_insert_new([_row(kind, **fields)])), None)


def turn_delay() -> timedelta:
    return timedelta(seconds=settings.TURN_EMAIL_DELAY_SECONDS)


def queue_turns(table: Table, seats: list[Seat], now: datetime) -> list[Notification]:
    """ "Your turn" emails for seats newly asked to act, for players who want
    them at once. Each waits `turn_delay()` and is checked again when due
    (delivery.deliver): it goes only if the player is still asked, is not on
    the site, and has not been told about this table since they last were.
    A seat with such an email already waiting gets no second one (the move
    path holds the table's lock, so no other move of it queues one meanwhile)."""
    due = [s for s in seats if not s.dropped and _wants_turn_emails_at_once(s)]
    if not due:
        return []
    waiting = set(
        Notification.objects.filter(
            kind=Kind.TURN, table=table, seat__in=due, status=Notification.Status.PENDING
        ).values_list("seat_id", flat=True)
    )
    return _queue_turn_rows(table, now, [(seat, None) for seat in due if seat.pk not in waiting])


def _queue_turn_rows(
    table: Table, now: datetime, targets: list[tuple[Seat, int | None]]
) -> list[Notification]:
    """Turn notices to these seats (by email, or by push to a device), each
    due once the turn delay is over."""
    rows = [
        _row(
            Kind.TURN,
            user_id=seat.user_id,
            now=now,
            table=table,
            seat=seat,
            part=f"v{table.version}",
            due_at=now + turn_delay(),
            device=device,
            profile=_profile_of(seat),
        )
        for seat, device in targets
    ]
    queued = _insert_new(rows)
    dispatch(queued)
    return queued


def _devices(user_ids: Iterable[int]) -> dict[int, list[int]]:
    """The devices of these players, by player (no query while push is off)."""
    ids = set(user_ids)
    if not ids or not push_keys.enabled():
        return {}
    found: dict[int, list[int]] = {}
    for user_id, device in PushSubscription.objects.filter(user_id__in=ids).values_list(
        "user_id", "pk"
    ):
        found.setdefault(user_id, []).append(device)
    return found


def queue_turn_pushes(table: Table, seats: list[Seat], now: datetime) -> list[Notification]:
    """ "Your turn" pushes to the devices of the seats newly asked, for
    players who want them. Like the turn email, each waits `turn_delay()` and
    goes only if the player is still asked and away (delivery.deliver); a
    device with such a push already waiting for the seat gets no second."""
    due = [s for s in seats if not s.dropped and _wants_pushes(_profile_of(s))]
    devices = _devices(s.user_id for s in due)
    if not devices:
        return []
    waiting = set(
        Notification.objects.filter(
            kind=Kind.TURN,
            channel=Notification.Channel.PUSH,
            table=table,
            seat__in=due,
            status=Notification.Status.PENDING,
        ).values_list("subscription_id", flat=True)
    )
    return _queue_turn_rows(
        table,
        now,
        [
            (seat, device)
            for seat in due
            for device in devices.get(seat.user_id, [])
            if device not in waiting
        ],
    )


def queue_game_over(table: Table, seats: list[Seat], now: datetime) -> list[Notification]:
    prefs = _preferences(s.user_id for s in seats)
    queued = []
    for seat in seats:
        if seat.user_id in prefs and not prefs[seat.user_id].notify_game_over:
            continue
        row = _create(
            Kind.GAME_OVER,
            user_id=seat.user_id,
            now=now,
            table=table,
            seat=seat,
            profile=prefs.get(seat.user_id),
        )
        if row is not None:
            queued.append(row)
    dispatch(queued)
    return queued


def queue_reminder(table: Table, seat: Seat, now: datetime) -> Notification | None:
    """Once per turn: the turn is named by when its clock started."""
    started = int(seat.turn_started_at.timestamp()) if seat.turn_started_at else 0
    return _queue_clock_notice(Kind.REMINDER, table, seat, now, part=f"s{started}")


def queue_timeout(table: Table, seat: Seat, now: datetime) -> Notification | None:
    """The clock ran out and the game played for the player: say so, with
    the timeouts used (once per timeout)."""
    return _queue_clock_notice(Kind.TIMEOUT, table, seat, now, part=f"n{seat.timeouts}")


def _queue_clock_notice(
    kind: str, table: Table, seat: Seat, now: datetime, *, part: str
) -> Notification | None:
    """Emails about a player's clock, under the reminders' switch."""
    profile = _profile_of(seat)
    if profile is not None and not profile.notify_reminder:
        return None
    row = _create(
        kind, user_id=seat.user_id, now=now, table=table, seat=seat, part=part, profile=profile
    )
    dispatch([row] if row else [])
    return row


def queue_reminder_pushes(table: Table, seat: Seat, now: datetime) -> list[Notification]:
    """The reminder to the player's devices, once per turn, under the same
    switches as the email (reminders, and pushes at all)."""
    profile = _profile_of(seat)
    if (profile is not None and not profile.notify_reminder) or not _wants_pushes(profile):
        return []
    started = int(seat.turn_started_at.timestamp()) if seat.turn_started_at else 0
    return _queue_pushes(
        Kind.REMINDER,
        seat.user_id,
        now,
        table=table,
        seat=seat,
        part=f"s{started}",
        profile=profile,
    )


def queue_invitation_pushes(
    table: Table, user: AbstractBaseUser, now: datetime
) -> list[Notification]:
    if not push_keys.enabled():
        return []
    profile = _preferences([user.pk]).get(user.pk)
    if (profile is not None and not profile.notify_invitation) or not _wants_pushes(profile):
        return []
    return _queue_pushes(Kind.INVITATION, user.pk, now, table=table, profile=profile)


def _queue_pushes(kind: str, user_id: int, now: datetime, **fields) -> list[Notification]:
    rows = [
        _row(kind, user_id=user_id, now=now, device=device, **fields)
        for device in _devices([user_id]).get(user_id, [])
    ]
    queued = _insert_new(rows)
    dispatch(queued)
    return queued


def queue_invitation(table: Table, user: AbstractBaseUser, now: datetime) -> Notification | None:
    profile = _preferences([user.pk]).get(user.pk)
    if profile is not None and not profile.notify_invitation:
        return None
    row = _create(Kind.INVITATION, user_id=user.pk, now=now, table=table, profile=profile)
    dispatch([row] if row else [])
    return row


def queue_tournament_news(
    user_id: int, now: datetime, part: str, table: Table | None = None
) -> Notification | None:
    """A tournament's news for a player (see `tournaments.notices`), under
    its own switch (a player may want a tournament's rounds and not every
    invitation to a table, or the other way round): an email, and a push to
    each device where the player has pushes."""
    profile = _preferences([user_id]).get(user_id)
    if profile is not None and not profile.notify_tournament:
        return None
    row = _create(
        Kind.TOURNAMENT, user_id=user_id, now=now, table=table, part=part, profile=profile
    )
    dispatch([row] if row else [])
    if push_keys.enabled() and _wants_pushes(profile):
        _queue_pushes(Kind.TOURNAMENT, user_id, now, table=table, part=part, profile=profile)
    return row


def queue_digest(user_id: int, day: str, now: datetime) -> Notification | None:
    profile = _preferences([user_id]).get(user_id)
    row = _create(Kind.DIGEST, user_id=user_id, now=now, part=day, profile=profile)
    dispatch([row] if row else [])
    return row


def queue_reply_answer(
    table: Table, seat: Seat, now: datetime, *, per_hour: int
) -> Notification | None:
    """The short email back to a reply to a turn email that played nothing,
    unless the player has had `per_hour` of them this hour already (None).

    The hour's answers are numbered slots of one unique key each, so that
    two replies at once can never take more than the hour allows: a mail
    loop (an auto-responder that slipped through, answering our answers)
    stops after a few."""
    hour = int(now.timestamp()) // 3600
    for slot in range(per_hour):
        row = _row(Kind.REPLY, user_id=seat.user_id, now=now, table=table, seat=seat)
        # The key names no table: the limit is the player's, all tables together.
        row.key = Notification.make_key(Kind.REPLY, user_id=seat.user_id, part=f"h{hour}n{slot}")
        if _insert_one(row):
            dispatch([row])
            return row
    return None


# A broker hands an unacknowledged task out again after about an hour (Redis's
# visibility timeout): rows due later than this, held until a player's hours
# start, are left to the drain.
DISPATCH_WITHIN = timedelta(minutes=50)


def dispatch(rows: list[Notification]) -> None:
    """Ask the worker to send these rows once the transaction commits (when
    they are due, each group of rows due together in one task); the drain
    sends what that misses, and the rows held for hours."""
    waits: dict[float, list[int]] = {}
    for row in rows:
        wait = row.due_at - row.created_at
        if wait <= DISPATCH_WITHIN:
            waits.setdefault(wait.total_seconds(), []).append(row.pk)
    for wait, ids in waits.items():
        transaction.on_commit(lambda ids=ids, wait=wait: send_soon(ids, countdown=wait))


# Found by name in the Celery app's registry (the app config loads the tasks
# module): the tasks sit above the outbox (they call the delivery, which
# reads the outbox), so the outbox never imports them.
SEND_TASK = "notifications.tasks.send_notifications"


def send_soon(ids: list[int], countdown: float = 0) -> None:
    from config.celery import app

    try:
        app.tasks[SEND_TASK].apply_async((ids,), retry=False, countdown=countdown or None)
    except Exception:  # any broker failure: the drain sends them later
        log.warning("Broker unreachable; %d notification(s) stay in the outbox.", len(ids))
