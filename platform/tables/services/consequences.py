"""What follows a play of a table (a move, the timeouts the sweep plays, a
start, a drop): every consequence, in one function, `play_follow`, in the
order it happens.

The tables app calls no other app by name: each consequence is an event of
`tables.events`, and the app that acts on it connects in its `ready()`, or,
for what follows a table's end, a follower the app registers here
(`table_over_follower_add`). The receivers and followers are named here, so that
one reading shows the whole chain.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime

from django.db import transaction

from autoplay.accounts import level_of
from tables import events
from tables.models import Seat, Table
from tables.services.changes import COUNT, GAMES, TURN, table_announce

# What follows a table's end once its transaction has committed, each called
# with `table_id=` in the order registered: a tournament's table counted in
# its standings (`tournaments.services.table_result_count`, registered by
# the tournaments app's `ready()`; it counts a table once however many times
# it is told, and starts the next round when it was the round's last).
table_over_followers: list[Callable[..., object]] = []


def table_over_follower_add(follower: Callable[..., object]) -> None:
    """Register `follower(table_id=...)` (once, however often an app's
    `ready()` runs)."""
    if follower not in table_over_followers:
        table_over_followers.append(follower)


def table_over_follow(table_id: int) -> None:
    """Tell the followers of a table's end, once the transaction that ended
    it (a last move, a timeout, a drop, an operator's cancel) has committed.
    Robust: the end has committed whatever a follower does; a failure is
    logged, not answered to whoever ended it."""
    for follower in table_over_followers:
        _robust_on_commit(follower, table_id=table_id)


def _robust_on_commit(func: Callable[..., object], **kwargs: object) -> None:
    """`func(**kwargs)` once the transaction commits; its failure is logged.
    A plain function, not a partial: Django's log of a failed robust
    callback reads its `__qualname__`, which a partial lacks (and the log
    line itself would then fail)."""

    def call() -> None:
        func(**kwargs)

    call.__qualname__ = getattr(func, "__qualname__", type(func).__qualname__)
    transaction.on_commit(call, robust=True)


def play_follow(
    *,
    table: Table,
    seats: list[Seat],
    asked: list[Seat],
    asked_before: set[int],
    moved: set[int],
    users: dict[int, str],
    now: datetime,
) -> None:
    """Everything a saved play sets off. Called by `Play.finish` in the
    play's transaction, with the table's row locked.

    In the transaction (rows written commit or roll back with the play):
    1. open pages: the table changed, and so did the lists of the people
       named (`table_announce` → `live.publish`, published once it commits);
    2. turns: each seat newly asked, but not whoever just moved (they are
       looking at the table), is told (`turns_asked` →
       `notifications.receivers`: emails' and pushes' outbox rows, sent
       once it commits);
    3. bots: each bot seat asked is queued to move (`table_played` →
       `autoplay.tasks`, queued once it commits);
    4. the end of the game: the game-over emails (`game_finished` →
       `notifications.receivers`).
    Once the transaction has committed, the table's lock released, first of
    all (before the pages hear of it):
    5. the ratings of a finished game (`game_result_committed` →
       `players.ratings.game_rate`, which rates a game once however many
       times it is told), then the followers of a table's end
       (`table_over_follow`: a tournament table's result, counted once,
       starting the next round when it was the round's last).
    A seat's timeout is told as the play makes it (`seat_timed_out` →
    `notifications.receivers`, from `Play._time_out`): its notice names the
    version the timeout left."""
    over = table.status == Table.Status.FINISHED
    if over:
        # Registered before the pages are told (commit callbacks run in
        # order), so that a page redrawn on the news finds the ratings.
        # Robust: the play has committed whatever a receiver does; a failure
        # is logged, not answered to the player whose move it was.
        _robust_on_commit(events.game_result_committed.send, sender=Table, table_id=table.pk)
        table_over_follow(table.pk)
    table_announce(table, _pages_told(seats, asked, asked_before, over, users))
    events.turns_asked.send(
        sender=Table, table=table, seats=[s for s in asked if s.number not in moved], now=now
    )
    events.table_played.send(sender=Table, table=table, seats=seats, now=now)
    if over:
        events.game_finished.send(sender=Table, table=table, seats=seats, now=now)


def _pages_told(
    seats: Iterable[Seat],
    asked: list[Seat],
    asked_before: set[int],
    over: bool,
    users: dict[int, str],
) -> dict[int, str]:
    """Whose own pages the play changes, and how: the seats it asks, those
    it no longer asks, everyone when the game ends, and `users`. Bots have
    no pages."""
    seats = list(seats)
    told = dict(users)
    for seat in seats:
        if over:
            told[seat.user_id] = GAMES
        elif seat.number in asked_before and not seat.must_act:
            told[seat.user_id] = COUNT
    told.update((s.user_id, TURN) for s in asked)
    people = {s.user_id for s in seats if level_of(s.user) is None}
    return {user: kind for user, kind in told.items() if user in people}
