"""The tournaments' pages: the list, and a tournament's page with its
standings and rounds (redrawn live), and the buttons to enter, leave and start."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from config.actions import act_and_return
from games import registry
from tables.errors import ServiceError
from tournaments import services
from tournaments.forms import TournamentForm
from tournaments.models import Tournament
from tournaments.selectors import tournament_detail


def _game_names() -> dict[str, str]:
    return {entry.slug: entry.engine.name for entry in registry.all_games()}


@require_GET
def tournament_list(request: HttpRequest) -> HttpResponse:
    names = _game_names()
    shown = Tournament.objects.select_related("creator").exclude(status=Tournament.Status.CANCELLED)
    groups = [
        ("Taking entries", shown.filter(status=Tournament.Status.SCHEDULED).order_by("starts_at")),
        ("In play", shown.filter(status__in=["running", "paused"]).order_by("-started_at")),
        ("Finished", shown.filter(status=Tournament.Status.FINISHED).order_by("-finished_at")),
    ]
    return render(
        request,
        "tournaments/list.html",
        {
            "groups": [
                (title, [(t, names.get(t.game, t.game)) for t in query[:30]])
                for title, query in groups
            ]
        },
    )


@login_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    """A player creates a tournament (at most three open at once)."""
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            made = services.tournament_create(creator=request.user, **form.cleaned_data)
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, "Your tournament takes entries. Enter it like anyone.")
            return redirect("tournament", tournament_id=made.pk)
    return render(request, "tournaments/new.html", {"form": form})


def _context(request: HttpRequest, tournament_id: int) -> dict:
    found = tournament_detail(tournament_id)
    if found is None:
        raise Http404("There is no such tournament.")
    tournament = found.tournament
    user = request.user
    mine = next((e for e in found.standings if e.user_id == user.pk), None)
    return {
        "detail": found,
        "tournament": tournament,
        "game_name": _game_names().get(tournament.game, tournament.game),
        "my_entry": mine,
        "may_join": user.is_authenticated and mine is None and tournament.status == "scheduled",
        "may_leave": mine is not None and tournament.is_open and not mine.withdrawn,
        "may_start": user.is_authenticated
        and tournament.creator_id == user.pk
        and tournament.status == "scheduled",
        "rounds": list(reversed(found.rounds)),
    }


@require_GET
def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return render(request, "tournaments/detail.html", _context(request, tournament_id))


@require_GET
def tournament_body(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The standings and rounds, redrawn when the page's stream says they changed."""
    return render(request, "tournaments/detail.html#body", _context(request, tournament_id))


def _act(request: HttpRequest, tournament_id: int, change, done: str) -> HttpResponse:
    return act_and_return(request, change, done, page="tournament", tournament_id=tournament_id)


@require_POST
@login_required
def tournament_join(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _act(request, tournament_id, services.tournament_join, "You have entered.")


@require_POST
@login_required
def tournament_leave(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _act(request, tournament_id, services.tournament_leave, "You have left.")


@require_POST
@login_required
def tournament_start(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _act(request, tournament_id, services.tournament_start, "The first round has begun.")
