"""The installable app's parts as the site serves them: the manifest, the
service worker at the site's root, the offline page, the icons, and what
every page says of them."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

from django.conf import settings
from django.test import Client

from push import webapp
from tests.conftest import login_client

STATIC = Path(settings.BASE_DIR) / "static"


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_the_manifest_makes_the_site_an_app_that_opens_on_the_players_games(db):
    answer = Client().get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = answer.json()
    assert manifest["name"] == settings.SITE_NAME
    assert manifest["short_name"] and len(manifest["short_name"]) <= 12
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/",
        "/",
        "standalone",
    )
    css = (STATIC / "css" / "site.css").read_text()
    assert f"--ink: {manifest['theme_color']};" in css
    assert f"--bg: {manifest['background_color']};" in css
    icons = {(i["sizes"], i["purpose"]): i["src"] for i in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _), src in icons.items():
        width, height = png_size(STATIC / src.removeprefix("/static/"))
        assert f"{width}x{height}" == sizes


def test_the_service_worker_is_served_at_the_root_keeping_what_pages_need(db):
    answer = Client().get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/javascript; charset=utf-8"
    assert answer["Cache-Control"] == "no-cache"
    script = answer.content.decode()
    config = json.loads(re.search(r"const CONFIG = (\{.*?\n\});", script, re.S).group(1))
    assert "/offline/" in config["precache"]
    for path in webapp.PRECACHE:
        assert f"/static/{path}" in config["precache"]
        if not path.startswith("django_htmx/"):
            assert (STATIC / path).exists(), path
    assert config["staticCacheFirst"] is True  # DEBUG is off
    assert re.search(r'const VERSION = "tabletop-[0-9a-f]{16}";', script)
    assert "{{" not in script and "{%" not in script


def test_a_deployment_that_changes_a_static_file_changes_the_worker(db):
    first = webapp._worker_script(("/static/css/site.1.css",), "/offline/", True)
    second = webapp._worker_script(("/static/css/site.2.css",), "/offline/", True)
    version = re.compile(r'const VERSION = "([^"]+)"')
    assert version.search(first).group(1) != version.search(second).group(1)


def test_the_offline_page_names_nobody(users):
    html = login_client(users[0]).get("/offline/").content.decode()
    assert "You are offline" in html
    assert "ana" not in html
    assert "/static/css/site.css" in html


def test_every_page_names_the_manifest_and_offers_the_install_only_when_it_can(db):
    html = Client().get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert '<meta name="theme-color" content="#23201b">' in html
    assert "/static/icons/apple-touch-icon.png" in html
    assert "/static/js/app.js" in html
    assert (
        '<button type="button" id="install-app" class="link" hidden>Install the app</button>'
        in html
    )
    assert png_size(STATIC / "icons" / "apple-touch-icon.png") == (180, 180)
    assert png_size(STATIC / "icons" / "badge-96.png") == (96, 96)
