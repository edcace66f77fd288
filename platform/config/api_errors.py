"""Every answer under /api/ that is an error is JSON, `{"detail": "..."}`,
whatever raised it: the API's own refusals already are; this covers what
Django answers before or around the API's views (a body over
DATA_UPLOAD_MAX_MEMORY_SIZE, an unknown address, a method not allowed, an
unexpected exception), and what the API's views raise that is not theirs
(`add_handlers`: the same answers in development as in production, where
django-ninja would answer a traceback)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from http import HTTPStatus

from django.conf import settings
from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse

logger = logging.getLogger("django.request")

API_PREFIX = "/api/"


def _detail(status: int) -> str:
    try:
        return HTTPStatus(status).phrase + "."
    except ValueError:
        return "The request could not be answered."


def too_large(request: HttpRequest | None = None, exc: Exception | None = None) -> JsonResponse:
    megabytes = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 1_048_576
    return JsonResponse(
        {"detail": f"The request body is too large: at most {megabytes:g} MB."}, status=413
    )


def add_handlers(api) -> None:
    """The API's answer to a body over the limit, raised by any of its views."""
    api.add_exception_handler(RequestDataTooBig, too_large)


class ApiErrorsAsJson:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            request.path.startswith(API_PREFIX)
            and response.status_code >= 400
            and not response.get("Content-Type", "").startswith("application/json")
        ):
            replacement = JsonResponse(
                {"detail": _detail(response.status_code)}, status=response.status_code
            )
            for header in ("Allow", "Retry-After", "WWW-Authenticate"):
                if header in response:
                    replacement[header] = response[header]
            return replacement
        return response

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        if not request.path.startswith(API_PREFIX):
            return None
        if isinstance(exc, RequestDataTooBig):
            return too_large()
        if isinstance(exc, SuspiciousOperation):
            return JsonResponse({"detail": "The request could not be read."}, status=400)
        if isinstance(exc, PermissionDenied):
            return None  # rate limits: their own JSON answer (config.views.ratelimited)
        if isinstance(exc, Http404):
            return JsonResponse({"detail": "Not found."}, status=404)
        logger.exception("Unexpected error answering %s", request.path)
        return JsonResponse({"detail": "Something went wrong on our side."}, status=500)
