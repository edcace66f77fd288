"""A player's follow, block and note buttons, the settings' list of blocked
players, and invitation links."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from social import links, selectors, services
from tables.errors import ServiceError

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


@require_POST
@login_required
def relation_change(request: HttpRequest, username: str, action: str) -> HttpResponse:
    change, done = ACTIONS[action]
    try:
        other = change(user=request.user, username=username)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return _back(request, username)
    messages.success(request, done.format(name=other.username))
    return _back(request, other.username)


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


@require_GET
@login_required
def invite_link_open(request: HttpRequest, token: str) -> HttpResponse:
    """Opening a table's invitation link seats the player (logging in first
    sends them back here)."""
    try:
        seat = links.invite_link_use(token=token, user=request.user)
    except ServiceError as exc:
        return render(request, "social/invite_link.html", {"error": exc.message}, status=exc.status)
    messages.success(request, "You have a seat.")
    return redirect("table", table_id=seat.table_id)
