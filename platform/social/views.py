"""A player's follow, block and note buttons, the settings' list of blocked
players, and invitation links."""

from __future__ import annotations

import json
import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from players.ratings import asks_against_bots_at
from social import links, selectors, services
from social.templatetags.social_tags import follow_toggle_context
from tables.errors import ServiceError
from tables.models import Table

ACTIONS = {
    "follow": (services.follow_add, "You follow {name}: their tables show in your lobby."),
    "unfollow": (services.follow_remove, "You no longer follow {name}."),
    "block": (
        services.block_add,
        "You block {name}: neither of you joins the other's tables or reads the other's "
        "chat. They are not told.",
    ),
    "unblock": (services.block_remove, "You no longer block {name}."),
}


def _back(request: HttpRequest, username: str) -> HttpResponse:
    """Back to the page the button was on (a table, a chat), else the player's."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}):
        return redirect(target)
    return redirect("player", username=username)


# The id a follow control posts back, to be drawn again under the same id
# (focus stays on it): a seat's or a chat line's.
_PLACE = re.compile(r"^(seat|chat)-[0-9]{1,12}$")


@require_POST
@login_required
def relation_change(request: HttpRequest, username: str, action: str) -> HttpResponse:
    change, done = ACTIONS[action]
    try:
        other = change(user=request.user, username=username)
    except ServiceError as exc:
        if request.htmx:
            # The control stays as it was (no swap); the refusal is read out.
            refused = HttpResponse(exc.message, status=exc.status, headers={"HX-Reswap": "none"})
            return _announced(refused, exc.message)
        messages.error(request, exc.message)
        return _back(request, username)
    said = done.format(name=other.username)
    if request.htmx and action in ("follow", "unfollow"):
        return _follow_toggle(request, other.username, following=action == "follow", said=said)
    messages.success(request, said)
    return _back(request, other.username)


def _announced(response: HttpResponse, text: str) -> HttpResponse:
    """Have the page read `text` out (site.js's `announce` event)."""
    response["HX-Trigger"] = json.dumps({"announce": text})
    return response


def _follow_toggle(request: HttpRequest, name: str, *, following: bool, said: str) -> HttpResponse:
    """The follow control as it now stands, drawn in place of the one pressed."""
    place = request.POST.get("place", "")
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}):
        target = reverse("player", args=[name])
    place = place if _PLACE.match(place) else "player"
    context = follow_toggle_context(
        request,
        name,
        place=place,
        following=following,
        next_url=target,
    )
    response = _announced(render(request, "social/_follow_toggle.html", context), said)
    # Once drawn, site.js copies it over the page's other controls for them.
    response["HX-Trigger-After-Swap"] = json.dumps({"follow-changed": {"id": f"follow-{place}"}})
    return response


@require_POST
@login_required
def note_save(request: HttpRequest, username: str) -> HttpResponse:
    try:
        other = services.note_set(
            user=request.user, username=username, text=request.POST.get("note", "")
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("player", username=username)
    messages.success(request, "Your note is saved. Only you see it.")
    return redirect(reverse("player", args=[other.username]) + "#note")


@require_GET
@login_required
def blocked_list(request: HttpRequest) -> HttpResponse:
    return render(request, "social/blocked.html", {"blocked": selectors.blocked(request.user)})


@require_http_methods(["GET", "POST"])
@login_required
def invite_link_open(request: HttpRequest, token: str) -> HttpResponse:
    """Opening a table's invitation link seats the player (logging in first
    sends them back here). Where a bot sits at a rated table, it first asks
    whether they want a rated game against bots, and their answer, posted,
    seats them; where one may only sit later, the waiting room asks them."""
    try:
        table_id = links.invite_link_table(token)
        if request.method == "GET" and asks_against_bots_at(
            table_id, request.user, bot_seated=True
        ):
            table = Table.objects.get(pk=table_id)
            return render(request, "social/invite_link.html", {"table": table, "token": token})
        chosen = request.POST.get("rated_against_bots") == "on"
        seat = links.invite_link_use(token=token, user=request.user, rated_against_bots=chosen)
    except ServiceError as exc:
        return render(request, "social/invite_link.html", {"error": exc.message}, status=exc.status)
    messages.success(request, "You have a seat.")
    return redirect("table", table_id=seat.table_id)
