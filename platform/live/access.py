"""Which channels a stream carries, decided once when it opens.

A page asks for channels by name (`live.channels`): `table-<id>` and
`tournament-<id>`, public; `tournament-<id>-chat`, for logged-in readers;
`chat-<id>`, which opens the chat channels of that table its reader may read
now (`chat.access`; none for a logged-out reader of a game in play);
`user-<id>`, which only that user may open, by their session or a grant
(`live.grants`). A request for anything else, or for another person's
channel, is refused whole (403) before the stream opens.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Value
from django_eventstream.channelmanager import ChannelManagerBase

from chat.access import readable_channels
from live import channels
from live.db import released
from tables.models import Seat, Table

# More would be a page asking for the tables of others' pages.
MAX_CHANNELS = 6


class Refused(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class StreamUser:
    """The reader, as django-eventstream's request wants it (no query)."""

    pk: int
    is_authenticated: bool = True

    @property
    def id(self) -> int:
        return self.pk


def resolve(requested: list[str], reader_id: int | None) -> list[str]:
    """The channels of the stream, or Refused."""
    if not requested:
        raise Refused(400, "Name the channels to open (channel=table-<id>).")
    if len(requested) > MAX_CHANNELS:
        raise Refused(400, f"A stream opens at most {MAX_CHANNELS} channels.")
    opened: list[str] = []
    for name in dict.fromkeys(requested):
        parsed = channels.parse(name)
        if parsed is None:
            raise Refused(400, f"There is no channel called “{name[:60]}”.")
        if parsed.kind == "tournament" and parsed.chat is not None:
            if reader_id is None:
                raise Refused(403, "Log in to read the tournament's chat.")
            opened.append(name)
        elif parsed.kind in ("table", "tournament"):
            opened.append(name)
        elif parsed.kind == "user":
            if parsed.id != reader_id:
                raise Refused(403, "That channel is another person's.")
            opened.append(name)
        else:
            readable = _readable_chats(parsed.id, reader_id)
            if parsed.chat is None:
                opened += [channels.chat(parsed.id, c) for c in readable]
            elif parsed.chat in readable:
                opened.append(name)
            else:
                raise Refused(403, "That chat is not yours to read while the game is on.")
    return opened


@released
def _readable_chats(table_id: int, reader_id: int | None) -> tuple[str, ...]:
    seated = (
        Exists(Seat.objects.filter(table=OuterRef("pk"), user_id=reader_id))
        if reader_id is not None
        else Value(False)
    )
    row = Table.objects.filter(pk=table_id).annotate(seated=seated).values("status", "seated")
    found = row.first()
    if found is None:
        return ()
    over = Table(status=found["status"]).is_over
    return readable_channels(seated=found["seated"], logged_in=reader_id is not None, over=over)


class ChannelManager(ChannelManagerBase):
    """django-eventstream's view is handed the channels `resolve` allowed."""

    def get_channels_for_request(self, request, view_kwargs):
        return set(view_kwargs["channels"])

    def can_read_channel(self, user, channel):
        return True  # decided by `resolve`, before the stream opened

    def is_channel_reliable(self, channel):
        parsed = channels.parse(channel)
        return parsed is not None and parsed.kind == "table"
