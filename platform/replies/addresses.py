"""The per-turn reply address of a turn email: `<signed-part>@INBOUND_EMAIL_DOMAIN`.

Its local part says which question it answers (table, version, seat) and
signs that with an HMAC of the site's secret key under a salt of its own
(no other signed value of the site can stand in for one):
`t12v34s1-` then 16 base32 letters of the HMAC (80 bits). It is written in
lowercase letters and digits only, so a mail system that lowercases local
parts (some do) changes nothing, and it stays far below the 64 characters
a local part may have.

Like a notification button's token, the address is the credential of the
reply: whoever holds it may answer that one question for that seat, and
only while the table is still at that version, so it needs no expiry.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

from django.conf import settings
from django.utils.crypto import constant_time_compare, salted_hmac

SALT = "replies.address"
# 80 bits of the HMAC: guessing one over SMTP is out of reach.
MAC_CHARS = 16
MAX_LOCAL_PART = 64
_LOCAL = re.compile(rf"^t(\d{{1,19}})v(\d{{1,10}})s(\d{{1,3}})-([a-z2-7]{{{MAC_CHARS}}})$")


@dataclass(frozen=True)
class Turn:
    """The question a reply address answers."""

    table_id: int
    version: int
    seat: int


def enabled() -> bool:
    """Whether turn emails carry a reply address (INBOUND_EMAIL_DOMAIN is set)."""
    return bool(settings.INBOUND_EMAIL_DOMAIN)


def domain() -> str:
    return settings.INBOUND_EMAIL_DOMAIN.lower()


def _mac(said: str, secret: str | None = None) -> str:
    digest = salted_hmac(SALT, said, secret=secret, algorithm="sha256").digest()
    return base64.b32encode(digest).decode().lower()[:MAC_CHARS]


def _said(table_id: int, version: int, seat: int) -> str:
    return f"t{table_id}v{version}s{seat}"


def local_part(table_id: int, version: int, seat: int) -> str:
    said = _said(table_id, version, seat)
    return f"{said}-{_mac(said)}"


def make(table_id: int, version: int, seat: int) -> str:
    """The reply address of seat `seat` at table `table_id`, version `version`."""
    return f"{local_part(table_id, version, seat)}@{domain()}"


def split(address: str) -> tuple[str, str]:
    """(local part, domain) of a bare address, the domain lowercased."""
    local, _, host = address.strip().strip("<>").rpartition("@")
    return local, host.lower().rstrip(".")


def is_ours(address: str) -> bool:
    """Whether the address is at the inbound domain (whatever its local part)."""
    return enabled() and split(address)[1] == domain()


def read(address: str) -> Turn | None:
    """The question an address of ours answers, or None: another domain, or
    a local part this site did not sign (tampered, or made for another table
    or seat). Read in any case: "T12V3S1-ABC…" is "t12v3s1-abc…"."""
    if not is_ours(address):
        return None
    local = split(address)[0].lower()
    if len(local) > MAX_LOCAL_PART:
        return None
    match = _LOCAL.match(local)
    if match is None:
        return None
    table_id, version, seat, mac = match.groups()
    said = _said(int(table_id), int(version), int(seat))
    if not local.startswith(f"{said}-"):
        return None  # a number written another way ("t012"): not an address we made
    # A reply to an email sent before the secret key was rotated still counts.
    secrets = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    if not any(constant_time_compare(mac, _mac(said, secret)) for secret in secrets):
        return None
    return Turn(int(table_id), int(version), int(seat))
