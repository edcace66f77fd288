"""Player pages and leaderboards: public, like the tables they come from."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from games import registry
from players import selectors


@require_GET
def player_page(request: HttpRequest, username: str) -> HttpResponse:
    player = selectors.player_get(username)
    page, finished = selectors.player_games_over(player, request.GET.get("page"))
    context = {
        "player": player,
        "ratings": selectors.player_ratings(player),
        "reliability": selectors.player_reliability(player),
        "in_play": selectors.player_games_in_play(player),
        "finished": finished,
        "page": page,
        "games": {e.slug: e.engine.name for e in registry.all_games()},
    }
    return render(request, "players/player.html", context)


@require_GET
def ratings_index(request: HttpRequest) -> HttpResponse:
    return redirect("leaderboard", game=registry.all_games()[0].slug)


@require_GET
def leaderboard(request: HttpRequest, game: str) -> HttpResponse:
    try:
        entry = registry.get(game)
    except LookupError:
        raise Http404("There is no such game.") from None
    context = {
        "entry": entry,
        "games": registry.all_games(),
        "page": selectors.leaderboard(entry.slug, request.GET.get("page")),
    }
    return render(request, "players/leaderboard.html", context)
