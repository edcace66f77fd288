"""The table events a tournament follows (see `tables.events`): a finished
(or cancelled) table counts in the standings, and a clock that drops a player from a table
counts towards their withdrawal. And the tournament's own change, published
to its open pages once it commits."""

from __future__ import annotations

from functools import partial

from django.db import transaction

from live import bus, channels
from tables import events
from tournaments.events import tournament_changed


def on_game_result_committed(sender, *, table_id: int, **_) -> None:
    from tournaments.services import table_result_count

    table_result_count(table_id=table_id)


def on_table_changed(sender, *, table, **_) -> None:
    # A table cancelled by an operator has no result to commit: its round
    # must not wait for it.
    if table.status == table.Status.ABORTED:
        transaction.on_commit(partial(on_game_result_committed, sender, table_id=table.pk))


def on_seat_timed_out(sender, *, table, seat, now, **_) -> None:
    # Told inside the play, with the table locked: the tournament's side runs
    # once it commits, so that it never waits on a table while holding the
    # tournament (a withdrawal drops the player's seats at other tables).
    if seat.dropped_at != now:  # a timeout that did not drop the player
        return
    from tournaments.services import entry_table_timed_out

    transaction.on_commit(
        partial(entry_table_timed_out, table_id=table.pk, user_id=seat.user_id), robust=True
    )


def on_tournament_changed(sender, *, tournament, **_) -> None:
    event = bus.LiveEvent(
        channels.tournament(tournament.pk),
        channels.TOURNAMENT_EVENT,
        {"revision": tournament.revision},
    )
    transaction.on_commit(partial(bus.publish, [event]))


def connect() -> None:
    from tournaments.notices import on_tournament_changed as tell_players

    tournament_changed.connect(on_tournament_changed, dispatch_uid="tournaments.live")
    tournament_changed.connect(tell_players, dispatch_uid="tournaments.emails")
    events.game_result_committed.connect(
        on_game_result_committed, dispatch_uid="tournaments.results"
    )
    events.seat_timed_out.connect(on_seat_timed_out, dispatch_uid="tournaments.timeouts")
    events.table_changed.connect(on_table_changed, dispatch_uid="tournaments.cancelled_tables")
