"""Reads of the chat: what one person sees of a table's chat or a
tournament's, mutes, and the cheap mark the chat's poll compares."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache

from django.contrib.auth.models import AbstractBaseUser
from django.core import signing
from django.db import connections
from django.db.models import Exists, Max, OuterRef, Q, QuerySet, Subquery
from django.utils.dateparse import parse_datetime

from chat.access import (
    Access,
    access_for,
    readable_channels,
    tournament_access_for,
    tournament_readable,
)
from chat.models import Channel, Message, Mute, Report
from clocks import clock
from social.models import Block
from tables.models import Seat, Table
from tournaments.models import Tournament

# The newest messages shown per channel; older ones stay in the database.
RECENT = 100
REMOVED = "Removed by a moderator."


def active_mute(user: AbstractBaseUser | None) -> Mute | None:
    """The mute that keeps `user` silent longest, if one is running."""
    if user is None or not user.is_authenticated:
        return None
    return Mute.objects.filter(user=user, until__gt=clock.now()).order_by("-until").first()


def open_report_count() -> int:
    return Report.objects.filter(resolved_at__isnull=True).count()


@dataclass
class ShownMessage:
    """A message as one reader sees it: a hidden one's text is gone unless
    the reader is staff."""

    id: int
    channel: str
    author: str
    author_id: int
    at: datetime
    text: str
    hidden: bool
    mine: bool
    reported: bool
    can_report: bool

    def as_api(self) -> dict:
        return {
            "id": self.id,
            "channel": self.channel,
            "author": self.author,
            "at": self.at.isoformat(),
            "text": self.text,
            "hidden": self.hidden,
            "reported_by_me": self.reported,
        }


@dataclass
class ChannelView:
    channel: str
    label: str
    messages: list[ShownMessage] = field(default_factory=list)
    # Older messages exist: read them with `before` set to this id.
    older_before: int | None = None

    @property
    def title(self) -> str:
        return {
            Channel.PLAYERS: "Players' chat",
            Channel.SPECTATORS: "Spectators' chat",
            Channel.TOURNAMENT: "Players' messages",
        }[Channel(self.channel)]


@dataclass
class ChatView:
    table: Table | None  # None: a tournament's chat
    access: Access
    channels: list[ChannelView]
    muted_until: datetime | None
    mark: str

    @property
    def can_write(self) -> bool:
        return self.access.writable is not None and self.muted_until is None

    @property
    def writes_in(self) -> str:
        return Channel(self.access.writable).label if self.access.writable else ""


def _shown(message: Message, user_id: int | None, *, staff: bool, logged_in: bool) -> ShownMessage:
    mine = message.author_id == user_id
    hidden = message.hidden
    return ShownMessage(
        id=message.pk,
        channel=message.channel,
        author=message.author.username,
        author_id=message.author_id,
        at=message.created_at,
        text=message.text if (not hidden or staff) else REMOVED,
        hidden=hidden,
        mine=mine,
        reported=getattr(message, "reported", False),
        can_report=logged_in and not mine and not hidden,
    )


def as_written(message: Message) -> ShownMessage:
    """A message just written, as its author sees it."""
    return _shown(message, message.author_id, staff=False, logged_in=True)


def _blocks_between(user_id: int, author_id) -> QuerySet[Block]:
    """A block between the reader and a message's author, either way round:
    each of the two sees none of the other's messages."""
    return Block.objects.filter(
        Q(owner_id=user_id, other_id=author_id) | Q(owner_id=author_id, other_id=user_id)
    )


def chat_view(
    table: Table,
    user: AbstractBaseUser | None,
    *,
    seated: bool | None = None,
    before: int | None = None,
    channel: str | None = None,
) -> ChatView:
    """What `user` sees of `table`'s chat: a bounded number of queries, however
    long the chat (a seat, the mark, one per readable channel, a mute).
    The messages of anyone the reader blocks, or is blocked by, are left
    out, so the page, its redraws on the live events and the API all show
    none of them.

    Each channel shows its newest RECENT messages, or with `before` the
    newest RECENT older than that message id: the chat's history, a page at
    a time, under the same rules of who reads what. `channel`: that channel
    only (none, if the user may not read it)."""
    access = access_for(table, user, seated=seated)
    # Read before the messages: one arriving in between is then shown with
    # an older mark, and the next poll merely redraws once more.
    row = _chat_row(table.pk, user.pk if access.logged_in else None)
    mark = _mark_of(row, access.readable) if row is not None else ""
    readable = [c for c in access.readable if channel is None or c == channel]
    written = Message.objects.filter(table=table)
    # A channel nobody has written in costs no query (most tables' chats).
    sources = [
        (c, written.filter(channel=c) if row and row[f"{c}_last"] is not None else None)
        for c in readable
    ]
    return _view(table, access, mark, sources, user, before)


def tournament_chat_view(
    tournament: Tournament, user: AbstractBaseUser | None, *, before: int | None = None
) -> ChatView:
    """What `user` sees of `tournament`'s chat, under the same rules of blocks,
    hidden messages and pages of history as a table's, in a bounded number
    of queries (an entry, the mark, the messages, a mute)."""
    access = tournament_access_for(tournament, user)
    reader_id = user.pk if user is not None and user.is_authenticated else None
    mark = tournament_mark(tournament.pk, reader_id) if access.readable else ""
    written = Message.objects.filter(tournament=tournament)
    return _view(None, access, mark, [(c, written) for c in access.readable], user, before)


def _view(
    table: Table | None,
    access: Access,
    mark: str,
    sources: list[tuple[str, QuerySet[Message] | None]],
    user: AbstractBaseUser | None,
    before: int | None,
) -> ChatView:
    """The newest RECENT messages of each (channel, messages) source, as the
    reader with `access` sees them."""
    user_id = user.pk if access.logged_in else None
    recent: list[list[Message]] = []
    for _, query in sources:
        if query is None:  # known to hold no message
            recent.append([])
            continue
        query = query.select_related("author")
        if user_id is not None:
            # In the same query: a page costs no more for the reader's reports,
            # nor for leaving out whoever the reader blocks or is blocked by.
            query = query.annotate(
                reported=Exists(Report.objects.filter(message=OuterRef("pk"), reporter_id=user_id))
            ).exclude(Exists(_blocks_between(user_id, OuterRef("author_id"))))
        if before is not None:
            query = query.filter(id__lt=before)
        # One more than shown tells, in the same query, whether there are older.
        rows = list(query.order_by("-id")[: RECENT + 1])
        rows.reverse()
        recent.append(rows)
    mute = active_mute(user) if access.writable else None
    channels = [
        ChannelView(
            channel=name,
            label=Channel(name).label,
            messages=[
                _shown(m, user_id, staff=access.staff, logged_in=access.logged_in)
                for m in rows[-RECENT:]
            ],
            older_before=rows[-RECENT].pk if len(rows) > RECENT else None,
        )
        for (name, _), rows in zip(sources, recent, strict=True)
    ]
    return ChatView(
        table=table,
        access=access,
        channels=channels,
        muted_until=mute.until if mute else None,
        mark=mark,
    )


def _mark(status: str, last_id: int | None, moderated: datetime | None) -> str:
    stamp = int(moderated.timestamp() * 1_000_000) if moderated else 0
    return f"{status}.{last_id or 0}.{stamp}"


# The table chat's channels, whose newest message and moderation make its mark.
TABLE_CHANNELS = (Channel.PLAYERS, Channel.SPECTATORS)


@lru_cache(maxsize=1)
def _chat_row_sql() -> str:
    """One statement, written once: the ORM took longer to build it than
    PostgreSQL to answer it (4-5 ms against 0.1-0.2), on every table page,
    board and chat poll. The messages of a writer the reader blocks, or is
    blocked by, are left out, so that they redraw nothing for the reader."""
    message, table, seat = Message._meta.db_table, Table._meta.db_table, Seat._meta.db_table
    apart = (
        f"NOT EXISTS(SELECT 1 FROM {Block._meta.db_table} b"
        " WHERE (b.owner_id = %(reader)s AND b.other_id = m.author_id)"
        " OR (b.owner_id = m.author_id AND b.other_id = %(reader)s))"
    )
    newest = ",\n".join(
        f"(SELECT MAX(m.{column}) FROM {message} m WHERE m.table_id = t.id"
        f" AND m.channel = '{channel.value}' AND {apart}) AS {channel.value}_{name}"
        for channel in TABLE_CHANNELS
        for name, column in (("last", "id"), ("moderated", "moderated_at"))
    )
    return (
        f"SELECT t.status, EXISTS(SELECT 1 FROM {seat} s WHERE s.table_id = t.id"
        f" AND s.user_id = %(reader)s) AS seated,\n{newest}\n"
        f"FROM {table} t WHERE t.id = %(table)s"
    )


def _chat_row(table_id: int, reader_id: int | None = None) -> dict | None:
    """The table's status, whether the reader is seated, and each channel's
    newest message id and moderation time as the reader is shown them (none
    of a writer kept apart from them), in one query."""
    with connections[Message.objects.db].cursor() as cursor:
        cursor.execute(_chat_row_sql(), {"table": table_id, "reader": reader_id})
        row = cursor.fetchone()
        if row is None:
            return None
        found = dict(zip((c[0] for c in cursor.description), row, strict=True))
    for channel in TABLE_CHANNELS:
        # SQLite gives an aggregate of a timestamp column back as text.
        key = f"{channel.value}_moderated"
        if isinstance(found[key], str):
            found[key] = parse_datetime(found[key])
    return found


def _mark_of(row: dict, channels: Iterable[str]) -> str:
    """The mark of the table's chat in these channels, from `_chat_row`: it
    changes with every new message, every hidden or restored one, and when
    the game ends (which opens channels to more readers)."""
    lasts = [row[f"{c}_last"] for c in channels if row[f"{c}_last"] is not None]
    moderated = [row[f"{c}_moderated"] for c in channels if row[f"{c}_moderated"] is not None]
    return _mark(row["status"], max(lasts, default=None), max(moderated, default=None))


def poll_mark(table_id: int, reader_id: int | None) -> str | None:
    """The mark of what this reader (None: someone logged out) may read of the
    table's chat, in one query (None: no such table). The poll takes its
    channels from here, never from the request: a reader who asked for a
    channel they may not read would learn when, and how much, it is written."""
    row = _chat_row(table_id, reader_id)
    if row is None:
        return None
    readable = readable_channels(
        seated=row["seated"],
        logged_in=reader_id is not None,
        over=Table(status=row["status"]).is_over,
    )
    return _mark_of(row, readable)


def tournament_mark(tournament_id: int, reader_id: int | None = None) -> str | None:
    """The mark of a tournament's chat as `reader_id` reads it, in one query
    (None: no such tournament): it changes with every new message they are
    shown and every hidden or restored one."""
    written = Message.objects.filter(tournament=OuterRef("pk")).order_by()
    if reader_id is not None:
        # A message between a blocked pair redraws neither chat, as at a table.
        written = written.exclude(Exists(_blocks_between(reader_id, OuterRef("author_id"))))
    written = written.values("tournament")
    row = (
        Tournament.objects.filter(pk=tournament_id)
        .annotate(
            last=Subquery(written.annotate(m=Max("id")).values("m")[:1]),
            moderated=Subquery(written.annotate(m=Max("moderated_at")).values("m")[:1]),
        )
        .values("last", "moderated")
        .first()
    )
    return None if row is None else _mark("tournament", row["last"], row["moderated"])


def tournament_poll_mark(tournament_id: int, reader_id: int | None) -> str | None:
    """The mark of what this reader may read of the tournament's chat (""
    for someone logged out, who reads none of it), in one query."""
    mark = tournament_mark(tournament_id, reader_id)
    if mark is None or tournament_readable(logged_in=reader_id is not None):
        return mark
    return ""


# The chat's poll reads no session (it stays one query): the page it polls
# for names its reader in a signed value, bound to the chat: a table's id, or
# `tournament-<id>` for a tournament's (`place`).
_READER_SALT = "chat.reader"


def reader_token(place: int | str, user: AbstractBaseUser | None) -> str:
    user_id = user.pk if user is not None and user.is_authenticated else 0
    return signing.Signer(salt=_READER_SALT).sign(f"{place}.{user_id}")


def reader_of(place: int | str, token: str) -> int | None:
    """The reader a poll's token names (None: logged out, or a token that is
    not this chat's or not ours, read as the least a reader may see)."""
    try:
        value = signing.Signer(salt=_READER_SALT).unsign(token)
    except signing.BadSignature:
        return None
    named, _, user_id = value.partition(".")
    if named != str(place) or not user_id.isdigit() or user_id == "0":
        return None
    return int(user_id)
