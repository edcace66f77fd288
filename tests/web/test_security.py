"""The security baseline: deploy checks, CSP, rate limits, CSRF, tokens, admin."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from accounts.models import ApiToken
from tests.conftest import PASSWORD, ApiClient, login_client, start_table

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def manage(env_extra: dict, *args: str) -> subprocess.CompletedProcess:
    # Browser tests relax Django's async check for their own process only.
    dropped = {"DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(env_extra)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )


PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "k" * 20 + "-a-long-and-random-production-secret-0123456789",
    "ALLOWED_HOSTS": "play.example.org",
}


def test_check_deploy_is_clean_under_production_settings():
    done = manage(PRODUCTION, "check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_production_refuses_to_start_without_a_secret_key():
    done = manage({"DEBUG": "0", "ALLOWED_HOSTS": "play.example.org"}, "check")
    assert done.returncode != 0
    assert "SECRET_KEY must be set" in done.stderr


def test_pages_carry_a_content_security_policy(client):
    response = client.get("/")
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_api_answers_carry_a_policy_that_allows_nothing(client):
    # JSON loads nothing: its policy denies everything, errors included.
    for path in ("/api/games", "/api/tables/999999", "/api/nowhere"):
        response = client.get(path)
        assert response["Content-Type"].startswith("application/json"), path
        assert response["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'"
    docs = client.get("/api/docs")
    if docs.status_code == 200 and docs["Content-Type"].startswith("text/html"):
        assert "default-src 'self'" in docs["Content-Security-Policy"]


INLINE = [
    (
        re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>"),
        "inline script",
    ),
    (re.compile(r"\son[a-z]+\s*=", re.I), "inline event handler"),
    (re.compile(r"<style[\s>]"), "inline style sheet"),
    (re.compile(r"\sstyle\s*="), "inline style attribute"),
]


def test_no_page_template_needs_unsafe_inline():
    templates = [
        path
        for folder in ("templates", "platform", "games")
        for path in (ROOT / folder).rglob("*.html")
        if "emails" not in path.parts  # emails are not served under our CSP
    ]
    assert len(templates) > 10
    problems = [
        f"{path.relative_to(ROOT)}: {what}"
        for path in templates
        for pattern, what in INLINE
        if pattern.search(path.read_text())
    ]
    assert problems == []


@pytest.fixture
def limits(rate_limits):
    return rate_limits


def test_log_in_is_rate_limited(users, limits):
    client = Client()
    for _ in range(20):
        client.post("/accounts/login/", {"username": "ana", "password": "wrong"})
    response = client.post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many requests" in response.content.decode()
    assert 1 <= int(response["Retry-After"]) <= 60  # when to come back


def test_sign_up_is_rate_limited(db, limits):
    client = Client()
    codes = []
    for i in range(12):
        codes.append(
            client.post(
                "/accounts/signup/",
                {
                    "username": f"u{i}",
                    "email": f"u{i}@example.org",
                    "password1": "pw-Long-enough-9",
                    "password2": "pw-Long-enough-9",
                },
            ).status_code
        )
        client.logout()
    assert codes[:10] == [302] * 10
    assert codes[10:] == [429, 429]


def test_password_reset_is_rate_limited(users, limits, mailoutbox):
    client = Client()
    codes = [
        client.post("/accounts/password/reset/", {"email": "ana@example.org"}).status_code
        for _ in range(7)
    ]
    assert codes[:5] == [302] * 5 and codes[5:] == [429, 429]
    assert len(mailoutbox) == 5


def test_token_creation_is_rate_limited(users, limits):
    client = login_client(users[0])
    codes = [client.post("/accounts/tokens/", {"name": f"bot {i}"}).status_code for i in range(22)]
    assert codes[:20] == [200] * 20 and codes[20:] == [429, 429]
    assert ApiToken.objects.filter(user=users[0]).count() == 20


def test_moves_are_rate_limited_with_a_clear_json_answer(users, limits, settings):
    table = start_table("coup", users[:2])
    bot = ApiClient(users[table.to_act[0]])
    url = f"/api/tables/{table.pk}/moves"
    settings.MOVE_RATE_PER_TABLE = "120/m"
    answers = [bot.post(url, {"version": 99, "move": {"action": "income"}}) for _ in range(121)]
    assert [a.status_code for a in answers[:120]] == [409] * 120
    assert answers[120].status_code == 429
    assert answers[120].json()["detail"].startswith("Too many moves; try again in")


POSTS = [
    "/accounts/signup/",
    "/accounts/login/",
    "/accounts/profile/",
    "/accounts/tokens/",
    "/accounts/password/change/",
    "/accounts/password/reset/",
    "/tables/new/",
    "/tables/{id}/join/",
    "/tables/{id}/start/",
    "/tables/{id}/move/",
    "/tables/{id}/orders/",
    "/tables/{id}/invite/",
]


@pytest.mark.parametrize("path", POSTS)
def test_every_form_needs_its_csrf_token(users, path):
    table = start_table("coup", users[:2])
    client = Client(enforce_csrf_checks=True)
    client.force_login(users[0])
    response = client.post(path.format(id=table.pk), {"name": "x"})
    assert response.status_code == 403
    assert "This form has expired" in response.content.decode()


def test_a_new_token_is_shown_once_and_stored_hashed(users):
    client = login_client(users[0])
    page = client.post("/accounts/tokens/", {"name": "my bot"}).content.decode()
    key = re.search(r'id="new-token">([^<]+)<', page).group(1)
    assert key.startswith("tt_")
    row = ApiToken.objects.get(user=users[0])
    assert key not in (row.key_hash, row.prefix) and row.prefix == key[:10]
    again = client.get("/accounts/tokens/").content.decode()
    assert key not in again and row.prefix in again


def test_admin_is_for_staff_only(users):
    player = login_client(users[0])
    assert player.get("/admin/").status_code == 302
    assert player.get("/admin/tables/table/").status_code == 302
    users[1].is_staff = users[1].is_superuser = True
    users[1].save()
    assert login_client(users[1]).get("/admin/tables/table/").status_code == 200


def test_no_secret_is_committed():
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    suspicious = re.compile(
        r"(BEGIN [A-Z ]*PRIVATE KEY|sk_live_|AKIA[0-9A-Z]{16}|tt_[A-Za-z0-9_-]{40})"
    )
    found = [
        path
        for path in tracked
        if (ROOT / path).is_file()
        and not path.endswith((".png", ".ico"))
        and path != "tests/web/test_security.py"  # the patterns themselves
        and suspicious.search((ROOT / path).read_text(errors="ignore"))
    ]
    assert found == []
    assert not any(path.endswith((".env", ".sqlite3")) for path in tracked)
