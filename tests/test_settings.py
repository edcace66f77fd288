"""Settings come from the environment through typed readers that refuse what
they cannot read; with nothing set the site runs on SQLite."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# What a fresh checkout has: none of the site's variables.
SITE_VARIABLES = {
    "DEBUG",
    "SECRET_KEY",
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "REDIS_URL",
    "EMAIL_URL",
    "DJANGO_SETTINGS_MODULE",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}


def run(tmp_path: Path, code: str, **variables: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in SITE_VARIABLES}
    env.update(VAR_DIR=str(tmp_path / "var"), **variables)
    return subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        env={
            **env,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_with_nothing_set_the_site_runs_on_sqlite_with_a_folder_broker(tmp_path):
    done = run(
        tmp_path,
        "from django.conf import settings as s; from django.core.management import call_command;"
        " call_command('migrate', verbosity=0);"
        " from django.contrib.auth.models import User; User.objects.create(username='ana');"
        " print(s.DATABASES['default']['ENGINE'], s.CELERY_BROKER_URL, s.EMAIL_BACKEND, s.DEBUG,"
        " User.objects.count())",
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == [
        "django.db.backends.sqlite3",
        "filesystem://",
        "django.core.mail.backends.console.EmailBackend",
        "True",
        "1",
    ]
    # The broker's folders are under var/, none where the process started.
    assert (tmp_path / "var" / "broker" / "control").is_dir()
    assert (tmp_path / "var" / "db.sqlite3").is_file()


@pytest.mark.parametrize(
    "variables, complaint",
    [
        ({"DEBUG": "tru"}, '"DEBUG" invalid'),
        ({"SWEEP_SECONDS": "sixty"}, '"SWEEP_SECONDS" invalid'),
        ({"EMAIL_URL": "smpt://mail.example.org"}, "EMAIL_URL: unknown scheme 'smpt'"),
    ],
)
def test_a_value_the_settings_cannot_read_stops_the_site(tmp_path, variables, complaint):
    done = run(tmp_path, "print('started')", **variables)
    assert done.returncode != 0
    assert "started" not in done.stdout
    assert complaint in done.stderr


def test_database_and_email_urls_are_read(tmp_path):
    done = run(
        tmp_path,
        "from django.conf import settings as s; d = s.DATABASES['default'];"
        " print(d['ENGINE'], d['NAME'], d['HOST'], d['PORT'], d['OPTIONS']['pool']['max_size'],"
        " s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_HOST_USER, s.EMAIL_USE_TLS)",
        DATABASE_URL="postgres://site:secret@db.example.org:5433/tabletop",
        DB_POOL_MAX_SIZE="3",
        EMAIL_URL="smtp://mailer:pw@smtp.example.org:587?tls=1",
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == [
        "django.db.backends.postgresql",
        "tabletop",
        "db.example.org",
        "5433",
        "3",
        "smtp.example.org",
        "587",
        "mailer",
        "True",
    ]
