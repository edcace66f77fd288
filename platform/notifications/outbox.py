"""Writing notifications into the outbox, inside the caller's transaction.

Rows are dispatched to the worker once the transaction commits. If the broker
cannot be reached then, nothing is lost: the rows stay pending and the
worker's periodic drain sends them when it can.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from functools import lru_cache

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, transaction

from accounts.models import Profile
from notifications.models import Notification
from tables import queries
from tables.models import Seat, Table

log = logging.getLogger(__name__)
Kind = Notification.Kind
# Adds a statement to a play's write: its SQL, its parameters, and what to do
# with the rows it returns once it has run.
JoinWrite = Callable[[str, list, Callable[[list[tuple]], None]], None]


def _preferences(user_ids: Iterable[int]) -> dict[int, Profile]:
    ids = set(user_ids)
    return {p.user_id: p for p in Profile.objects.filter(user_id__in=ids)} if ids else {}


def _row(
    kind: str,
    *,
    user_id: int,
    now: datetime,
    table: Table | None = None,
    seat: Seat | None = None,
    part: object = "",
    due_at: datetime | None = None,
) -> Notification:
    return Notification(
        key=Notification.make_key(
            kind, user_id=user_id, table_id=table.pk if table else None, part=part
        ),
        kind=kind,
        user_id=user_id,
        table=table,
        seat=seat,
        version=table.version if table else 0,
        created_at=now,
        due_at=due_at or now,
    )


def _insert_new(rows: list[Notification], *, where: str = "", params=()) -> list[Notification]:
    """Insert the rows whose key is new (and that pass `where`, a condition on
    the candidate row `c`), in one statement: a key already there is skipped
    (ON CONFLICT DO NOTHING), so two racing transactions queue one email and
    neither has to undo anything. Returns the rows inserted, with their ids."""
    if not rows:
        return []
    sql, values = _insert_statement(rows, where, params)
    if connection.vendor == "postgresql":  # prepared: planning it cost more than running it
        (found,) = connection.run_prepared([(sql, values)])
    else:
        with connection.cursor() as cursor:
            cursor.execute(sql, values)
            found = cursor.fetchall()
    return _inserted(rows, found)


def _insert_statement(rows: list[Notification], where: str, params) -> tuple[str, list]:
    sql, fields = _insert_sql(connection.vendor, len(rows), where)
    return sql, [v for row in rows for v in queries.values(row, fields, add=True)] + list(params)


@lru_cache(maxsize=64)  # a few conditions, a few numbers of rows
def _insert_sql(vendor: str, rows: int, where: str) -> tuple[str, queries.Preparing]:
    """The insert's text, built once: building it cost more than the move's
    own write."""
    meta = Notification._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    quote = connection.ops.quote_name
    # PostgreSQL types a union's columns from its literals: name each type.
    typed = vendor == "postgresql"
    one = "SELECT " + ", ".join(
        (f"CAST(%s AS {f.db_type(connection)})" if typed else "%s") + f" AS {quote(f.column)}"
        for f in fields
    )
    columns = ", ".join(quote(f.column) for f in fields)
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({columns}) "
        f"SELECT {', '.join('c.' + quote(f.column) for f in fields)} "
        f"FROM ({' UNION ALL '.join([one] * rows)}) c "
        f"WHERE {where or 'TRUE'} "
        f"ON CONFLICT ({quote('key')}) DO NOTHING RETURNING {quote('id')}, {quote('key')}"
    )
    return sql, queries.preparing(fields, vendor)


def _inserted(rows: list[Notification], found: list[tuple]) -> list[Notification]:
    """The rows the insert kept (its RETURNING id, key), with their ids."""
    ids = {key: pk for pk, key in found}
    inserted = []
    for row in rows:
        if row.key in ids:
            row.pk = ids[row.key]
            row._state.adding = False
            inserted.append(row)
    return inserted


def _create(kind: str, **fields) -> Notification | None:
    """One outbox row, unless the same one exists already (then None)."""
    return next(iter(_insert_new([_row(kind, **fields)])), None)


def turn_delay() -> timedelta:
    return timedelta(seconds=settings.TURN_EMAIL_DELAY_SECONDS)


# The player wants turn emails at once (no profile: the default), and has
# none waiting for this table.
TURN_WANTED = """
    COALESCE(
        (SELECT p.notify_turn FROM accounts_profile p WHERE p.user_id = c.user_id), %s
    ) = %s
    AND NOT EXISTS (
        SELECT 1 FROM notifications_notification n
        WHERE n.kind = c.kind AND n.table_id = c.table_id AND n.seat_id = c.seat_id
          AND n.status = %s
    )
"""


REMINDERS_WANTED = """
    COALESCE(
        (SELECT p.notify_reminder FROM accounts_profile p WHERE p.user_id = c.user_id), %s
    )
"""


def queue_turns(
    table: Table, seats: list[Seat], now: datetime, join_write: JoinWrite | None = None
) -> list[Notification]:
    """ "Your turn" emails for seats newly asked to act, for players who want
    them at once. Each waits `turn_delay()` and is checked again when due
    (delivery.deliver): it goes only if the player is still asked, is not on
    the site, and has not been told about this table since they last were.
    A seat with such an email already waiting gets no second one. One
    statement checks all that and inserts (the move path's cost).

    With `join_write` (see `tables.events.turns_asked`), that statement goes
    with the play's own write, and the rows are queued once it has run: the
    list returned is then empty."""
    due = [s for s in seats if not s.dropped]
    rows = [
        _row(
            Kind.TURN,
            user_id=seat.user_id,
            now=now,
            table=table,
            seat=seat,
            part=f"v{table.version}",
            due_at=now + turn_delay(),
        )
        for seat in due
    ]
    if not rows:
        return []
    immediate = Profile.Notify.IMMEDIATE
    checks = [immediate, immediate, Notification.Status.PENDING]
    if join_write is not None:
        sql, values = _insert_statement(rows, TURN_WANTED, checks)
        join_write(sql, values, lambda found: dispatch(_inserted(rows, found)))
        return []
    queued = _insert_new(rows, where=TURN_WANTED, params=checks)
    dispatch(queued)
    return queued


def queue_game_over(table: Table, seats: list[Seat], now: datetime) -> list[Notification]:
    prefs = _preferences(s.user_id for s in seats)
    queued = []
    for seat in seats:
        if seat.user_id in prefs and not prefs[seat.user_id].notify_game_over:
            continue
        row = _create(Kind.GAME_OVER, user_id=seat.user_id, now=now, table=table, seat=seat)
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
    """Emails about a player's clock, under the reminders' switch (checked
    in the insert: one statement on the sweep's path)."""
    row = _row(kind, user_id=seat.user_id, now=now, table=table, seat=seat, part=part)
    queued = _insert_new([row], where=REMINDERS_WANTED, params=[True])
    dispatch(queued)
    return next(iter(queued), None)


def queue_invitation(table: Table, user: AbstractBaseUser, now: datetime) -> Notification | None:
    profile = _preferences([user.pk]).get(user.pk)
    if profile is not None and not profile.notify_invitation:
        return None
    row = _create(Kind.INVITATION, user_id=user.pk, now=now, table=table)
    dispatch([row] if row else [])
    return row


def queue_digest(user_id: int, day: str, now: datetime) -> Notification | None:
    row = _create(Kind.DIGEST, user_id=user_id, now=now, part=day)
    dispatch([row] if row else [])
    return row


def dispatch(rows: list[Notification]) -> None:
    """Ask the worker to send these rows once the transaction commits (when
    they are due); the drain sends what that misses."""
    ids = [row.pk for row in rows]
    if ids:
        wait = max((row.due_at - row.created_at).total_seconds() for row in rows)
        transaction.on_commit(lambda: send_soon(ids, countdown=wait))


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
