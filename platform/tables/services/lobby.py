"""The lobby: opening a table, taking and leaving seats, seating bots,
inviting, starting, cancelling, the rematch, and "play now against bots".

Locks and the races they prevent: each function but `table_create` locks the
table's row first (`locks.table_lock`), so that
- two players joining at once never take the same seat or one seat too many
  (the second counts the seats after the first's commit; the unique (table,
  number) and (table, user) are the backstop);
- a player leaving or joining while the creator starts the game is either
  seated in the game or not at all (the start reads the seats under the
  lock);
- a start racing a cancel, or two starts, happen once (the second sees the
  status the first left);
- a bot added while a player joins takes the other free seat, or is refused
  if none is left (the same count under the lock);
- an invitation is never sent twice for one table and player (the unique
  (table, user) of invitations, read under the lock);
- a player joining never sits with someone they block or who blocks them
  (the seats are read under the lock; see `social.selectors`).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from autoplay.accounts import bot_account, level_of
from clocks import clock, controls
from games import registry
from games.bots import LEVELS
from games.engine import InvalidOptions
from social.selectors import blocked_between, kept_apart
from tables import events
from tables.errors import BadRequest, Conflict, Forbidden, NotFound
from tables.models import Invitation, Seat, Table, TableState
from tables.selectors import TableRead
from tables.services import standing_orders
from tables.services.changes import GAMES, INVITATION, everyone, table_announce, table_revise
from tables.services.consequences import table_over_follow
from tables.services.locks import table_lock
from tables.services.moves import Play

# A block is silent: whoever is refused is not told why.
NOT_OPEN_TO_YOU = "This table is not open to you."


def table_create(
    *,
    creator: AbstractBaseUser,
    game: str,
    options: Mapping[str, Any] | None = None,
    max_players: int | None = None,
    time_control: str | controls.TimeControl = controls.DEFAULT_PRESET,
    custom_seconds: tuple[int | None, int | None, int | None] | None = None,
    max_timeouts: int = 3,
    rated: bool = True,
    rated_against_bots: bool = False,
    bot_takeover: bool = True,
    invite: Iterable[str] = (),
    rematch_of: Table | None = None,
) -> Table:
    """Open a table, the creator in seat 0, and invite the players named in
    `invite`: the one way a table is opened, from the page, the API, a
    rematch or "play now". All of it or nothing: an invitation refused (no
    such player) opens no table.

    `time_control` is a preset's key, a `TimeControl` (see `controls.custom`),
    or `controls.CUSTOM` with `custom_seconds` (bank, increment, cap); a
    `rated` game's result changes its players' ratings (`rated_against_bots`:
    the creator's choice of a rated game should a bot sit); with
    `bot_takeover` a medium bot plays a dropped player's seat, else its
    timeout moves do."""
    if time_control == controls.CUSTOM:
        time_control = _custom_time_control(custom_seconds)
    try:
        entry = registry.get(game)
    except LookupError:
        raise BadRequest(f"There is no game called “{game}”.") from None
    engine = entry.engine
    try:
        cleaned = engine.clean_options(options)
        _, high = engine.player_range(cleaned)
        if max_players is None:
            max_players = high
        engine.check_player_count(max_players, cleaned)
    except InvalidOptions as exc:
        raise BadRequest(str(exc)) from None
    preset = (
        time_control
        if isinstance(time_control, controls.TimeControl)
        else controls.PRESETS.get(time_control)
    )
    if preset is None:
        raise BadRequest(
            f"Unknown time control “{time_control}”: choose one of {', '.join(controls.PRESETS)}."
        )
    if not 1 <= max_timeouts <= 10:
        raise BadRequest("Timeouts before a player is dropped must be between 1 and 10.")
    with transaction.atomic():
        table = Table.objects.create(
            game=engine.slug,
            options=cleaned,
            max_players=max_players,
            creator=creator,
            seed=secrets.randbits(62),
            engine_version=engine.version,
            time_control=preset.key,
            time_bank=preset.bank,
            time_increment=preset.increment,
            time_cap=preset.cap,
            max_timeouts=max_timeouts,
            rated=rated,
            bot_takeover=bot_takeover,
            summary=_open_summary(max_players, 1),
            rematch_of=rematch_of,
        )
        Seat.objects.create(
            table=table, number=0, user=creator, rated_against_bots=rated_against_bots
        )
        for username in invite:
            table_invite(table_id=table.pk, user=creator, username=username)
    return table


def _custom_time_control(
    seconds: tuple[int | None, int | None, int | None] | None,
) -> controls.TimeControl:
    if seconds is None or None in seconds:
        raise BadRequest("A custom time control needs the bank, increment and cap in seconds.")
    try:
        return controls.custom_seconds(*seconds)
    except ValueError as exc:
        raise BadRequest(str(exc)) from None


def _open_summary(max_players: int, seated: int) -> str:
    return f"Waiting for players ({seated} of {max_players})"


def table_join(*, table_id: int, user: AbstractBaseUser, rated_against_bots: bool = False) -> Seat:
    """Take a free seat; `rated_against_bots`: the player's choice of a
    rated game should a bot sit (see `players.ratings.rating_kind`)."""
    with transaction.atomic():
        table = table_lock(table_id)
        if not table.is_open:
            raise Conflict("This table is no longer taking players.")
        seats = list(table.seats.all())
        if any(seat.user_id == user.pk for seat in seats):
            raise Conflict("You already have a seat at this table.")
        if blocked_between(user, [seat.user_id for seat in seats]):
            raise Forbidden(NOT_OPEN_TO_YOU)
        if len(seats) >= table.max_players:
            raise Conflict("This table is full.")
        taken = {seat.number for seat in seats}
        number = next(n for n in range(table.max_players) if n not in taken)
        seat = Seat.objects.create(
            table=table, number=number, user=user, rated_against_bots=rated_against_bots
        )
        _seats_changed(table, len(seats) + 1, {user.pk: GAMES})
    return seat


def seat_against_bots_set(*, table_id: int, user: AbstractBaseUser, chosen: bool) -> Seat:
    """A seated player changes their choice of a rated game against bots,
    until the start (the start settles whether the game is rated)."""
    with transaction.atomic():
        table = table_lock(table_id)
        seat = table.seats.filter(user=user).first()
        if seat is None:
            raise Conflict("You have no seat at this table.")
        if not table.is_open:
            raise Conflict("The game has started: whether it is rated is settled.")
        if seat.rated_against_bots != chosen:
            seat.rated_against_bots = chosen
            seat.save(update_fields=["rated_against_bots"])
            # The waiting room says whether the game will be rated.
            table_revise(table)
            table.save(update_fields=["revision"])
            table_announce(table)
    return seat


def _seats_changed(table: Table, seated: int, users: dict[int, str] | None = None) -> None:
    """The waiting room's count of players, shown in the lobby's list too."""
    table.summary = _open_summary(table.max_players, seated)
    table_revise(table)
    table.save(update_fields=["summary", "updated_at", "revision"])
    table_announce(table, users)


def table_bot_add(*, table_id: int, user: AbstractBaseUser, level: Any) -> Seat:
    """The creator seats a bot of `level` in a free seat of the open table."""
    with transaction.atomic():
        table = table_lock(table_id)
        if table.creator_id != user.pk:
            raise Forbidden("Only the player who opened this table may seat bots.")
        if level not in LEVELS:
            raise BadRequest(f"Unknown bot level “{level}”: choose one of {', '.join(LEVELS)}.")
        if not table.is_open:
            raise Conflict("The game has started: no bot can join it now.")
        seats = list(table.seats.all())
        if len(seats) >= table.max_players:
            raise Conflict("This table is full.")
        bot = bot_account(level, besides={seat.user_id for seat in seats})
        taken = {seat.number for seat in seats}
        number = next(n for n in range(table.max_players) if n not in taken)
        seat = Seat.objects.create(table=table, number=number, user=bot)
        _seats_changed(table, len(seats) + 1)
    return seat


def table_bot_remove(*, table_id: int, user: AbstractBaseUser, number: int) -> None:
    """The creator takes the bot in seat `number` off the open table."""
    with transaction.atomic():
        table = table_lock(table_id)
        if table.creator_id != user.pk:
            raise Forbidden("Only the player who opened this table may remove bots.")
        if not table.is_open:
            raise Conflict("The game has started: its bots play on.")
        seat = table.seats.select_related("user__profile").filter(number=number).first()
        if seat is None or level_of(seat.user) is None:
            raise NotFound("There is no bot in that seat.")
        seat.delete()
        _seats_changed(table, table.seats.count())


def table_play_now(
    *,
    user: AbstractBaseUser,
    game: str,
    level: Any,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    rated: bool = False,
) -> Table:
    """A table of `game` (its default options, but for those given) with bots
    of `level` in every seat but the user's, started at once: unrated unless
    the player chose a `rated` game against bots (see `players.ratings`)."""
    if level not in LEVELS:
        raise BadRequest(f"Unknown bot level “{level}”: choose one of {', '.join(LEVELS)}.")
    with transaction.atomic():
        table = table_create(
            creator=user,
            game=game,
            options=options,
            max_players=players or 2,
            rated=rated,
            rated_against_bots=rated,
        )
        for _ in range(table.max_players - 1):
            table_bot_add(table_id=table.pk, user=user, level=level)
        return table_start(table_id=table.pk, user=user)


def table_leave(*, table_id: int, user: AbstractBaseUser) -> None:
    with transaction.atomic():
        table = table_lock(table_id)
        if not table.is_open:
            raise Conflict("The game has started: you can no longer leave it.")
        if table.creator_id == user.pk:
            raise Conflict("You opened this table: cancel it instead of leaving.")
        deleted, _ = table.seats.filter(user=user).delete()
        if not deleted:
            raise Conflict("You have no seat at this table.")
        _seats_changed(table, table.seats.count(), {user.pk: GAMES})


def table_cancel(*, table_id: int, user: AbstractBaseUser | None, reason: str = "") -> Table:
    """Cancel a table: its creator before the start; staff (user None) at any time."""
    with transaction.atomic():
        table = table_lock(table_id)
        if user is not None:
            if table.creator_id != user.pk:
                raise Forbidden("Only the player who opened this table may cancel it.")
            if not table.is_open:
                raise Conflict("The game has started: it can no longer be cancelled.")
        if table.is_over:
            raise Conflict("This table is already over.")
        table.status = Table.Status.ABORTED
        table.finished_at = clock.now()
        table.to_act = []
        table.prompt = ""
        table.summary = reason or "Cancelled"
        table_revise(table)
        table.save()
        table.seats.update(must_act=False, deadline_at=None, turn_started_at=None)
        # Their games and invitations, and the count of games waiting for them.
        people = {*table.seats.values_list("user_id", flat=True)}
        people |= {*table.invitations.values_list("user_id", flat=True)}
        table_announce(table, everyone(people, GAMES))
        # A cancelled tournament table has no result, but its round must not wait for it.
        table_over_follow(table.pk)
    return table


def table_start(*, table_id: int, user: AbstractBaseUser) -> Table:
    """The creator starts the game once enough players are seated."""
    with transaction.atomic():
        table = table_lock(table_id)
        if table.creator_id != user.pk:
            raise Forbidden("Only the player who opened this table may start it.")
        if not table.is_open:
            raise Conflict("This game has already started.")
        entry = registry.get(table.game)
        engine = entry.engine
        seats = list(
            table.seats.select_related("user", "user__profile").order_by("joined_at", "number")
        )
        low, _ = engine.player_range(table.options)
        if len(seats) < low:
            raise Conflict(f"{engine.name} needs at least {low} players to start.")
        # Seats are numbered in joining order, without the gaps left by leavers.
        for index, seat in enumerate(seats):
            if seat.number != index:
                seat.number = 100 + index  # step aside first: (table, number) is unique
                seat.save(update_fields=["number"])
        for index, seat in enumerate(seats):
            if seat.number != index:
                seat.number = index
                seat.save(update_fields=["number"])
        state = engine.setup(len(seats), table.options, table.seed)
        TableState.objects.create(table=table, state=state)
        table.setup_log = engine.log(state)
        now = clock.now()
        table.status = Table.Status.ACTIVE
        table.started_at = now
        table.save()
        play = Play(TableRead(table, state, seats), now)
        # Every seat starts with the whole bank, written now: a seat first
        # asked later must not read as having no clock until then.
        for seat in seats:
            seat.time_left = table.time_bank
            play.changed_fields(seat, ["time_left"])
            # Orders set in the waiting room know the deal from here on.
            if standing_orders.active(engine, seat.standing_orders):
                seat.order_news = standing_orders.marked(
                    engine, state, seat.number, seat.standing_orders
                )
                play.changed_fields(seat, ["order_news"])
        # The game joins every player's games in play (the ones it asks
        # first are told it is their turn).
        play.finish(users=everyone((s.user_id for s in seats), GAMES))
    return table


def table_invite(*, table_id: int, user: AbstractBaseUser, username: str) -> None:
    """The creator invites a player by name to an open table; they are emailed."""
    with transaction.atomic():
        table = table_lock(table_id)
        if table.creator_id != user.pk:
            raise Forbidden("Only the player who opened this table may invite others.")
        if not table.is_open:
            raise Conflict("The game has started: there is no seat to invite anyone to.")
        guest = get_user_model().objects.filter(username__iexact=username.strip()).first()
        if guest is None:
            raise BadRequest(f"There is no player called “{username.strip()}”.")
        if table.seats.filter(user=guest).exists():
            raise Conflict(f"{guest.username} already has a seat at this table.")
        if blocked_between(user, [guest]):
            # The same words whichever of the two blocks: a block is silent.
            raise Forbidden(f"{guest.username} cannot be invited to this table.")
        _, created = Invitation.objects.get_or_create(
            table=table, user=guest, defaults={"invited_by": user}
        )
        if not created:
            raise Conflict(f"{guest.username} is already invited.")
        # The waiting room lists who is invited.
        table_revise(table)
        table.save(update_fields=["revision"])
        table_announce(table, {guest.pk: INVITATION})
        events.player_invited.send(sender=Table, table=table, user=guest, now=clock.now())


def table_rematch(*, table_id: int, user: AbstractBaseUser) -> Table:
    """A new table with the same game, options, seats and time control, opened
    by `user` (a player of the finished table), the others invited. The old
    table's game changes no more; its page offers the rematch (its revision
    counts the offer, under its row lock)."""
    old = Table.objects.get(pk=table_id)
    players = list(old.seats.select_related("user").order_by("number"))
    if not old.is_over or not old.started_at:
        raise Conflict("A rematch is offered once the game is over.")
    if user.pk not in {s.user_id for s in players}:
        raise Forbidden("Only the players of this game may ask for a rematch.")
    control = controls.PRESETS.get(old.time_control) or controls.custom(
        old.time_bank, old.time_increment, old.time_cap
    )
    apart = kept_apart(user)
    with transaction.atomic():
        table = table_create(
            creator=user,
            game=old.game,
            options=old.options,
            max_players=old.max_players,
            time_control=control,
            max_timeouts=old.max_timeouts,
            rated=old.rated,
            # The creator's own choice, as they made it for the old table.
            rated_against_bots=next(s.rated_against_bots for s in players if s.user_id == user.pk),
            bot_takeover=old.bot_takeover,
            # Nobody the new table's creator is kept apart from (a block since).
            invite=[
                seat.user.username
                for seat in players
                if seat.user_id != user.pk and seat.user_id not in apart
            ],
            rematch_of=old,
        )
        old = table_lock(old.pk)
        table_revise(old)
        old.save(update_fields=["revision"])
        table_announce(old)
    return table
