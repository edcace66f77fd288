"""The chat panel of the table page and of the tournament page: its own
poll, posting and reporting.

The chat's list asks its poll when the page's stream says the chat changed
(the `chat` event of a channel its reader may read), when the stream opens
(what it may have missed) and, while the stream cannot open, every
`LIVE_POLL_SECONDS`. The chat's mark lives in the chat panel, which is
redrawn apart from the board (so a message being typed survives both).
Unchanged, the chat's poll is one query and reads no session; only when
something changed does it read who is asking, to draw what they may see.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_ratelimit.exceptions import Ratelimited

from chat import selectors, services
from chat.models import MAX_LENGTH
from clocks import controls
from config import limits
from tables.errors import ServiceError
from tables.models import Table

TEMPLATE = "chat/_chat.html"


@dataclass(frozen=True)
class Room:
    """Where a chat panel is: its title, its page, the prefix of its own
    addresses (poll/, post/, <message>/report/), and what its readers'
    rules hang on."""

    title: str
    page: str
    base: str
    table: bool  # a table's chat (else a tournament's)
    is_over: bool = False


def table_room(table: Table) -> Room:
    return Room(
        title="Table chat",
        page=reverse("table", args=[table.pk]),
        base=reverse("chat_messages", args=[table.pk]),
        table=True,
        is_over=table.is_over,
    )


def panel_context(
    request: HttpRequest, table: Table, *, seated: bool | None = None, **extra: Any
) -> dict[str, Any]:
    chat = selectors.chat_view(table, request.user, seated=seated)
    return room_context(request, chat, table_room(table), table.pk, table=table, **extra)


def room_context(
    request: HttpRequest, chat: selectors.ChatView, room: Room, place: int | str, **extra: Any
) -> dict[str, Any]:
    return {
        "chat": chat,
        "room": room,
        "max_length": MAX_LENGTH,
        "reader": selectors.reader_token(place, request.user),
        "muted_text": services.muted_text(chat.muted_until) if chat.muted_until else "",
        **extra,
    }


def _table_anchor(table_id: int) -> str:
    return reverse("table", args=[table_id]) + "#chat"


def before_of(request: HttpRequest) -> int | None:
    """The history's `?before=<message id>` (None: the newest page)."""
    try:
        return int(request.GET["before"]) if "before" in request.GET else None
    except ValueError:
        return None


def _last_id(mark: str) -> int | None:
    """The newest message id a page's mark knew (None: not a mark)."""
    try:
        return int(mark.split(".")[1])
    except (IndexError, ValueError):
        return None


@require_GET
def chat_messages(request: HttpRequest, table_id: int) -> HttpResponse:
    """The list of messages (what the poll redraws); without HTMX, the page."""
    if not request.htmx:
        return redirect(_table_anchor(table_id))
    table = get_object_or_404(Table, pk=table_id)
    return render(request, f"{TEMPLATE}#messages", panel_context(request, table))


@require_GET
def chat_history(request: HttpRequest, table_id: int, channel: str) -> HttpResponse:
    """One channel's older messages, a page at a time (`?before=<id>`: the
    messages older than that one), read as the table page's chat is."""
    table = get_object_or_404(Table, pk=table_id)
    before = before_of(request)
    chat = selectors.chat_view(table, request.user, before=before, channel=channel)
    return history_page(request, chat, table_room(table), table=table)


def history_page(
    request: HttpRequest, chat: selectors.ChatView, room: Room, **place: Any
) -> HttpResponse:
    """A page of a channel's older messages (`chat.channels`: that one, or
    none when the reader may not read it)."""
    if not chat.channels:
        raise Http404("No such chat here, or not yours to read.")
    context = {"chat": chat, "room": room, "shown": chat.channels[0], **place}
    return render(request, "chat/history.html", context)


@require_GET
def chat_poll(request: HttpRequest, table_id: int) -> HttpResponse:
    """204 while what the page's reader may read is unchanged (one query),
    else the redrawn list, with the new messages for the live region."""
    reader = selectors.reader_of(table_id, request.GET.get("reader", ""))
    mark = selectors.poll_mark(table_id, reader)
    if mark is None:
        raise Http404("No such table")
    known = request.GET.get("mark", "")
    if mark == known:
        return HttpResponse(status=204)
    table = get_object_or_404(Table, pk=table_id)
    return polled(request, panel_context(request, table), known)


def polled(request: HttpRequest, context: dict[str, Any], known: str) -> HttpResponse:
    """The redrawn list, with what is new since the page's mark `known`."""
    after = _last_id(known)
    # Only what came since the page's last look is read out, never the
    # whole list (nor anything for a page that sent no mark).
    context["news"] = [
        m
        for channel in context["chat"].channels
        for m in channel.messages
        if after is not None and m.id > after and not m.mine
    ]
    return render(request, f"{TEMPLATE}#polled", context)


@require_POST
@login_required
def chat_post(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    channel = request.POST.get("channel") or None
    return posted(
        request,
        partial(services.message_post, table_id=table.pk, channel=channel),
        partial(panel_context, request, table),
        _table_anchor(table_id),
    )


def posted(request: HttpRequest, post, context_of, anchor: str) -> HttpResponse:
    """Post the form's text with `post(user=, text=)` (under the chat's rate
    limit) and answer with the redrawn box and list (`context_of(**extra)`),
    or, without HTMX, by going back to the page (`anchor`)."""
    text = request.POST.get("text", "")
    error, status = "", 200
    seconds = limits.wait(request, limits.CHAT_PER_USER)
    if seconds:
        error, status = too_many_text(seconds), 429
    else:
        try:
            post(user=request.user, text=text)
        except ServiceError as exc:
            error, status = exc.message, exc.status
        else:
            text = ""
    if not request.htmx:
        if status == 429:
            request.retry_after = seconds
            raise Ratelimited()  # the site's 429 page, with Retry-After
        if error:
            messages.error(request, error)
        return redirect(anchor)
    context = context_of(text=text, error=error, oob=True)
    response = render(request, f"{TEMPLATE}#posted", context, status=status)
    if seconds:
        response["Retry-After"] = str(seconds)
    return response


def too_many_text(seconds: int) -> str:
    return (
        f"You are writing too fast: wait {controls.human(timedelta(seconds=seconds))} "
        "and send it again."
    )


@require_POST
@login_required
def chat_report(request: HttpRequest, table_id: int, message_id: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    return reported(
        request,
        partial(services.message_report, message_id=message_id, table_id=table.pk),
        partial(panel_context, request, table),
        _table_anchor(table_id),
    )


def reported(request: HttpRequest, report, context_of, anchor: str) -> HttpResponse:
    """Report a message with `report(user=)`; answer with the redrawn list
    and a notice, or, without HTMX, by going back to the page (`anchor`)."""
    notice, status = "Thank you: a moderator will look at this message.", 200
    try:
        report(user=request.user)
    except ServiceError as exc:
        notice, status = exc.message, exc.status
    if not request.htmx:
        (messages.success if status == 200 else messages.error)(request, notice)
        return redirect(anchor)
    context = context_of(notice=notice, notice_error=status != 200)
    return render(request, f"{TEMPLATE}#messages", context, status=status)
