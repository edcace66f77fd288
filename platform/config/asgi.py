"""ASGI entry point: the stream processes (`uvicorn config.asgi:application`),
which hold the pages' event streams; `bin/run` serves the whole site from
one of them."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from django.core.asgi import get_asgi_application

application = get_asgi_application()

from live import bus  # noqa: E402 - after Django is set up

bus.serve_here()
