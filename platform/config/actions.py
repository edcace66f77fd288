"""The shape every page's button that changes something shares: call the
service, flash its answer (or its refusal) and go back to the page."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from tables.errors import ServiceError


def act_and_return(
    request: HttpRequest, action: Callable[..., object], done: str, *, page: str, **ids: int
) -> HttpResponse:
    """Call `action(user=request.user, **ids)`, flash `done` (if any) or the
    refusal, and redirect to the `page` named by `ids` (its URL name and
    arguments: a refusal is shown on the page the button was on)."""
    try:
        action(user=request.user, **ids)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        if done:
            messages.success(request, done)
    return redirect(page, **ids)
