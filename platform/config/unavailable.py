"""Answers for when the database cannot be reached: refused, out of
connections, gone in the middle of a request, or no pooled connection free
in time. Pages answer 503 with a short "try again in a moment" page, the API
503 with its JSON error, both with Retry-After; an HTMX redraw that gets one
keeps what it showed (static/js/site.js says it will try again). Whatever
the request was writing goes with its transaction, which PostgreSQL rolls
back whole.

`DatabaseUnavailable` answers for the views (in development too);
`server_error`, the site's handler500, for the middleware around them (the
session's save), where Django answers without calling the views' middleware.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.views import defaults

from config import outages
from config.api_errors import API_PREFIX

RETRY_AFTER_SECONDS = 5
# What Django raises when its connection cannot be made or has been lost
# (psycopg's and the pool's errors, wrapped).
UNREACHABLE = (OperationalError, InterfaceError)
API_DETAIL = "The site cannot reach its database just now; try again in a moment."


def answer(request: HttpRequest, exc: BaseException) -> HttpResponse:
    outages.DATABASE.failed(exc)
    if request.path.startswith(API_PREFIX):
        response: HttpResponse = JsonResponse({"detail": API_DETAIL}, status=503)
    else:
        # Without the request, whose context (the user, the messages) would
        # ask the database again.
        page = render_to_string("503.html", {"SITE_NAME": settings.SITE_NAME})
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class DatabaseUnavailable:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        return answer(request, exc) if isinstance(exc, UNREACHABLE) else None


def add_handlers(api) -> None:
    """The API's answer when its views cannot reach the database (django-ninja
    would answer a traceback in development)."""
    for error in UNREACHABLE:
        api.add_exception_handler(error, answer)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: called while the exception is being handled."""
    exc = sys.exc_info()[1]
    if isinstance(exc, UNREACHABLE):
        return answer(request, exc)
    return defaults.server_error(request)
