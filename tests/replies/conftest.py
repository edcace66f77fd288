"""Replies on (an inbound domain and a webhook secret), and the messages a
player's mail program would send back."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

import pytest

DOMAIN = "play.example.org"
WEBHOOK_SECRET = "mailservice:a-long-webhook-secret"


@pytest.fixture
def replies_on(settings):
    settings.INBOUND_EMAIL_DOMAIN = DOMAIN
    settings.INBOUND_WEBHOOK_SECRET = WEBHOOK_SECRET
    settings.ANYMAIL = {"WEBHOOK_SECRET": WEBHOOK_SECRET}
    # Turn emails go as soon as they are due.
    settings.TURN_EMAIL_DELAY_SECONDS = 0
    return settings


def reply(
    *,
    to: str,
    sender: str,
    text: str,
    message_id: str | None = "",
    subject: str = "Re: [Tabletop] Your turn in Coup",
    headers: dict[str, str] | None = None,
    html: str | None = None,
) -> EmailMessage:
    """A reply as a mail program writes it: the answer on top, the email it
    answers quoted below. `message_id=None`: none at all."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = "Mon, 07 Dec 2026 10:00:00 +0000"
    if message_id is not None:
        message["Message-ID"] = message_id or make_msgid(domain="mail.example.net")
    for name, value in (headers or {}).items():
        message[name] = value
    quoted = "\n".join(
        [
            "",
            "On Mon, 7 Dec 2026 at 09:00, Tabletop <noreply@example.org> wrote:",
            "> It is your turn in Coup.",
            "> To answer, reply to this email with the number (or the words) of your choice:",
            ">   1. Pass",
            ">   2. Challenge",
        ]
    )
    message.set_content(text + "\n" + quoted)
    if html is not None:
        message.add_alternative(html, subtype="html")
    return message
