"""The table events that queue emails and pushes (see `tables.events`)."""

from __future__ import annotations

from notifications import outbox
from tables import events


def on_turns_asked(sender, *, table, seats, now, **_):
    outbox.queue_turns(table, seats, now)
    outbox.queue_turn_pushes(table, seats, now)


def on_game_finished(sender, *, table, seats, now, **_):
    outbox.queue_game_over(table, seats, now)


def on_reminder_due(sender, *, table, seat, now, **_):
    outbox.queue_reminder(table, seat, now)
    outbox.queue_reminder_pushes(table, seat, now)


def on_seat_timed_out(sender, *, table, seat, now, **_):
    outbox.queue_timeout(table, seat, now)


def on_player_invited(sender, *, table, user, now, **_):
    outbox.queue_invitation(table, user, now)
    outbox.queue_invitation_pushes(table, user, now)


def connect() -> None:
    events.turns_asked.connect(on_turns_asked, dispatch_uid="notifications.turns")
    events.game_finished.connect(on_game_finished, dispatch_uid="notifications.game_over")
    events.reminder_due.connect(on_reminder_due, dispatch_uid="notifications.reminder")
    events.seat_timed_out.connect(on_seat_timed_out, dispatch_uid="notifications.timeout")
    events.player_invited.connect(on_player_invited, dispatch_uid="notifications.invitation")
