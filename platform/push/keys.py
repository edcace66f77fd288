"""The site's VAPID keys (RFC 8292): its identity to the browsers' push
services. A browser's subscription is made with the public key and every
push is signed with the private one, so the pair is made once
(`manage.py vapid_keys`) and never changed: with a new pair, every device's
subscription would be refused by its push service.

Both keys are raw URL-safe base64 without padding, the forms the browsers'
`applicationServerKey` and pywebpush take: the public key is the 65-byte
uncompressed P-256 point, the private key its 32-byte scalar.
"""

from __future__ import annotations

import base64
from functools import cache

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from py_vapid import Vapid


def enabled() -> bool:
    """Whether the site sends pushes: both keys are set."""
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def b64url_decode(text: str) -> bytes:
    """Raises ValueError on text that is not URL-safe base64."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError) as exc:
        raise ValueError("not URL-safe base64") from exc


def _public_raw(private: ec.EllipticCurvePrivateKey) -> bytes:
    return private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )


def new_pair() -> tuple[str, str]:
    """A new (public, private) pair, both as raw URL-safe base64."""
    private = ec.generate_private_key(ec.SECP256R1())
    scalar = private.private_numbers().private_value.to_bytes(32, "big")
    return b64url(_public_raw(private)), b64url(scalar)


def problems(public: str, private: str, subject: str) -> list[str]:
    """What is wrong with these settings, in an operator's words (none: fine,
    or push left off with all three empty)."""
    if not public and not private:
        return []
    if not public or not private:
        return ["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together."]
    found = []
    if not subject.startswith(("mailto:", "https://")):
        found.append("VAPID_SUBJECT must be a mailto: or https:// contact for the push services.")
    try:
        scalar = b64url_decode(private)
        if len(scalar) != 32:
            raise ValueError
        key = ec.derive_private_key(int.from_bytes(scalar, "big"), ec.SECP256R1())
    except ValueError:
        return [*found, "VAPID_PRIVATE_KEY is not a raw P-256 private key (manage.py vapid_keys)."]
    try:
        matches = b64url_decode(public) == _public_raw(key)
    except ValueError:
        matches = False
    if not matches:
        found.append("VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY.")
    return found


def public_key() -> str:
    return settings.VAPID_PUBLIC_KEY


@cache
def _signer(private: str) -> Vapid:
    return Vapid.from_string(private_key=private)


def signer() -> Vapid:
    """The private key, parsed once per process (per key)."""
    return _signer(settings.VAPID_PRIVATE_KEY)


def subject() -> str:
    return settings.VAPID_SUBJECT
