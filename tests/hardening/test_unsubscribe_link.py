"""Opening an unsubscribe link only asks: a mail scanner that follows it
changes nothing. The button (a POST, as RFC 8058's one-click sends) does
the change, and links expire (issue 12, point 11)."""

from __future__ import annotations

import time

from django.core import signing

from accounts.models import Profile
from notifications import unsubscribe
from notifications.models import Notification


def _path(user, kind=Notification.Kind.TURN) -> str:
    return unsubscribe.url(user.pk, kind).removeprefix("http://127.0.0.1:8000")


def test_opening_the_link_shows_one_button_and_changes_nothing(users, client):
    ana = users[0]
    response = client.get(_path(ana))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'method="post"' in page and "<button>Unsubscribe</button>" in page
    assert Profile.objects.get(user=ana).notify_turn == Profile.Notify.IMMEDIATE


def test_the_button_unsubscribes(users, client):
    ana = users[0]
    response = client.post(_path(ana))
    assert "You are unsubscribed" in response.content.decode()
    assert Profile.objects.get(user=ana).notify_turn == Profile.Notify.NEVER


def test_a_mail_clients_one_click_post_unsubscribes(users, client):
    ana = users[0]
    client.post(
        _path(ana, Notification.Kind.REMINDER),
        "List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert Profile.objects.get(user=ana).notify_reminder is False


class _SignedLastYear(signing.TimestampSigner):
    def timestamp(self) -> str:
        return signing.b62_encode(int(time.time()) - 366 * 86400)


def test_a_link_older_than_the_setting_no_longer_works(users, client, settings):
    ana = users[0]
    old = _SignedLastYear(salt=unsubscribe.SALT).sign_object(
        {"u": ana.pk, "k": Notification.Kind.TURN}, compress=True
    )
    path = f"/notifications/unsubscribe/{old}/"
    for answer in (client.get(path), client.post(path)):
        assert answer.status_code == 400
        assert "expired" in answer.content.decode()
    assert Profile.objects.get(user=ana).notify_turn == Profile.Notify.IMMEDIATE
    settings.UNSUBSCRIBE_TOKEN_DAYS = 400
    assert client.post(path).status_code == 200
    assert Profile.objects.get(user=ana).notify_turn == Profile.Notify.NEVER
