"""A push goes through the outbox to a push service of the test's own: it
arrives encrypted for the device (the test decrypts it with the browser's
keys), signed with the site's VAPID key, with its TTL, Topic and Urgency;
the service's answer decides what becomes of the row and of the device."""

from __future__ import annotations

from datetime import timedelta

import pytest

from notifications import delivery
from notifications.models import Notification
from push import sender, tokens
from push.models import PushSubscription
from tables import services
from tests.clocks.helpers import SECOND
from tests.push.conftest import SUBJECT
from tests.push.helpers import coup_tax, users_by_seat
from tests.support.push_service import check_vapid

pytestmark = pytest.mark.usefixtures("vapid")


def push_rows(**filters):
    return Notification.objects.filter(channel=Notification.Channel.PUSH, **filters)


def test_a_turn_push_reaches_the_device_encrypted_signed_and_saying_what_is_asked(
    users, device, push_service, settings
):
    ana, ben = users[:2]
    phones = {user.pk: device(user) for user in (ana, ben)}
    table, asked = coup_tax([ana, ben])
    player = users_by_seat(table)[asked]
    actor = users_by_seat(table)[1 - asked]
    (row,) = push_rows(version=table.version)  # the actor moved: only the seat asked
    subscription, browser = phones[player.pk]
    assert (row.user, row.subscription, row.kind) == (player, subscription, "turn")

    assert delivery.deliver(row.pk) is True

    (received,) = push_service.received
    assert received.path == f"/push/{player.username}-phone"
    assert received.headers["ttl"] == str(12 * 60 * 60)
    assert received.headers["topic"] == f"table-{table.pk}"
    assert received.headers["urgency"] == "high"
    assert received.headers["content-encoding"] == "aes128gcm"
    assert actor.username.encode() not in received.body  # encrypted
    check_vapid(
        received,
        public_key=settings.VAPID_PUBLIC_KEY,
        subject=SUBJECT,
        audience=push_service.origin,
    )
    payload = browser.decrypt(received)
    assert payload["title"] == f"Your turn in Coup #{table.pk}: 2 players left"
    assert payload["body"] == (
        f"Respond to {actor.username}'s Tax: pass or challenge {actor.username}'s claim of Duke?"
    )
    assert payload["tag"] == f"table-{table.pk}"
    assert payload["url"] == f"/tables/{table.pk}/"
    assert payload["open"] == f"/tables/{table.pk}/answer/"
    assert payload["answer_url"] == f"/tables/{table.pk}/answer/play/"
    assert [a["title"] for a in payload["actions"]] == [
        "Pass",
        f"Challenge {actor.username}'s claim of Duke",
    ]
    said = [tokens.read(a["token"]) for a in payload["actions"]]
    assert [(t.table_id, t.version, t.seat) for t in said] == [(table.pk, table.version, asked)] * 2
    assert [t.move for t in said] == [{"action": "pass"}, {"action": "challenge"}]

    row.refresh_from_db()
    assert (row.status, row.attempts, row.error) == ("sent", 1, "")
    assert row.sent_at is not None
    subscription.refresh_from_db()
    assert subscription.last_used_at == row.sent_at


def test_a_big_decision_opens_the_table_and_carries_no_buttons(users, device, push_service):
    ana, ben = users[:2]
    phones = {user.pk: device(user) for user in (ana, ben)}
    table, asked = coup_tax([ana, ben])
    player = users_by_seat(table)[asked]
    # The Tax is allowed, and the player who passed takes a turn of their own.
    for move in ({"action": "pass"}, {"action": "income"}):
        services.move_submit(table_id=table.pk, user=player, version=table.version, move=move)
        table.refresh_from_db()
    other = users_by_seat(table)[table.to_act[0]]
    # Its first turn's notice is still waiting: it says what is asked now.
    row = push_rows(user=other, status="pending").get()
    assert delivery.deliver(row.pk) is True
    payload = phones[other.pk][1].decrypt(push_service.received[-1])
    assert payload["body"] == "Take a turn."  # five moves: the table decides
    assert payload["actions"] == []
    assert payload["open"] == payload["url"]


@pytest.mark.parametrize("status", [404, 410])
def test_a_device_its_service_no_longer_knows_is_forgotten_with_what_waited_for_it(
    users, device, push_service, status
):
    ana, ben = users[:2]
    for user in (ana, ben):
        device(user)
    table, asked = coup_tax([ana, ben])
    player = users_by_seat(table)[asked]
    row = push_rows(user=player).get()
    # Another notice for the same device, still waiting.
    waiting = Notification.objects.create(
        key="test-waiting",
        kind="invitation",
        channel="push",
        subscription=row.subscription,
        user=player,
        table=table,
        created_at=row.created_at,
        due_at=row.due_at + timedelta(hours=1),
    )
    push_service.answer(status)

    assert delivery.deliver(row.pk) is False

    assert not PushSubscription.objects.filter(user=player).exists()
    row.refresh_from_db()
    waiting.refresh_from_db()
    assert (row.status, row.attempts, row.subscription) == ("cancelled", 1, None)
    assert f"answered {status}" in row.error
    assert waiting.status == "cancelled"
    assert PushSubscription.objects.filter(user=users_by_seat(table)[1 - asked]).exists()


def test_a_failing_service_leaves_the_row_to_be_tried_again_later_and_a_success_is_not_repeated(
    frozen, told, push_service
):
    row = told.row
    push_service.answer(500)

    assert delivery.deliver(row.pk, now=frozen.now) is False
    row.refresh_from_db()
    assert (row.status, row.attempts, row.claimed_at) == ("pending", 1, None)
    assert row.error == "The push service answered 500."
    assert row.due_at > frozen.now  # a later attempt
    delivery.drain(now=frozen.now)
    assert len(push_service.received) == 1  # not yet

    frozen.advance(row.due_at - frozen.now + delivery.DRAIN_AFTER)
    delivery.drain(now=frozen.now)
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("sent", 2)
    assert len(push_service.received) == 2

    # A retried task, a second worker, a later drain: nothing goes twice.
    assert delivery.deliver(row.pk, now=frozen.now) is False
    frozen.advance(timedelta(days=1))
    delivery.drain(now=frozen.now)
    assert len(push_service.received) == 2


def test_each_wait_is_longer_than_the_last_and_the_service_may_ask_for_longer(
    frozen, told, push_service
):
    row = told.row
    push_service.answer(503, 502, (429, {"Retry-After": "1800"}), 500, 500)
    waits = []
    for _ in range(delivery.MAX_ATTEMPTS):
        delivery.deliver(row.pk, now=frozen.now)
        row.refresh_from_db()
        waits.append(row.due_at - frozen.now)
        frozen.advance(row.due_at - frozen.now + SECOND)
    assert waits[1] == 4 * waits[0] and waits[0] > timedelta(0)
    assert waits[2] == timedelta(seconds=1800)  # asked for, longer than four times 80 s
    assert (row.status, row.attempts) == ("failed", delivery.MAX_ATTEMPTS)
    assert len(push_service.received) == delivery.MAX_ATTEMPTS


def test_a_request_the_service_refuses_as_it_is_is_given_up_at_once(told, push_service):
    row = told.row
    push_service.answer(413)
    assert delivery.deliver(row.pk) is False
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("failed", 1)
    assert PushSubscription.objects.filter(pk=row.subscription_id).exists()


def test_a_service_that_cannot_be_reached_is_tried_again(told, push_service):
    row = told.row
    push_service.close()  # nothing listens there any more
    assert delivery.deliver(row.pk) is False
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("pending", 1)
    assert row.error.startswith("The push service could not be reached")


def test_a_push_for_a_question_answered_meanwhile_is_not_sent(told, push_service):
    # The first player was told it was their turn, and has played since.
    row = push_rows(user=users_by_seat(told.table)[1 - told.asked], version=0).get()
    assert delivery.deliver(row.pk) is False
    row.refresh_from_db()
    assert row.status == "cancelled"
    assert push_service.received == []


def test_retry_after_reads_seconds_and_dates(frozen):
    assert sender._seconds("120") == 120
    assert sender._seconds("Mon, 02 Mar 2026 12:10:00 GMT") == 600  # frozen at 12:00 UTC
    assert sender._seconds("soon") is None
    assert sender._seconds(None) is None
