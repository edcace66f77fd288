"""The chat panel of the table page: its own poll, posting and reporting.

The chat's list asks its poll when the page's stream says the chat changed
(the `chat` event of a channel its reader may read), when the stream opens
(what it may have missed) and, while the stream cannot open, every
`LIVE_POLL_SECONDS`. The chat's mark lives in the chat panel, which is
redrawn apart from the board (so a message being typed survives both).
Unchanged, the chat's poll is one query and reads no session; only when
something changed does it read who is asking, to draw what they may see.
"""

from __future__ import annotations

from datetime import timedelta
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


def panel_context(
    request: HttpRequest, table: Table, *, seated: bool | None = None, **extra: Any
) -> dict[str, Any]:
    chat = selectors.chat_view(table, request.user, seated=seated)
    return {
        "chat": chat,
        "table": table,
        "max_length": MAX_LENGTH,
        "reader": selectors.reader_token(table.pk, request.user),
        "muted_text": services.muted_text(chat.muted_until) if chat.muted_until else "",
        **extra,
    }


def _table_anchor(table_id: int) -> str:
    return reverse("table", args=[table_id]) + "#chat"


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
    try:
        before = int(request.GET["before"]) if "before" in request.GET else None
    except ValueError:
        before = None
    chat = selectors.chat_view(table, request.user, before=before, channel=channel)
    if not chat.channels:
        raise Http404("No such chat here, or not yours to read.")
    return render(
        request, "chat/history.html", {"table": table, "chat": chat, "shown": chat.channels[0]}
    )


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
    context = panel_context(request, table)
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
    text = request.POST.get("text", "")
    channel = request.POST.get("channel") or None
    error, status = "", 200
    seconds = limits.wait(request, limits.CHAT_PER_USER)
    if seconds:
        error, status = too_many_text(seconds), 429
    else:
        try:
            services.message_post(table_id=table.pk, user=request.user, text=text, channel=channel)
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
        return redirect(_table_anchor(table_id))
    context = panel_context(request, table, text=text, error=error, oob=True)
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
    notice, status = "Thank you: a moderator will look at this message.", 200
    try:
        services.message_report(message_id=message_id, user=request.user, table_id=table.pk)
    except ServiceError as exc:
        notice, status = exc.message, exc.status
    if not request.htmx:
        (messages.success if status == 200 else messages.error)(request, notice)
        return redirect(_table_anchor(table_id))
    context = panel_context(request, table, notice=notice, notice_error=status != 200)
    return render(request, f"{TEMPLATE}#messages", context, status=status)
