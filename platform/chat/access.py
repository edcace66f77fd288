"""Who may read and write which channel of a table's chat.

- Seated players write the players' channel (in the waiting room, during the
  game and after it) and read it; they read the spectators' channel only
  once the game is over, so nobody watching can help them while it runs.
- Logged-in people not seated (spectators) write the spectators' channel and
  read both.
- Anyone else reads the players' channel once the game is over, and the
  spectators' channel too.
Staff read what their place at the table lets them read, hidden texts included.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser

from chat.models import Channel
from tables.models import Seat, Table


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
