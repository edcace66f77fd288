"""The installable app: its manifest, its service worker (served at the
site's root, so that its scope is the whole site) and the page it shows
when a page cannot be reached.

The service worker is a template: it names the static files it keeps as
the storage names them (hashed in production), and its `VERSION` is a hash
of everything it says, so a deployment that changes a static file changes
the worker, which the browsers then install afresh, dropping the old cache.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

# The site's colours (static/css/site.css): the header's ink, the page.
THEME_COLOUR = "#23201b"
BACKGROUND_COLOUR = "#f4f1ea"

# Kept by the service worker when it is installed: what every page needs,
# and the offline page's own. The rest of the static files are kept the
# first time a page uses them.
PRECACHE = (
    "css/site.css",
    "js/site.js",
    "js/app.js",
    "django_htmx/htmx-2.min.js",
    "favicon.svg",
    "icons/icon-192.png",
    "icons/badge-96.png",
)
ICONS = (
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/icon-maskable-512.png", "512x512", "maskable"),
)


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    name = settings.SITE_NAME
    body = {
        "id": "/",
        "name": name,
        "short_name": name[:12],
        "description": "Board games played by turns: Coup, Koryo, Seasons and Troyes.",
        # The lobby opens on the player's games in play.
        "start_url": reverse("lobby"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    response = JsonResponse(body, content_type="application/manifest+json")
    response["Cache-Control"] = "public, max-age=3600"
    return response


@cache
def _worker_script(static_urls: tuple[str, ...], offline: str, cache_first: bool) -> str:
    config = {
        "precache": [*static_urls, offline],
        "offline": offline,
        "staticPrefix": static(""),
        "staticCacheFirst": cache_first,
        "icon": static("icons/icon-192.png"),
        "badge": static("icons/badge-96.png"),
        "keyUrl": reverse("api:push_key"),
        "renewUrl": reverse("push_renew"),
    }
    body = render_to_string("push/sw.js", {"config": mark_safe(json.dumps(config, indent=2))})
    version = hashlib.sha256(body.encode()).hexdigest()[:16]
    return body.replace("__VERSION__", version)


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker. Static files are kept and served from the cache
    first (in production their names change with their content); while
    developing (DEBUG), where names stay the same, they are asked for first."""
    script = _worker_script(
        tuple(static(path) for path in PRECACHE), reverse("offline"), not settings.DEBUG
    )
    response = HttpResponse(script, content_type="application/javascript; charset=utf-8")
    # Always asked again, so a new deployment's worker is found at once.
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """Shown by the service worker when a page cannot be reached: the same
    for everyone (it is kept in the browser), so it names no player."""
    return render(request, "push/offline.html")
