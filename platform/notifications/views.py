"""The unsubscribe page: no log-in, a signed link. Opening the link only
asks (mail scanners follow links); the change is a POST, as the page's button
and a mail client's one-click unsubscribe (RFC 8058) send it."""

from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from notifications import unsubscribe


@csrf_exempt  # mail clients post here (RFC 8058); the signed token is the proof
@require_http_methods(["GET", "POST"])
def unsubscribe_view(request: HttpRequest, token: str) -> HttpResponse:
    try:
        user_id, kind = unsubscribe.read_token(token)
    except signing.SignatureExpired:
        return render(request, "notifications/unsubscribe_bad.html", {"expired": True}, status=400)
    except signing.BadSignature:
        return render(request, "notifications/unsubscribe_bad.html", status=400)
    what = unsubscribe.DESCRIPTIONS[kind]
    if request.method == "GET":
        return render(request, "notifications/unsubscribe_confirm.html", {"what": what})
    again = request.POST.get("resubscribe") == "1"
    unsubscribe.apply(user_id, kind, subscribe=again)
    return render(
        request,
        "notifications/unsubscribed.html",
        {"what": what, "token": token, "resubscribed": again},
    )
