"""The smallest Django site that serves server-sent events through
django-eventstream, for `bench.streams` to compare the two ways of holding
streams without the rest of the site's cost in the figures:

- `STREAMS_MODE=eventstream`: uvicorn holds the streams itself (ASGI), and
  the processes hear each other's events through Redis (`EVENTSTREAM_REDIS`);
- `STREAMS_MODE=grip`: Pushpin holds them; gunicorn's sync workers answer
  only the opening request with GRIP instructions, and a publish is an HTTP
  post to Pushpin's publishing port (`GRIP_URL`).

Both open `/events/?channel=NAME` and publish with `send_event`.
"""

from __future__ import annotations

import os

import django
from django.conf import settings
from django.urls import include, path

MODE = os.environ.get("STREAMS_MODE", "eventstream")

if not settings.configured:
    options = {}
    if MODE == "eventstream":
        options["EVENTSTREAM_REDIS"] = {
            "host": os.environ.get("STREAMS_REDIS_HOST", "127.0.0.1"),
            "port": int(os.environ.get("STREAMS_REDIS_PORT", "6379")),
            "db": int(os.environ.get("STREAMS_REDIS_DB", "4")),
        }
        middleware = []
    else:
        options["GRIP_URL"] = os.environ["STREAMS_GRIP_URL"]
        middleware = ["django_grip.GripMiddleware"]
    settings.configure(
        DEBUG=False,
        SECRET_KEY="bench-streams-" + "x" * 40,
        ALLOWED_HOSTS=["*"],
        ROOT_URLCONF=__name__,
        INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth"],
        MIDDLEWARE=middleware,
        DATABASES={},
        LOGGING_CONFIG=None,
        **options,
    )
    django.setup()

urlpatterns = [path("events/", include("django_eventstream.urls"))]


def asgi():
    from django.core.asgi import get_asgi_application

    return get_asgi_application()


def wsgi():
    from django.core.wsgi import get_wsgi_application

    return get_wsgi_application()


def publish(channel: str, data: dict) -> None:
    from django_eventstream import send_event

    send_event(channel, "message", data)
