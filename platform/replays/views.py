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


def _step_url(table_id: int, move: int, seat: str | None) -> str:
    url = reverse("replay_step", args=[table_id, move])
    return url + ("?" + urlencode({"seat": seat}) if seat else "")


@require_GET
def replay(request: HttpRequest, table_id: int, move: int | None = None) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    seat = request.GET.get("seat")
    try:
        if move is None and "move" in request.GET:
            # The "go to move" form, which works without JavaScript.
            raw = request.GET["move"].strip()
            if not (raw.isascii() and raw.isdigit()):
                raise BadRequest("A move number is a whole number, 0 for the deal.")
            return redirect(_step_url(table.pk, int(raw), seat))
        step = selectors.replay_step(
            table=table, user=request.user, move=move or 0, seat=selectors.seat_choice(seat)
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
