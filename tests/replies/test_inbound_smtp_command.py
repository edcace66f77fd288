"""`manage.py inbound_smtp`: what it refuses before it listens."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command


def test_it_needs_the_inbound_domain(settings):
    settings.INBOUND_EMAIL_DOMAIN = ""
    with pytest.raises(CommandError, match="Set INBOUND_EMAIL_DOMAIN"):
        call_command("inbound_smtp", "--port", "0")


def test_a_certificate_needs_its_key(settings):
    settings.INBOUND_EMAIL_DOMAIN = "play.example.org"
    with pytest.raises(CommandError, match="go together"):
        call_command("inbound_smtp", "--port", "0", "--tls-cert", "cert.pem")


def test_a_port_in_use_is_said_plainly(settings):
    import socket

    settings.INBOUND_EMAIL_DOMAIN = "play.example.org"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(CommandError, match=f"Cannot listen on 127.0.0.1:{port}"):
            call_command("inbound_smtp", "--port", str(port))
