"""The bots' Celery tasks, on their own `bots` queue (`celery -A config
worker -Q celery,bots`), so a slow search never delays an email or the
sweep.

Each play of a table that leaves a bot's seat in `to_act` queues one
`bot_move` for it, with the table's version, once the play commits: a task
that finds the table moved on stops, since the play that moved it queued
its own. Beat runs `requeue_waiting_bots` every `SWEEP_SECONDS` for the
tasks that were lost (a worker down, a broker restarted).
"""

from __future__ import annotations

from celery import shared_task
from django.db import transaction

from autoplay.play import bot_move_play
from autoplay.seats import bot_seats_to_act
from autoplay.sweep import waiting_bots
from clocks import clock
from games.bots.levels import SECONDS

QUEUE = "bots"
# A move's search stops at its level's deadline; this only guards against
# an engine that never returns.
TIME_LIMIT = 2 * max(SECONDS.values()) + 10


@shared_task(ignore_result=True, acks_late=True, time_limit=TIME_LIMIT)
def bot_move(table_id: int, seat: int, version: int) -> bool:
    return bot_move_play(table_id, seat, version).played


@shared_task(ignore_result=True)
def requeue_waiting_bots() -> int:
    seats = waiting_bots(now=clock.now())
    for seat in seats:
        enqueue(seat.table_id, seat.number, seat.table.version)
    return len(seats)


def enqueue(table_id: int, seat: int, version: int) -> None:
    """Queue the bot's move once the current transaction commits (at once
    outside one)."""
    transaction.on_commit(lambda: bot_move.apply_async((table_id, seat, version), queue=QUEUE))


def on_table_played(sender, *, table, seats, **_) -> None:
    """`tables.events.table_played`: queue the move of each bot seat asked."""
    for number in bot_seats_to_act(table, seats):
        enqueue(table.pk, number, table.version)
