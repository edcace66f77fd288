"""Site-wide views: the rate-limit answer and a health check."""

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static


def ratelimited(request: HttpRequest, exception: Exception) -> HttpResponse:
    message = "Too many requests. Please wait a minute and try again."
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": message}, status=429)
    if getattr(request, "htmx", False):
        # Show the message above the board instead of replacing the board.
        response = render(request, "_notice.html", {"message": message}, status=429)
        response["HX-Retarget"] = "#notice"
        response["HX-Reswap"] = "innerHTML"
        return response
    return render(request, "429.html", {"message": message}, status=429)


def health(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico on pages that do not name an icon."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))
