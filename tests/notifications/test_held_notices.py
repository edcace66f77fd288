"""Notices for a player outside their playing hours wait until the hours
start: the outbox row is due then, and the delivery checks again when it is
due. At the opening several held for one player go as one email ("While you
were away: ..."); one alone goes as itself. The turn email's rules hold."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.core.cache import cache

from accounts import presence
from accounts.models import Profile
from accounts.services import schedule_set
from notifications import delivery, digest
from notifications.models import Notification
from tables import services
from tables.models import Table
from tests.clocks.helpers import HOUR, MIN, SECOND, hour_control
from tests.conftest import start_table

pytestmark = pytest.mark.django_db

LATE_EVENING = datetime(2026, 3, 2, 22, 30, tzinfo=UTC)  # Monday 23:30 in Paris
OPENING = datetime(2026, 3, 3, 7, tzinfo=UTC)  # Tuesday 08:00 in Paris


@pytest.fixture(autouse=True)
def _timings(settings):
    settings.TURN_EMAIL_DELAY_SECONDS = 180
    settings.PRESENT_SECONDS = 180
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def ben(users):
    """Ben keeps 08:00-23:00 in Paris."""
    schedule_set(
        user=users[1],
        time_zone="Europe/Paris",
        hours={"start": "08:00", "end": "23:00", "days_off": []},
    )
    return users[1]


def ben_to_act(users, frozen, count: int = 1) -> list[Table]:
    """Tables of Ana and Ben where Ben is asked, late in his evening."""
    frozen.set(LATE_EVENING)
    tables = []
    for _ in range(count):
        table = start_table(
            "coup", users[:2], time_control=hour_control(bank=4 * HOUR, cap=4 * HOUR)
        )
        if table.to_act[0] == 0:
            services.move_submit(
                table_id=table.pk, user=users[0], version=0, move={"action": "income"}
            )
            table.refresh_from_db()
        tables.append(table)
    return tables


def answered_one_in_the_night(users, ben, frozen, sent, count: int) -> list[Table]:
    """Ben is asked at `count` tables; in the night he answers the first, so
    its held email is no longer needed."""
    with sent():
        tables = ben_to_act(users, frozen, count)
    frozen.set(LATE_EVENING + HOUR)
    services.move_submit(
        table_id=tables[0].pk, user=ben, version=tables[0].version, move={"action": "income"}
    )
    return tables


def mail_to(box, user):
    return [m for m in box if m.to == [user.email]]


def test_a_turn_email_outside_the_hours_is_due_when_they_start(users, ben, frozen, sent):
    with sent() as box:
        (table,) = ben_to_act(users, frozen)
    row = Notification.objects.get(kind="turn", user=ben)
    assert row.due_at == OPENING and mail_to(box, ben) == []
    with sent() as box:
        assert delivery.drain(now=OPENING - MIN) == 0
        assert delivery.deliver(row.pk, now=OPENING - MIN) is False
    row.refresh_from_db()
    assert (row.status, row.due_at) == ("pending", OPENING)
    with sent() as box:
        assert delivery.drain(now=OPENING + MIN) == 1
    (mail,) = mail_to(box, ben)
    assert mail.subject == f"[Tabletop] Your turn in Coup #{table.pk}"


def test_the_delivery_looks_at_the_hours_again_when_a_row_is_due(users, frozen, sent):
    """Hours kept after the row was written (or a row from another path):
    checked when it is due, whatever its kind."""
    with sent():
        ben_to_act(users, frozen)
    ben = users[1]
    schedule_set(
        user=ben, time_zone="Europe/Paris", hours={"start": "08:00", "end": "23:00", "days_off": []}
    )
    row = Notification.objects.get(kind="turn", user=ben)
    assert row.due_at == LATE_EVENING + 3 * MIN
    with sent() as box:
        assert delivery.deliver(row.pk, now=row.due_at) is False
    row.refresh_from_db()
    assert (row.status, row.due_at, row.claimed_at) == ("pending", OPENING, None)
    assert mail_to(box, ben) == []


def test_several_held_notices_go_as_one_email_at_the_opening(users, ben, frozen, sent):
    with sent():
        tables = ben_to_act(users, frozen, 3)
        invite = services.table_create(creator=users[2], game="coup", max_players=3)
        services.table_invite(table_id=invite.pk, user=users[2], username="ben")
    held = Notification.objects.filter(user=ben)
    assert held.count() == 4 and set(held.values_list("due_at", flat=True)) == {OPENING}
    with sent() as box:
        assert delivery.drain(now=frozen.set(OPENING + 30 * SECOND)) == 1
    (mail,) = mail_to(box, ben)
    assert mail.subject == "[Tabletop] While you were away: 3 games wait for you"
    assert "While you were away:" in mail.body
    assert f"carl invites you to play Coup (table #{invite.pk})." in mail.body
    for table in tables:
        assert f"Coup #{table.pk}: " in mail.body
    # Times in Ben's zone: his clocks run out at 12:00 in Paris, today.
    assert "(3 h 59 min left, until 12:00 CET)" in mail.body
    assert "List-Unsubscribe" in mail.extra_headers
    assert "stop" in mail.body.lower() and "“your turn” emails" in mail.body
    assert set(held.values_list("status", flat=True)) == {"sent"}
    # Nothing goes twice.
    with sent() as box:
        assert delivery.drain(now=OPENING + HOUR) == 0
    assert box == []


def test_at_the_opening_each_held_notice_is_checked_as_it_would_be_alone(users, ben, frozen, sent):
    tables = answered_one_in_the_night(users, ben, frozen, sent, 3)
    with sent() as box:
        delivery.drain(now=OPENING + 30 * SECOND)
    (mail,) = mail_to(box, ben)
    assert mail.subject == "[Tabletop] While you were away: 2 games wait for you"
    statuses = dict(Notification.objects.filter(user=ben).values_list("table_id", "status"))
    assert statuses == {tables[0].pk: "cancelled", tables[1].pk: "sent", tables[2].pk: "sent"}


def test_one_held_notice_alone_goes_as_itself(users, ben, frozen, sent):
    tables = answered_one_in_the_night(users, ben, frozen, sent, 2)
    with sent() as box:
        delivery.drain(now=OPENING + 30 * SECOND)
    (mail,) = mail_to(box, ben)
    assert mail.subject == f"[Tabletop] Your turn in Coup #{tables[1].pk}"


def test_a_player_on_the_site_at_the_opening_is_not_emailed_yet(users, ben, frozen, sent):
    with sent():
        ben_to_act(users, frozen, 2)
    presence.touch(ben.pk, now=OPENING)
    with sent() as box:
        delivery.drain(now=OPENING + 30 * SECOND)
    assert mail_to(box, ben) == []
    assert set(Notification.objects.filter(user=ben).values_list("status", flat=True)) == {
        "pending"
    }


def test_the_turn_emails_rules_hold_after_a_held_email(users, ben, frozen, sent):
    """Told at the opening, Ben is not emailed about the table again until
    he has been back: a held email counts as the one for the table."""
    with sent():
        (table,) = ben_to_act(users, frozen)
    with sent():
        delivery.drain(now=OPENING + 30 * SECOND)
    # He answers from his phone's mail without opening the site; Ana moves;
    # he is asked again.
    frozen.set(OPENING + HOUR)
    table.refresh_from_db()
    services.move_submit(
        table_id=table.pk, user=ben, version=table.version, move={"action": "income"}
    )
    table.refresh_from_db()
    services.move_submit(
        table_id=table.pk, user=users[0], version=table.version, move={"action": "income"}
    )
    with sent() as box:
        delivery.drain(now=frozen.now + 10 * MIN)
    assert mail_to(box, ben) == []
    again = Notification.objects.filter(user=ben, kind="turn").latest("created_at")
    assert again.status == "cancelled" and "Already told" in again.error


def test_held_rows_are_left_to_the_drain_not_to_the_broker(
    users, ben, frozen, monkeypatch, django_capture_on_commit_callbacks
):
    """A task queued hours ahead would outlast the broker's patience (Redis
    hands an unacknowledged task out again after an hour)."""
    calls = []
    monkeypatch.setattr(
        "notifications.outbox.send_soon",
        lambda ids, countdown=0: calls.append((set(ids), countdown)),
    )
    with django_capture_on_commit_callbacks(execute=True):
        ben_to_act(users, frozen, 2)
        other = start_table("coup", [users[2], users[3]], time_control="fast")
    held = set(Notification.objects.filter(user=ben).values_list("pk", flat=True))
    assert len(held) == 2
    assert all(not held & ids for ids, _ in calls)
    asked = Notification.objects.get(table=other)
    assert ({asked.pk}, 180.0) in calls


def test_a_daily_digest_outside_the_hours_waits_for_them(users, frozen, sent):
    seoul = users[0]
    Profile.objects.filter(user=seoul).update(notify_turn=Profile.Notify.DIGEST)
    schedule_set(
        user=seoul, time_zone="Asia/Seoul", hours={"start": "18:00", "end": "02:00", "days_off": []}
    )
    frozen.set(datetime(2026, 3, 2, 7, tzinfo=UTC))  # the digest hour: 16:00 in Seoul
    for _ in range(10):
        table = start_table(
            "coup", users[:2], time_control=hour_control(bank=4 * HOUR, cap=4 * HOUR)
        )
        if table.to_act == [0]:
            break
    with sent() as box:
        assert digest.queue_digests(now=frozen.now) == 1
    assert mail_to(box, seoul) == []
    row = Notification.objects.get(kind="digest")
    assert row.due_at == datetime(2026, 3, 2, 9, tzinfo=UTC)  # 18:00 in Seoul
    with sent() as box:
        delivery.drain(now=row.due_at + MIN)
    (mail,) = mail_to(box, seoul)
    assert "waiting for you" in mail.subject
