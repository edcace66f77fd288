"""The outbox's unique key and the players' preferences, at the outbox itself."""

from __future__ import annotations

import pytest
from django.db import connection

from clocks import clock
from notifications import outbox
from notifications.models import Notification
from tables.models import Seat
from tests.conftest import start_table

pytestmark = pytest.mark.django_db


def test_a_turn_email_already_waiting_is_not_queued_twice_and_the_transaction_goes_on(users):
    table = start_table("coup", users[:2], time_control="normal")
    seat = Seat.objects.get(table=table, number=table.to_act[0])
    pending = Notification.objects.filter(kind="turn", seat=seat, status="pending")
    assert pending.count() == 1  # queued when the game started
    now = clock.now()
    assert outbox.queue_turns(table, [seat], now) == []
    table.version += 1  # a new version: a new key, still one waiting per seat
    assert outbox.queue_turns(table, [seat], now) == []
    # The same key again is skipped without an error that would spoil the
    # transaction: the next statement still runs.
    row = outbox.queue_timeout(table, seat, now)
    assert row is not None and outbox.queue_timeout(table, seat, now) is None
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    assert pending.count() == 1


def test_turn_emails_follow_each_players_preference(users):
    ana, ben, carl = users[:3]
    ben.profile.notify_turn = "never"
    ben.profile.save()
    table = start_table("coup", [ana, ben, carl], time_control="normal")
    seats = list(table.seats.order_by("number"))
    Notification.objects.all().delete()
    queued = outbox.queue_turns(table, seats, clock.now())
    assert sorted(n.user_id for n in queued) == [ana.pk, carl.pk]
    assert all(n.pk for n in queued)
    assert set(Notification.objects.values_list("pk", flat=True)) == {n.pk for n in queued}
