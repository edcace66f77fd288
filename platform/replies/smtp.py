"""The site's own SMTP server for replies to turn emails (aiosmtpd).

It is the inbound domain's mail exchanger, not a relay: a recipient outside
INBOUND_EMAIL_DOMAIN is refused with 550 before any data is sent, and so is
an address of the domain that this site did not sign (no such mailbox), so
mail it cannot use is refused at once rather than bounced later. A message
larger than INBOUND_EMAIL_MAX_BYTES is refused with 552. Each accepted
message is handed to `replies.services.inbound_receive`, the same service
as the webhook's, in a worker thread (the ORM does not run in the event
loop); if that fails (the database is down), the server answers 451 and
the sending server tries again later, which the message's unique key makes
safe.
"""

from __future__ import annotations

import logging
import ssl
from collections.abc import Sequence

from aiosmtpd.smtp import SMTP, Envelope, Session
from anymail.inbound import AnymailInboundMessage
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections

from replies import addresses, services

log = logging.getLogger(__name__)

# A reply goes to one address; a few more in the envelope are tolerated.
MAX_RECIPIENTS = 10


def receive(content: bytes, mail_from: str, rcpt_tos: Sequence[str]) -> None:
    """Hand one message to the service, on a fresh database connection if
    the last one went stale (the server runs for months)."""
    close_old_connections()
    try:
        message = AnymailInboundMessage.parse_raw_mime_bytes(content)
        services.inbound_receive(
            message=message, via="smtp", envelope_from=mail_from, envelope_to=list(rcpt_tos)
        )
    finally:
        close_old_connections()


class ReplyHandler:
    """aiosmtpd's handler: which recipients to take, and what to do with a message."""

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: list
    ) -> str:
        if not addresses.is_ours(address):
            domain = addresses.domain()
            return f"550 5.7.1 Relaying denied: this server takes mail for {domain} only"
        if addresses.read(address) is None:
            return "550 5.1.1 No such reply address"
        if len(envelope.rcpt_tos) >= MAX_RECIPIENTS:
            return "452 4.5.3 Too many recipients"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        try:
            await sync_to_async(receive)(
                envelope.original_content or envelope.content,
                envelope.mail_from or "",
                envelope.rcpt_tos,
            )
        except Exception:
            log.exception("A reply could not be taken; the sender will try again.")
            return "451 4.3.0 Could not take the message now: try again later"
        return "250 2.0.0 Message accepted"


def smtp_server(*, tls_context: ssl.SSLContext | None = None) -> SMTP:
    """One SMTP session's server (aiosmtpd makes one per connection)."""
    return SMTP(
        ReplyHandler(),
        data_size_limit=settings.INBOUND_EMAIL_MAX_BYTES,
        enable_SMTPUTF8=True,
        hostname=addresses.domain() or None,
        ident="Tabletop replies",
        tls_context=tls_context,
        # Sessions that stall are closed; a real mail server sends at once.
        timeout=60,
    )


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    """STARTTLS with this certificate, offered to sending servers that ask."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context
