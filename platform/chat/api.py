"""The chat in the JSON API: read a table's chat or a tournament's (the
channels the caller may read, hidden messages replaced), write in it, report
a message.

Writing is limited per user (by default 10 messages a minute, all tables
together); a refused message answers 429 with a `Retry-After` header."""

from __future__ import annotations

from typing import Literal

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Router, Schema, Status
from pydantic import Field

from chat import selectors, services
from chat.models import MAX_LENGTH
from config import limits
from config.api import ERRORS, Text
from tables.models import Table
from tournaments.models import Tournament

router = Router(tags=["chat"])


class MessageOut(Schema):
    id: int
    channel: str = Field(description="'players' or 'spectators'; 'tournament' in a tournament's.")
    author: str
    at: str
    text: str = Field(description="Plain text; a hidden message reads 'Removed by a moderator.'")
    hidden: bool
    reported_by_me: bool


class ChannelOut(Schema):
    channel: str
    label: str
    messages: list[MessageOut]
    older_before: int | None = Field(
        description="Older messages exist: read them with `before` set to this id."
    )


class ChatOut(Schema):
    table: int
    channels: list[ChannelOut] = Field(description="The channels the caller may read.")
    writes_in: str | None = Field(description="The channel the caller may write in, if any.")
    muted_until: str | None


class TournamentChatOut(Schema):
    tournament: int
    channels: list[ChannelOut] = Field(
        description="Its one channel, 'tournament', for a logged-in caller."
    )
    writes_in: str | None = Field(description="'tournament' for its entrants and its creator.")
    muted_until: str | None


class TournamentMessageIn(Schema):
    text: Text(MAX_LENGTH * 2) = Field(description=f"Plain text, at most {MAX_LENGTH} characters.")


class MessageIn(TournamentMessageIn):
    channel: Text(20) | None = Field(
        None, description="Optional: the caller's own channel ('players' when seated)."
    )


class ReportOut(Schema):
    message: int
    reported_at: str


def _chat_out(table: Table, user, before: int | None = None, channel: str | None = None) -> dict:
    chat = selectors.chat_view(table, user, before=before, channel=channel)
    return {"table": table.pk, **_channels_out(chat)}


def _channels_out(chat: selectors.ChatView) -> dict:
    return {
        "channels": [
            {
                "channel": c.channel,
                "label": c.label,
                "messages": [m.as_api() for m in c.messages],
                "older_before": c.older_before,
            }
            for c in chat.channels
        ],
        "writes_in": chat.access.writable,
        "muted_until": chat.muted_until.isoformat() if chat.muted_until else None,
    }


@router.get("/tables/{table_id}/chat", response={200: ChatOut, **ERRORS})
def chat_read(
    request: HttpRequest,
    table_id: int,
    before: int | None = None,
    channel: Literal["players", "spectators"] | None = None,
):
    """The table's chat as the caller may read it: the newest messages of each
    channel, oldest first; with `before`, those older than that message (see
    each channel's `older_before`); with `channel`, that channel only."""
    table = get_object_or_404(Table, pk=table_id)
    return _chat_out(table, request.auth, before=before, channel=channel)


@router.post("/tables/{table_id}/chat", response={201: MessageOut, **ERRORS})
def chat_write(request: HttpRequest, response: HttpResponse, table_id: int, payload: MessageIn):
    """Write a message: 403 when not allowed to write there or muted (with
    the mute's end), 400 when empty or too long, 429 when too fast."""
    seconds = limits.wait(request, limits.CHAT_PER_USER)
    if seconds:
        response["Retry-After"] = str(seconds)
        return Status(429, {"detail": f"Too many messages; try again in {seconds} s."})
    message = services.message_post(
        table_id=table_id, user=request.auth, text=payload.text, channel=payload.channel
    )
    return Status(201, selectors.as_written(message).as_api())


@router.post("/chat/messages/{message_id}/report", response={201: ReportOut, **ERRORS})
def chat_report(request: HttpRequest, message_id: int):
    """Report a message to the moderators (once per message; not your own)."""
    report = services.message_report(message_id=message_id, user=request.auth)
    return Status(201, {"message": report.message_id, "reported_at": report.created_at.isoformat()})


@router.get("/tournaments/{tournament_id}/chat", response={200: TournamentChatOut, **ERRORS})
def tournament_chat_read(request: HttpRequest, tournament_id: int, before: int | None = None):
    """The tournament's chat, for any logged-in caller: its newest messages,
    oldest first; with `before`, those older than that message."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    chat = selectors.tournament_chat_view(tournament, request.auth, before=before)
    return {"tournament": tournament.pk, **_channels_out(chat)}


@router.post("/tournaments/{tournament_id}/chat", response={201: MessageOut, **ERRORS})
def tournament_chat_write(
    request: HttpRequest, response: HttpResponse, tournament_id: int, payload: TournamentMessageIn
):
    """Write a message as one of its entrants or its creator: 403 for anyone
    else or when muted, 400 when empty or too long, 429 when too fast."""
    seconds = limits.wait(request, limits.CHAT_PER_USER)
    if seconds:
        response["Retry-After"] = str(seconds)
        return Status(429, {"detail": f"Too many messages; try again in {seconds} s."})
    message = services.tournament_message_post(
        tournament_id=tournament_id, user=request.auth, text=payload.text
    )
    return Status(201, selectors.as_written(message).as_api())
