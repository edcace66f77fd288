"""How to play: one page per game, in the players' words.

The rules themselves are written in each template; the table options are
read from the engine, so the page lists exactly what the new-table form
offers."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import select_template
from django.views.decorators.http import require_GET

from clocks.controls import PRESETS
from games import registry


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "guides/index.html", {"games": registry.all_games()})


@require_GET
def guide(request: HttpRequest, game: str) -> HttpResponse:
    try:
        entry = registry.get(game)
    except LookupError:
        raise Http404("There is no such game.") from None
    # A game without a page of its own yet gets the general one.
    template = select_template([f"guides/{entry.slug}.html", "guides/guide.html"])
    context = {
        "entry": entry,
        "engine": entry.engine,
        "options": entry.engine.options,
        "presets": PRESETS.values(),
        # The board's own stylesheet: the guide's pictures are drawn by it.
        "stylesheet": entry.stylesheet,
    }
    return HttpResponse(template.render(context, request))
