"""The channels of live events and what travels on them.

- `table-<id>`: public, as the table page is. Event `table`, data
  `{"version": N}` (the table's move count), id the table's `revision`: a
  page that resumes with the last id it saw is sent one `table` event if the
  table changed since (see `live.storage`). When the game ends, `reopen`
  follows: who may read its chats changed, so its streams open again.
- `chat-<id>-players`, `chat-<id>-spectators`: a table's chat channels, read
  by whoever may read that chat (`chat.access`). Event `chat`, data
  `{"channel": name}`. A page asks for `chat-<id>`, the chat channels its
  reader may read.
- `tournament-<id>`: public, as the tournament's page is. Event
  `tournament`, data `{"revision": N}`: its entries, standings or rounds
  changed (see `tournaments.receivers`).
- `tournament-<id>-chat`: the tournament's chat, opened by logged-in readers
  only (`chat.access`). Event `chat`, data `{"channel": "tournament"}`.
- `user-<id>`: one person's own, opened with their session or a signed grant
  (`live.grants`). Event `mine`, data `{"kind": ..., "table": id}`: a turn,
  the count of games waiting changed, a game joined or left their games, an
  invitation.

No event carries anything of a game: a page that hears one fetches what its
viewer may see. Only the table channel has ids; a page reads its chat and its
own lists again each time its stream opens (the event `stream-open`), which
is the catch-up of those channels.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

TABLE_EVENT = "table"
# On a table channel, after the `table` event of the game's end: the stream
# ends there and the browser opens it again at once (see `live.views`).
REOPEN_EVENT = "reopen"
CHAT_EVENT = "chat"
USER_EVENT = "mine"
TOURNAMENT_EVENT = "tournament"

_NAME = re.compile(
    r"^(table|user|chat|tournament)-([1-9][0-9]{0,17})(?:-(players|spectators|chat))?$"
)


def table(table_id: int) -> str:
    return f"table-{table_id}"


def tournament(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def tournament_chat(tournament_id: int) -> str:
    return f"tournament-{tournament_id}-chat"


def user(user_id: int) -> str:
    return f"user-{user_id}"


def chat(table_id: int, channel: str | None = None) -> str:
    """A chat channel, or (`channel` None) the page's request for every chat
    channel of the table its reader may read."""
    return f"chat-{table_id}" if channel is None else f"chat-{table_id}-{channel}"


@dataclass(frozen=True)
class Name:
    kind: str  # "table", "tournament", "user" or "chat"
    id: int
    chat: str | None = None  # the chat channel, for "chat"; "chat" for a tournament's


def parse(name: str) -> Name | None:
    """A channel name read, or None when it is not one of ours."""
    found = _NAME.match(name)
    if found is None:
        return None
    kind, number, chat_channel = found.groups()
    if chat_channel and kind != "chat" and (kind, chat_channel) != ("tournament", "chat"):
        return None
    return Name(kind, int(number), chat_channel)
