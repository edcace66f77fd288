"""The site's SMTP server for replies, as `manage.py inbound_smtp` runs it (a
process of its own, on the tests' database), and a real SMTP client
(smtplib) sending to it: a reply plays its move; a stale reply, a forged
sender, an auto-reply and a second delivery of one message change nothing,
and only the stale one is answered."""

from __future__ import annotations

import re
import smtplib
import sys
import time
from email.message import EmailMessage

import pytest
from django.db import connection

from harness.processes import Process, free_port, site_env
from notifications import delivery
from notifications.models import Notification
from replies.models import InboundEmail
from tables.models import Move
from tests.replies.conftest import DOMAIN, reply
from tests.replies.helpers import address_of, coup_tax, users_by_seat

# The server commits in its own process: the test's rows must be committed too.
pytestmark = [pytest.mark.site, pytest.mark.django_db(transaction=True)]


def _database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture(scope="module")
def smtp_port(django_db_setup, django_db_blocker, tmp_path_factory) -> int:
    """The port of an `inbound_smtp` process on the tests' database."""
    if connection.vendor != "postgresql":
        pytest.skip("the server's process shares the tests' database: PostgreSQL only")
    tmp_path = tmp_path_factory.mktemp("smtp")
    with django_db_blocker.unblock():
        url = _database_url()
    env = site_env(tmp_path, DATABASE_URL=url, INBOUND_EMAIL_DOMAIN=DOMAIN)
    command = [sys.executable, "manage.py", "inbound_smtp", "--host", "127.0.0.1", "--port", "0"]
    server = Process("inbound-smtp", command, env, tmp_path)
    try:
        yield _listening_port(server)
    finally:
        server.stop()


def _listening_port(server: Process, timeout: float = 60) -> int:
    """The port the command says it listens on (it chose a free one)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        said = re.search(r"by SMTP on 127\.0\.0\.1:(\d+)", server.log_path.read_text())
        if said:
            return int(said.group(1))
        if server.proc.poll() is not None:
            break
        time.sleep(0.1)
    server.stop()
    raise AssertionError(f"inbound_smtp did not start:\n{server.tail()}")


def send(port: int, message: EmailMessage, *, envelope_from: str | None = None) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
        client.send_message(message, from_addr=envelope_from)


@pytest.fixture
def asked(users):
    table, seat = coup_tax(users[:2])
    return table, seat, users_by_seat(table)[seat]


def outcomes() -> list[str]:
    return list(InboundEmail.objects.order_by("pk").values_list("outcome", flat=True))


def test_a_reply_by_smtp_plays_its_move_and_a_later_one_is_told_it_is_stale(
    replies_on, asked, smtp_port, mailoutbox
):
    table, seat, player = asked
    address = address_of(table, seat)
    version = table.version
    send(smtp_port, reply(to=address, sender=player.email, text="2"))

    table.refresh_from_db()
    assert table.version > version
    assert Move.objects.get(table=table, seq=version + 1).move == {"action": "challenge"}
    assert outcomes() == ["played"]

    # A second reply to the same email, after the table moved on.
    after = (table.version, list(Move.objects.filter(table=table).values_list("pk", flat=True)))
    send(smtp_port, reply(to=address, sender=player.email, text="1"))
    table.refresh_from_db()
    assert (table.version, list(Move.objects.filter(table=table).values_list("pk", flat=True))) == (
        after
    )
    assert outcomes() == ["played", "stale"]
    # Its short answer waits in the outbox: the worker sends it.
    (notice,) = Notification.objects.filter(kind="reply", user=player)
    mailoutbox.clear()
    assert delivery.deliver(notice.pk) is True
    (mail,) = mailoutbox
    assert mail.to == [player.email]
    assert "The game had moved on before it arrived." in mail.body


def test_a_forged_sender_an_auto_reply_and_a_second_delivery_change_nothing(
    replies_on, asked, users, smtp_port
):
    table, seat, player = asked
    address = address_of(table, seat)
    send(smtp_port, reply(to=address, sender=users[2].email, text="2"))
    automatic = {"Auto-Submitted": "auto-replied"}
    send(smtp_port, reply(to=address, sender=player.email, text="2", headers=automatic))
    send(smtp_port, reply(to=address, sender=player.email, text="1"), envelope_from="")
    table.refresh_from_db()
    assert table.to_act == [seat] and Move.objects.filter(table=table).count() == table.version
    assert outcomes() == ["forged", "auto_reply", "auto_reply"]

    message = reply(to=address, sender=player.email, text="2")
    send(smtp_port, message)
    table.refresh_from_db()
    after = (table.version, Move.objects.filter(table=table).count())
    send(smtp_port, message)  # the sending server tries again
    table.refresh_from_db()
    assert (table.version, Move.objects.filter(table=table).count()) == after
    assert outcomes()[-2:] == ["played", "duplicate"]
    # None of these is answered.
    assert not Notification.objects.filter(kind="reply").exists()


def test_the_server_is_no_relay_and_takes_only_addresses_it_signed(replies_on, asked, smtp_port):
    table, seat, player = asked
    address = address_of(table, seat)
    for to, code in (
        ("someone@example.com", 550),  # another domain: no relaying
        (address.replace(f"s{seat}-", f"s{1 - seat}-"), 550),  # tampered
    ):
        with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
            send(smtp_port, reply(to=to, sender=player.email, text="1"))
        ((got, _),) = refused.value.recipients.values()
        assert got == code
    big = reply(to=address, sender=player.email, text="1\n" + "x" * (3 * 1024 * 1024))
    with pytest.raises((smtplib.SMTPDataError, smtplib.SMTPSenderRefused)) as too_big:
        send(smtp_port, big)
    assert too_big.value.smtp_code == 552
    assert InboundEmail.objects.count() == 0
    table.refresh_from_db()
    assert table.to_act == [seat]


def test_a_reply_while_the_database_is_away_is_deferred(replies_on, asked, tmp_path):
    """The sending server is told to try again later (451), not that the
    message was taken: nothing is lost while the database is down."""
    table, seat, player = asked
    env = site_env(
        tmp_path,
        DATABASE_URL=f"postgres://postgres@127.0.0.1:{free_port()}/nowhere",
        INBOUND_EMAIL_DOMAIN=DOMAIN,
        DB_POOL_TIMEOUT="1",
    )
    command = [sys.executable, "manage.py", "inbound_smtp", "--host", "127.0.0.1", "--port", "0"]
    server = Process("inbound-smtp-no-db", command, env, tmp_path)
    try:
        port = _listening_port(server)
        with pytest.raises(smtplib.SMTPDataError) as deferred:
            send(port, reply(to=address_of(table, seat), sender=player.email, text="2"))
        assert deferred.value.smtp_code == 451
    finally:
        server.stop()
    assert not InboundEmail.objects.exists()
