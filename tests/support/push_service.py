"""A push service of the tests' own, and a browser's side of a subscription.

`PushService` listens on 127.0.0.1 (a free port) and keeps every request it
is sent, answering each with the next status it was told to (201 once the
list is used up), with headers if told (`(503, {"Retry-After": "60"})`).
A subscription's endpoint points at it.

`BrowserKeys` is what a browser makes when it subscribes: a P-256 key pair
and a 16-byte authentication secret. It decrypts what the site sent
(RFC 8291, aes128gcm) with its private key, as the browser would.

`check_vapid` reads the Authorization header the way a push service does
(RFC 8292): the public key the site subscribed browsers with, a JWT signed
with its private key, for this service's origin, not yet expired.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


class PushService:
    def __init__(self) -> None:
        self.received: list[Received] = []
        self._statuses: list[int | tuple[int, dict[str, str]]] = []
        self._lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                with service._lock:
                    service.received.append(
                        Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                    )
                    answer = service._statuses.pop(0) if service._statuses else 201
                status, headers = answer if isinstance(answer, tuple) else (answer, {})
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def endpoint(self, name: str) -> str:
        return f"{self.origin}/push/{name}"

    def answer(self, *statuses: int | tuple[int, dict[str, str]]) -> None:
        """The statuses of the next requests, in order."""
        with self._lock:
            self._statuses.extend(statuses)

    def wait_for(self, count: int, timeout: float = 60) -> list[Received]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if len(self.received) >= count:
                return self.received
            time.sleep(0.1)
        raise AssertionError(f"the push service got {len(self.received)} of {count} pushes")

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class BrowserKeys:
    def __init__(self) -> None:
        self.private = ec.generate_private_key(ec.SECP256R1())
        self.secret = os.urandom(16)

    @property
    def p256dh(self) -> str:
        return b64url(
            self.private.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )

    @property
    def auth(self) -> str:
        return b64url(self.secret)

    def decrypt(self, received: Received) -> dict:
        assert received.headers["content-encoding"] == "aes128gcm"
        plain = http_ece.decrypt(
            received.body, private_key=self.private, auth_secret=self.secret, version="aes128gcm"
        )
        return json.loads(plain)


def check_vapid(received: Received, *, public_key: str, subject: str, audience: str) -> dict:
    """The JWT's claims, once its signature, key and claims are checked."""
    scheme, _, params = received.headers["authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert fields["k"] == public_key
    head, claims, signature = fields["t"].split(".")
    raw = b64url_decode(signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(public_key))
    key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    assert json.loads(b64url_decode(head)) == {"typ": "JWT", "alg": "ES256"}
    said = json.loads(b64url_decode(claims))
    assert said["aud"] == audience
    assert said["sub"] == subject
    assert time.time() < said["exp"] <= time.time() + 24 * 3600
    return said
