"""`manage.py inbound_smtp --host 127.0.0.1 --port 8025`: the SMTP server that
takes replies to turn emails for INBOUND_EMAIL_DOMAIN (see replies/smtp.py).
In production it listens on port 25 of the machine the domain's MX record
names, or behind a relay that forwards the domain's mail to it."""

from __future__ import annotations

import asyncio
import signal
import socket

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from replies import smtp


class Command(BaseCommand):
    help = "Run the SMTP server that takes replies to turn emails."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
        parser.add_argument("--port", type=int, default=8025, help="port to listen on")
        parser.add_argument("--tls-cert", default="", help="certificate file for STARTTLS")
        parser.add_argument("--tls-key", default="", help="its private key file")

    def handle(self, *args, host: str, port: int, tls_cert: str, tls_key: str, **options) -> None:
        if not settings.INBOUND_EMAIL_DOMAIN:
            raise CommandError("Set INBOUND_EMAIL_DOMAIN: the domain whose mail this server takes.")
        if bool(tls_cert) != bool(tls_key):
            raise CommandError("--tls-cert and --tls-key go together.")
        context = smtp.tls_context(tls_cert, tls_key) if tls_cert else None
        # The socket is taken before the event loop starts, so that a port in
        # use is said plainly whatever else runs in this thread.
        try:
            listener = socket.create_server((host, port))
        except OSError as exc:
            raise CommandError(f"Cannot listen on {host}:{port}: {exc.strerror}") from None
        asyncio.run(self.serve(listener, host, context))

    async def serve(self, listener: socket.socket, host: str, context) -> None:
        loop = asyncio.get_running_loop()
        server = await loop.create_server(
            lambda: smtp.smtp_server(tls_context=context), sock=listener
        )
        stop = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        listening = server.sockets[0].getsockname()[1]
        self.stdout.write(
            f"Taking replies for {settings.INBOUND_EMAIL_DOMAIN} by SMTP on {host}:{listening}",
        )
        self.stdout.flush()
        async with server:
            await stop.wait()
