"""The tournament page's chat panel: its list and poll, posting and
reporting, the table chat's views (`chat.views`) over a tournament's room.
Who reads and writes it is `chat.access`."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from chat import selectors, services
from chat.views import (
    TEMPLATE,
    Room,
    before_of,
    history_page,
    polled,
    posted,
    reported,
    room_context,
)
from tournaments.models import Tournament


def place(tournament_id: int) -> str:
    """The chat's name in its readers' signed tokens (`selectors.reader_token`)."""
    return f"tournament-{tournament_id}"


def tournament_room(tournament: Tournament) -> Room:
    return Room(
        title="Tournament chat",
        page=reverse("tournament", args=[tournament.pk]),
        base=reverse("tournament_chat_messages", args=[tournament.pk]),
        table=False,
        is_over=not tournament.is_open,
    )


def tournament_panel_context(
    request: HttpRequest, tournament: Tournament, **extra: Any
) -> dict[str, Any]:
    chat = selectors.tournament_chat_view(tournament, request.user)
    room = tournament_room(tournament)
    return room_context(request, chat, room, place(tournament.pk), **extra)


def _anchor(tournament_id: int) -> str:
    return reverse("tournament", args=[tournament_id]) + "#chat"


@require_GET
def chat_messages(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The list of messages (what the poll redraws); without HTMX, the page."""
    if not request.htmx:
        return redirect(_anchor(tournament_id))
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    context = tournament_panel_context(request, tournament)
    return render(request, f"{TEMPLATE}#messages", context)


@require_GET
def chat_history(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The chat's older messages, a page at a time (`?before=<id>`)."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    chat = selectors.tournament_chat_view(tournament, request.user, before=before_of(request))
    return history_page(request, chat, tournament_room(tournament), tournament=tournament)


@require_GET
def chat_poll(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """204 while what the page's reader may read is unchanged (one query),
    else the redrawn list, with the new messages for the live region."""
    reader = selectors.reader_of(place(tournament_id), request.GET.get("reader", ""))
    mark = selectors.tournament_poll_mark(tournament_id, reader)
    if mark is None:
        raise Http404("No such tournament")
    known = request.GET.get("mark", "")
    if mark == known:
        return HttpResponse(status=204)
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return polled(request, tournament_panel_context(request, tournament), known)


@require_POST
@login_required
def chat_post(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return posted(
        request,
        partial(services.tournament_message_post, tournament_id=tournament.pk),
        partial(tournament_panel_context, request, tournament),
        _anchor(tournament_id),
    )


@require_POST
@login_required
def chat_report(request: HttpRequest, tournament_id: int, message_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return reported(
        request,
        partial(services.message_report, message_id=message_id, tournament_id=tournament.pk),
        partial(tournament_panel_context, request, tournament),
        _anchor(tournament_id),
    )
