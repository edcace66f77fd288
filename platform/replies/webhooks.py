"""Replies posted by a hosted mail service's inbound webhook, through
django-anymail: its views (one per service: Mailgun, Postmark, SendGrid,
Amazon SES, Brevo, Mailjet, MailerSend, Postal, Resend, SparkPost...)
check the post's basic-auth secret and the service's own signature, parse
the message into an `AnymailInboundMessage`, and send its `inbound` signal,
which hands it to the same service as the SMTP server's.

The webhooks answer 404 while replies are off (no INBOUND_EMAIL_DOMAIN),
without INBOUND_WEBHOOK_SECRET (a webhook open to anyone would take any
post for a mail service's), and for a service whose own settings are not
set. A post that fails a check answers 400 and writes nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from anymail import urls as anymail_urls
from anymail.exceptions import AnymailConfigurationError
from anymail.signals import AnymailInboundEvent, inbound
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import URLPattern

from replies import addresses, services


def on_inbound(sender, event: AnymailInboundEvent, esp_name: str, **_) -> None:
    message = event.message
    if message is None:
        return
    recipient = getattr(message, "envelope_recipient", None)
    services.inbound_receive(
        message=message,
        via=esp_name,
        envelope_from=getattr(message, "envelope_sender", None),
        envelope_to=[recipient] if recipient else [],
    )


def connect() -> None:
    inbound.connect(on_inbound, dispatch_uid="replies.inbound")


def _guarded(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not addresses.enabled() or not settings.INBOUND_WEBHOOK_SECRET:
            raise Http404("Email replies are off on this site.")
        try:
            return view(request, *args, **kwargs)
        except AnymailConfigurationError:
            raise Http404("This mail service is not set up on this site.") from None

    return wrapped


def urlpatterns() -> list[URLPattern]:
    """django-anymail's inbound webhooks, each behind the guard above."""
    return [
        URLPattern(pattern.pattern, _guarded(pattern.callback), name=pattern.name)
        for pattern in anymail_urls.urlpatterns
        if pattern.name and pattern.name.endswith("_inbound_webhook")
    ]
