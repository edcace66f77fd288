"""The VAPID keys: made by `manage.py vapid_keys`, read from the
environment, and refused at start when they cannot work."""

from __future__ import annotations

import io

import pytest
from django.apps import apps
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command

from push import keys


def test_the_command_prints_a_pair_that_works(db):
    out, err = io.StringIO(), io.StringIO()
    call_command("vapid_keys", stdout=out, stderr=err)
    lines = dict(line.split("=", 1) for line in out.getvalue().splitlines())
    assert set(lines) == {"VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"}
    assert len(keys.b64url_decode(lines["VAPID_PUBLIC_KEY"])) == 65
    assert (
        keys.problems(lines["VAPID_PUBLIC_KEY"], lines["VAPID_PRIVATE_KEY"], "mailto:a@b.org") == []
    )
    assert "stops working" in err.getvalue()
    # A new pair each time.
    again = io.StringIO()
    call_command("vapid_keys", stdout=again, stderr=io.StringIO())
    assert again.getvalue() != out.getvalue()


def test_settings_that_cannot_work_are_named():
    public, private = keys.new_pair()
    other_public, _ = keys.new_pair()
    assert keys.problems("", "", "") == []  # push off
    assert keys.problems(public, "", "mailto:a@b.org") == [
        "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together."
    ]
    assert keys.problems(other_public, private, "mailto:a@b.org") == [
        "VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY."
    ]
    assert keys.problems(public, "short", "https://example.org/contact") == [
        "VAPID_PRIVATE_KEY is not a raw P-256 private key (manage.py vapid_keys)."
    ]
    assert keys.problems(public, private, "ops@example.org") == [
        "VAPID_SUBJECT must be a mailto: or https:// contact for the push services."
    ]


def test_the_site_does_not_start_with_keys_that_cannot_work(settings):
    settings.VAPID_PUBLIC_KEY, _ = keys.new_pair()
    settings.VAPID_PRIVATE_KEY = keys.new_pair()[1]
    settings.VAPID_SUBJECT = "mailto:ops@example.org"
    with pytest.raises(ImproperlyConfigured, match="not the public key"):
        apps.get_app_config("push").ready()
