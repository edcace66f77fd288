"""Replies posted by a mail service's inbound webhook (django-anymail's, here
Mailgun's "forward the raw message" route): a post with the webhook secret
and the service's signature plays the move through the same service as the
SMTP server; one without either is refused and writes nothing."""

from __future__ import annotations

import base64
import hashlib
import hmac

import pytest
from django.test import Client

from replies.models import InboundEmail
from tables.models import Move
from tests.replies.conftest import WEBHOOK_SECRET, reply
from tests.replies.helpers import address_of, coup_tax, users_by_seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("replies_on")]

URL = "/inbound/anymail/mailgun/inbound_mime/"
SIGNING_KEY = "mailgun-signing-key-for-the-tests"


@pytest.fixture(autouse=True)
def _mailgun(replies_on, settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}


def basic_auth(secret: str = WEBHOOK_SECRET) -> dict:
    return {"Authorization": "Basic " + base64.b64encode(secret.encode()).decode()}


def mailgun_post(message, *, key: str = SIGNING_KEY, recipient: str = "") -> dict:
    """The form Mailgun posts for a route that forwards the raw message."""
    timestamp, token = "1796000000", "a-fresh-token-0123456789abcdef0123456789"
    signature = hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    return {
        "body-mime": message.as_string(),
        "sender": message["From"],
        "recipient": recipient or message["To"],
        "timestamp": timestamp,
        "token": token,
        "signature": signature,
    }


@pytest.fixture
def client():
    """A mail service posts with no CSRF token, as any client without cookies."""
    return Client(enforce_csrf_checks=True)


@pytest.fixture
def asked(users):
    table, seat = coup_tax(users[:2])
    return table, seat, users_by_seat(table)[seat]


def test_a_signed_post_plays_the_reply(client, asked):
    table, seat, player = asked
    version = table.version
    message = reply(to=address_of(table, seat), sender=player.email, text="Challenge")
    response = client.post(URL, mailgun_post(message), headers=basic_auth())
    assert response.status_code == 200
    row = InboundEmail.objects.get()
    assert (row.via, row.outcome, row.move) == ("Mailgun", "played", {"action": "challenge"})
    assert Move.objects.get(table=table, seq=version + 1).move == {"action": "challenge"}
    # The service posts again (it did not see our answer): nothing more.
    again = client.post(URL, mailgun_post(message), headers=basic_auth())
    assert again.status_code == 200
    assert list(InboundEmail.objects.order_by("pk").values_list("outcome", flat=True)) == [
        "played",
        "duplicate",
    ]
    assert Move.objects.filter(table=table).count() == version + 1


@pytest.mark.parametrize(
    ("post", "headers"),
    [
        ("bad signature", basic_auth()),
        ("good", basic_auth("mailservice:not-the-secret")),
        ("good", {}),
    ],
)
def test_a_post_without_the_secret_or_the_signature_is_refused_and_writes_nothing(
    client, asked, post, headers
):
    table, seat, player = asked
    version = table.version
    message = reply(to=address_of(table, seat), sender=player.email, text="2")
    data = mailgun_post(message, key="not-the-key" if post == "bad signature" else SIGNING_KEY)
    response = client.post(URL, data, headers=headers)
    assert response.status_code == 400
    assert not InboundEmail.objects.exists()
    table.refresh_from_db()
    assert table.version == version


def test_the_webhooks_are_off_without_the_domain_the_secret_or_the_services_key(
    client, asked, settings
):
    table, seat, player = asked
    data = mailgun_post(reply(to=address_of(table, seat), sender=player.email, text="2"))
    settings.ANYMAIL = {"WEBHOOK_SECRET": WEBHOOK_SECRET}  # no Mailgun key
    assert client.post(URL, data, headers=basic_auth()).status_code == 404
    settings.ANYMAIL["MAILGUN_WEBHOOK_SIGNING_KEY"] = SIGNING_KEY
    settings.INBOUND_WEBHOOK_SECRET = ""
    assert client.post(URL, data, headers=basic_auth()).status_code == 404
    settings.INBOUND_WEBHOOK_SECRET = WEBHOOK_SECRET
    settings.INBOUND_EMAIL_DOMAIN = ""
    assert client.post(URL, data, headers=basic_auth()).status_code == 404
    assert not InboundEmail.objects.exists()


def test_the_envelope_recipient_a_service_gives_is_read(client, asked):
    """A service that rewrites To (a forwarding rule) still names our
    address in its envelope."""
    table, seat, player = asked
    message = reply(to="ana-elsewhere@example.net", sender=player.email, text="1")
    data = mailgun_post(message, recipient=address_of(table, seat))
    assert client.post(URL, data, headers=basic_auth()).status_code == 200
    assert InboundEmail.objects.get().outcome == "played"
