"""The per-turn reply address: it names its table, version and seat, and
only an address this site signed is read; lowercased (as some mail systems
do) or uppercased, it is the same address."""

from __future__ import annotations

import pytest

from replies import addresses
from tests.replies.conftest import DOMAIN

pytestmark = pytest.mark.usefixtures("replies_on")


def local(address: str) -> str:
    return address.partition("@")[0]


def test_an_address_names_its_question_and_is_read_back():
    address = addresses.make(123456, 78, 2)
    assert address.endswith(f"@{DOMAIN}")
    assert local(address).startswith("t123456v78s2-")
    assert addresses.read(address) == addresses.Turn(123456, 78, 2)


def test_an_address_is_short_and_lowercase():
    address = addresses.make(2**63 - 1, 4_000_000_000, 5)
    assert len(local(address)) <= 64
    assert local(address) == local(address).lower()
    assert addresses.read(address) == addresses.Turn(2**63 - 1, 4_000_000_000, 5)


def test_a_lowercased_or_uppercased_address_is_the_same():
    address = addresses.make(12, 3, 1)
    assert addresses.read(address.lower()) == addresses.Turn(12, 3, 1)
    assert addresses.read(address.upper()) == addresses.Turn(12, 3, 1)
    assert addresses.read(f"<{address}>") == addresses.Turn(12, 3, 1)


def test_a_tampered_address_is_not_read():
    address = addresses.make(12, 3, 1)
    name, _, domain = address.partition("@")
    said, _, mac = name.partition("-")
    flipped = mac[:-1] + ("a" if mac[-1] != "a" else "b")
    for forged in (
        f"{said.replace('v3', 'v4')}-{mac}@{domain}",  # another version
        f"{said}-{flipped}@{domain}",  # another signature
        f"{said}-{mac[:-1]}@{domain}",  # a signature cut short
        f"t012v3s1-{mac}@{domain}",  # the table's number written another way
        f"{name}x@{domain}",
        f"{said}@{domain}",
    ):
        assert addresses.read(forged) is None, forged


def test_another_tables_or_another_seats_signature_does_not_fit():
    mine = local(addresses.make(12, 3, 1)).partition("-")[2]
    for other_table, other_seat in ((13, 1), (12, 0), (12, 2)):
        stolen = f"t{other_table}v3s{other_seat}-{mine}@{DOMAIN}"
        assert addresses.read(stolen) is None
    # And each one's own signature differs.
    seats = ((12, 1), (13, 1), (12, 0))
    macs = {local(addresses.make(t, 3, s)).partition("-")[2] for t, s in seats}
    assert len(macs) == 3


def test_an_address_at_another_domain_is_not_ours():
    address = addresses.make(12, 3, 1)
    elsewhere = address.replace(DOMAIN, "example.com")
    assert addresses.read(elsewhere) is None
    assert not addresses.is_ours(elsewhere)
    assert addresses.is_ours(address.replace(DOMAIN, DOMAIN.upper()))


def test_a_new_secret_key_keeps_reading_addresses_made_under_the_old_one(settings):
    address = addresses.make(12, 3, 1)
    old = settings.SECRET_KEY
    settings.SECRET_KEY = "a-new-secret-key-for-the-site-0123456789"
    assert addresses.read(address) is None
    settings.SECRET_KEY_FALLBACKS = [old]
    assert addresses.read(address) == addresses.Turn(12, 3, 1)


def test_the_salt_is_the_addresses_own(settings):
    """No other HMAC of the site (a salted value under another salt) fits."""
    from django.utils.crypto import salted_hmac

    other = salted_hmac("push.answer", "t12v3s1", algorithm="sha256").hexdigest()[:16]
    assert addresses.read(f"t12v3s1-{other}@{DOMAIN}") is None


def test_with_no_inbound_domain_there_are_no_reply_addresses(settings):
    address = addresses.make(12, 3, 1)
    settings.INBOUND_EMAIL_DOMAIN = ""
    assert not addresses.enabled()
    assert addresses.read(address) is None
