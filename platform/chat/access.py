"""Who may read and write which channel of a table's chat, and a tournament's.

- Seated players write the players' channel (in the waiting room, during the
  game and after it) and read it; they read the spectators' channel only
  once the game is over, so nobody watching can help them while it runs.
- Logged-in people not seated (spectators) write the spectators' channel and
  read both.
- Anyone else reads the players' channel once the game is over, and the
  spectators' channel too.
Staff read what their place at the table lets them read, hidden texts included.

A tournament's chat is one channel, for the tournament as a whole (each of its
tables keeps its own chat, as above):
- its entrants (withdrawn or knocked out ones too, and before, during and
  after it) and its creator write it and read it;
- anyone else logged in reads it, as a spectator reads a table's players,
  and may report what they read; a tournament is not a game whose secrets a
  reader could pass on, so nothing waits for its end;
- nobody logged out reads it, at any time: it is where the players talk among
  themselves, not a public page.
Blocks apply as at a table: neither of a blocked pair reads the other's
messages (`chat.selectors`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser

from chat.models import Channel
from tables.models import Seat, Table
from tournaments.models import Entry, Tournament


@dataclass(frozen=True)
class Access:
    seated: bool
    logged_in: bool
    staff: bool
    readable: tuple[str, ...]
    writable: str | None  # the one channel this person writes, if any


def is_seated(table: Table, user: AbstractBaseUser | None) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return Seat.objects.filter(table=table, user=user).exists()


def readable_channels(*, seated: bool, logged_in: bool, over: bool) -> tuple[str, ...]:
    """The channels a reader may read: the rules above, in one place."""
    if seated and not over:
        return (str(Channel.PLAYERS),)
    if seated or logged_in or over:
        return (str(Channel.PLAYERS), str(Channel.SPECTATORS))
    return ()


def access_for(
    table: Table, user: AbstractBaseUser | None, *, seated: bool | None = None
) -> Access:
    """What `user` may do with `table`'s chat (`seated` saves the query when
    the caller already knows)."""
    logged_in = user is not None and user.is_authenticated
    if seated is None:
        seated = is_seated(table, user)
    if seated:
        writable = Channel.PLAYERS
    elif logged_in:
        writable = Channel.SPECTATORS
    else:
        writable = None
    return Access(
        seated=seated,
        logged_in=logged_in,
        staff=bool(logged_in and user.is_staff),
        readable=readable_channels(seated=seated, logged_in=logged_in, over=table.is_over),
        writable=str(writable) if writable else None,
    )


def tournament_readable(*, logged_in: bool) -> tuple[str, ...]:
    return (str(Channel.TOURNAMENT),) if logged_in else ()


def tournament_access_for(tournament: Tournament, user: AbstractBaseUser | None) -> Access:
    """What `user` may do with `tournament`'s chat (`seated`: entered, or its
    creator)."""
    logged_in = user is not None and user.is_authenticated
    entrant = logged_in and (
        tournament.creator_id == user.pk
        or Entry.objects.filter(tournament=tournament, user=user).exists()
    )
    return Access(
        seated=entrant,
        logged_in=logged_in,
        staff=bool(logged_in and user.is_staff),
        readable=tournament_readable(logged_in=logged_in),
        writable=str(Channel.TOURNAMENT) if entrant else None,
    )


def message_access(message, user: AbstractBaseUser | None) -> Access:
    """The reader's access to the place `message` was written in."""
    if message.table_id is not None:
        return access_for(message.table, user)
    return tournament_access_for(message.tournament, user)
