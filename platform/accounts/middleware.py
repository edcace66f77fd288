"""Times in the reader's own zone, on every page and in every answer."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts import readers


def _reader_zone(request: HttpRequest):
    return readers.of_user(getattr(request, "user", None))


class ReaderTimeZone:
    """Makes the reader's zone the current one for the request. The zone is
    looked up only when a time is first shown (`readers.ReaderZone`), by which
    time the view knows who reads (a session, or an API token): a poll that
    shows no time costs no more queries than before."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.activate(readers.ReaderZone(partial(_reader_zone, request)))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
