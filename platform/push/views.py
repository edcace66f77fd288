"""Pages and posts of push notifications: the one-screen answer page, the
post a notification's button makes, the player's devices on their settings,
and the offer to turn notifications on after a move."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from accounts.models import Profile
from accounts.services import profile_get
from config import limits
from games import registry
from push import keys, services
from tables import answers, selectors
from tables.errors import ServiceError
from tables.present import fill


def _answer_json(detail: str, status: int, **extra) -> JsonResponse:
    return JsonResponse({"detail": detail, **extra}, status=status)


@require_GET
@login_required
def decision(request: HttpRequest, table_id: int) -> HttpResponse:
    """What the player is asked at this table and its few answers, alone on
    the screen (a notification's tap opens it); the buttons post through the
    table's own move form. A bigger decision, or none, is the table's."""
    found = selectors.table_read(table_id)
    if found is None:
        raise Http404("No such table")
    seat = next((s.number for s in found.seats if s.user_id == request.user.pk), None)
    choices = answers.small_decision(found, seat) if seat is not None else None
    if not choices:
        return redirect("table", table_id=table_id)
    table = found.table
    names = {s.number: s.user.username for s in found.seats}
    return render(
        request,
        "push/decision.html",
        {
            "table": table,
            "game": registry.get(table.game).engine.name,
            "question": answers.question(found, seat),
            "summary": fill(table.summary, names),
            "answers": [
                {"label": a.label, "json": json.dumps(a.move, separators=(",", ":"))}
                for a in choices
            ],
        },
    )


@csrf_exempt
@require_POST
def answer(request: HttpRequest, table_id: int) -> HttpResponse:
    """A notification's button: its token (the only credential: no cookie,
    no CSRF token) plays its move as the seat's player, once, counted
    against the same rate limits as any move."""
    try:
        ticket, user = services.answer_read(token=request.POST.get("token", ""), table_id=table_id)
    except ServiceError as exc:
        return _answer_json(exc.message, exc.status)
    request.user = user
    seconds = limits.wait(request, limits.MOVES_PER_USER, limits.MOVES_PER_TABLE)
    if seconds:
        response = _answer_json(f"Too many moves; try again in {seconds} s.", 429)
        response["Retry-After"] = str(seconds)
        return response
    try:
        result = services.answer_play(ticket=ticket, user=user)
    except ServiceError as exc:
        return _answer_json(exc.message, exc.status, url=_table_url(request, table_id))
    return _answer_json(
        "Played.", 200, version=result.table.version, url=_table_url(request, table_id)
    )


def _table_url(request: HttpRequest, table_id: int) -> str:
    return request.build_absolute_uri(reverse("table", args=[table_id]))


@csrf_exempt
@require_POST
def renew(request: HttpRequest) -> HttpResponse:
    """The service worker's `pushsubscriptionchange`: the browser replaced a
    subscription, and the old endpoint vouches for the new one."""
    try:
        body = json.loads(request.body)
        new = body["subscription"]
        services.subscription_renew(
            old_endpoint=str(body["old_endpoint"]),
            endpoint=str(new["endpoint"]),
            p256dh=str(new["keys"]["p256dh"]),
            auth=str(new["keys"]["auth"]),
        )
    except (ValueError, KeyError, TypeError):
        return _answer_json("Send the old endpoint and the new subscription as JSON.", 400)
    except ServiceError as exc:
        return _answer_json(exc.message, exc.status)
    return _answer_json("Renewed.", 200)


@require_POST
@login_required
def device_remove(request: HttpRequest, subscription_id: int) -> HttpResponse:
    try:
        device = services.subscription_remove(user=request.user, subscription_id=subscription_id)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"{device.label} no longer gets notifications.")
    return redirect("profile")


@require_GET
@login_required
def offer(request: HttpRequest) -> HttpResponse:
    """The offer shown once after a player's move (site.js asks for it only
    when this browser could take notifications and has not been asked):
    nothing while push is off or the player chose no pushes."""
    if not keys.enabled() or profile_get(request.user).notify_push == Profile.Notify.NEVER:
        return HttpResponse(status=204)
    return render(request, "push/_offer.html")
