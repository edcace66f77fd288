"""Site-wide views: the rate-limit answer and a health check."""

from datetime import timedelta

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static

from clocks import controls


def ratelimited(request: HttpRequest, exception: Exception) -> HttpResponse:
    """429, with Retry-After: the seconds until the limit allows it again."""
    seconds = getattr(request, "retry_after", 60)
    wait = controls.human(timedelta(seconds=seconds))
    message = f"Too many requests. Please wait {wait} and try again."
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": message}, status=429)
    elif getattr(request, "htmx", False):
        # Show the message above the board instead of replacing the board.
        response = render(request, "_notice.html", {"message": message}, status=429)
        response["HX-Retarget"] = "#notice"
        response["HX-Reswap"] = "innerHTML"
    else:
        response = render(request, "429.html", {"message": message}, status=429)
    response["Retry-After"] = str(seconds)
    return response


def health(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico on pages that do not name an icon."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))
