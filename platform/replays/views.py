"""The replay page: one step of a game, with links to the others."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from games import registry
from replays import selectors
from tables.errors import BadRequest, ServiceError
from tables.models import Table


def _refused(request: HttpRequest, table: Table, exc: ServiceError) -> HttpResponse:
    return render(
        request,
        "replays/refused.html",
        {"table": table, "engine": registry.get(table.game).engine, "message": exc.message},
        status=exc.status,
    )


def _step_url(table_id: int, turn: int, seat: str | None) -> str:
    url = reverse("replay_step", args=[table_id, turn])
    return url + ("?" + urlencode({"seat": seat}) if seat else "")


def _number(raw: str, what: str) -> int:
    raw = raw.strip()
    if not (raw.isascii() and raw.isdigit()):
        raise BadRequest(f"A {what} number is a whole number, 0 for the deal.")
    return int(raw)


@require_GET
def replay(request: HttpRequest, table_id: int, turn: int | None = None) -> HttpResponse:
    """A step of the replay is a player's whole turn; `?turn=` (the form,
    which works without JavaScript) and `?move=` (a move's number, as in the
    log) lead to the turn's own address."""
    table = get_object_or_404(Table, pk=table_id)
    seat = request.GET.get("seat")
    try:
        if turn is None and "turn" in request.GET:
            return redirect(_step_url(table.pk, _number(request.GET["turn"], "turn"), seat))
        if turn is None and "move" in request.GET:
            move = _number(request.GET["move"], "move")
            found = selectors.turn_of_move(table=table, move=move)
            return redirect(_step_url(table.pk, found, seat))
        step = selectors.replay_turn(
            table=table, user=request.user, turn=turn or 0, seat=selectors.seat_choice(seat)
        )
    except ServiceError as exc:
        return _refused(request, table, exc)
    entry = registry.get(table.game)
    context = {
        "step": step,
        "tv": step.tv,
        "table": table,
        "engine": entry.engine,
        "board_template": entry.board_template,
        "stylesheet": entry.stylesheet,
        # Kept in the step links so the chosen seat stays chosen.
        "seat_query": "?" + urlencode({"seat": seat}) if seat else "",
        "seat_value": seat or "",
    }
    template = "replays/replay.html#step" if request.htmx else "replays/replay.html"
    return render(request, template, context)
