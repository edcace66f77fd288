"""What a tournament follows of its tables: a finished (or cancelled) table
counts in the standings (a follower of the table's end, listed with every
other consequence of a play in `tables.services.consequences`), and a clock
that drops a player from a table (`tables.events.seat_timed_out`) counts
towards their withdrawal. And the tournament's own change, published to its
open pages once it commits."""

from __future__ import annotations

from functools import partial

from django.db import transaction

from live import bus, channels
from tables import events
from tables.services import consequences
from tournaments.events import tournament_changed


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
    from tournaments.services import table_result_count

    tournament_changed.connect(on_tournament_changed, dispatch_uid="tournaments.live")
    tournament_changed.connect(tell_players, dispatch_uid="tournaments.emails")
    consequences.table_over_follower_add(table_result_count)
    events.seat_timed_out.connect(on_seat_timed_out, dispatch_uid="tournaments.timeouts")
