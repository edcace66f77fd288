"""Replies racing each other, in real threads on PostgreSQL: one message
delivered twice at once plays once; two replies to one question at once
play one answer, and the other is told the table moved on."""

from __future__ import annotations

import pytest

from replies.models import InboundEmail
from replies.services import inbound_receive
from tables.models import Move
from tests.conftest import requires_postgres
from tests.replies.conftest import reply
from tests.replies.helpers import address_of, coup_tax, users_by_seat
from tests.support.concurrency import race

pytestmark = [
    requires_postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("replies_on"),
]


def test_one_message_delivered_twice_at_once_plays_once(users):
    table, seat = coup_tax(users[:2])
    player = users_by_seat(table)[seat]
    message = reply(to=address_of(table, seat), sender=player.email, text="2")
    version = table.version

    def deliver():
        return inbound_receive(message=message, via="smtp").outcome

    assert sorted(race(deliver, deliver)) == ["duplicate", "played"]
    assert Move.objects.filter(table=table, seq__gt=version).count() == 1
    first, second = InboundEmail.objects.order_by("pk")
    assert second.duplicate_of == first and first.key is not None and second.key is None


def test_two_replies_to_one_question_at_once_play_one_answer(users):
    table, seat = coup_tax(users[:2])
    player = users_by_seat(table)[seat]
    address = address_of(table, seat)
    version = table.version

    def answer(text):
        return lambda: (
            inbound_receive(
                message=reply(to=address, sender=player.email, text=text), via="smtp"
            ).outcome
        )

    assert sorted(race(answer("1"), answer("2"))) == ["played", "stale"]
    (played,) = Move.objects.filter(table=table, seq=version + 1)
    assert played.move in ({"action": "pass"}, {"action": "challenge"})
    stale = InboundEmail.objects.get(outcome="stale")
    assert stale.reply_notice is not None  # told the table moved on
