"""The outbox's rules: one row per email that is due, none for a player who
opted out, a row given up after its last attempt, nothing lost when the broker
is down."""

from __future__ import annotations

import logging

import pytest

from accounts.models import Profile
from harness.processes import free_port
from notifications import delivery, outbox
from notifications.models import Notification
from tables import services
from tables.models import TableState
from tests.clocks.helpers import HOUR, MIN, hour_control
from tests.conftest import start_table, state_of
from tests.support.seeds import seed_deal

pytestmark = pytest.mark.django_db


def finish_coup(table, users) -> int:
    """The player to act coups the other's last card (COUP-8.4); returns the winner."""
    winner = table.to_act[0]
    state = state_of(table)
    state["coins"][winner] = 7
    state["hands"][1 - winner] = state["hands"][1 - winner][:1]
    TableState.objects.filter(pk=table.pk).update(state=state)
    by_seat = {s.number: s.user for s in table.seats.select_related("user")}
    services.move_submit(
        table_id=table.pk,
        user=by_seat[winner],
        version=table.version,
        move={"action": "coup", "target": 1 - winner},
    )
    table.refresh_from_db()
    assert table.status == "finished"
    return winner


def opt_out(user, **choices) -> None:
    Profile.objects.filter(user=user).update(**choices)


def rows(user) -> list[str]:
    return sorted(Notification.objects.filter(user=user).values_list("kind", flat=True))


def test_an_invited_player_is_told_of_the_invitation_and_of_the_game_over(
    users, mailoutbox, django_capture_on_commit_callbacks
):
    ana, ben = users[:2]
    with django_capture_on_commit_callbacks(execute=True):
        table = services.table_create(creator=ana, game="coup", max_players=2)
        services.table_invite(table_id=table.pk, user=ana, username="ben")
        services.table_join(table_id=table.pk, user=ben)
        seed_deal(table.pk)
        services.table_start(table_id=table.pk, user=ana)
        table.refresh_from_db()
        finish_coup(table, users)
    # Both emails are about the same table and seat: each kind has its own row.
    assert "invitation" in rows(ben) and "game_over" in rows(ben)
    subjects = [m.subject for m in mailoutbox if m.to == [ben.email]]
    assert f"[Tabletop] Game over: Coup #{table.pk}" in subjects
    assert "[Tabletop] ana invites you to play Coup" in subjects


def test_players_who_opted_out_get_no_game_over_email(
    users, mailoutbox, django_capture_on_commit_callbacks
):
    table = start_table("coup", users[:2])
    quiet = users[0]
    opt_out(quiet, notify_game_over=False)
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        finish_coup(table, users)
    assert "game_over" not in rows(quiet) and "game_over" in rows(users[1])
    assert [m.to for m in mailoutbox] == [[users[1].email]]


def test_players_who_opted_out_get_no_reminder(users, frozen):
    table = start_table("coup", users[:2], time_control=hour_control())
    seat = table.seats.get(number=table.to_act[0])
    opt_out(seat.user, notify_reminder=False)
    frozen.advance(50 * MIN)
    # The reminder is claimed (so no later sweep tries again) but not queued.
    assert services.seat_remind(seat_id=seat.pk, now=frozen.now) is True
    assert not Notification.objects.filter(kind="reminder").exists()
    seat.refresh_from_db()
    assert seat.reminded_at == frozen.now


def test_players_who_opted_out_get_no_invitation(users, mailoutbox):
    opt_out(users[1], notify_invitation=False)
    table = services.table_create(creator=users[0], game="coup", max_players=3)
    services.table_invite(table_id=table.pk, user=users[0], username="ben")
    services.table_invite(table_id=table.pk, user=users[0], username="carl")
    assert rows(users[1]) == [] and rows(users[2]) == ["invitation"]
    assert table.invitations.count() == 2


def test_a_row_with_nothing_to_send_is_cancelled(users, mailoutbox):
    table = services.table_create(creator=users[0], game="coup", max_players=3)
    type(users[1]).objects.filter(pk=users[1].pk).update(email="")
    services.table_invite(table_id=table.pk, user=users[0], username="ben")
    row = Notification.objects.get(user=users[1])
    assert delivery.deliver(row.pk) is False
    row.refresh_from_db()
    assert row.status == "cancelled"
    assert row.error == "Nothing to send (no email address, or nothing waiting)."
    assert mailoutbox == []
    assert delivery.deliver(row.pk) is False  # no longer pending


def test_a_row_that_keeps_failing_is_given_up_after_its_last_attempt(users, settings, frozen):
    settings.EMAIL_BACKEND = "tests.notifications.failing_backend.Backend"
    table = services.table_create(creator=users[0], game="coup", max_players=3)
    services.table_invite(table_id=table.pk, user=users[0], username="ben")
    row = Notification.objects.get(user=users[1])
    for attempt in range(1, delivery.MAX_ATTEMPTS + 1):
        assert delivery.deliver(row.pk) is False
        row.refresh_from_db()
        assert row.attempts == attempt
        assert row.error == "the mail server refused the connection"
        assert row.status == ("failed" if attempt == delivery.MAX_ATTEMPTS else "pending")
    # Given up: the drain no longer picks it up, however late.
    frozen.advance(24 * HOUR)
    assert delivery.drain(now=frozen.now) == 0
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("failed", delivery.MAX_ATTEMPTS)


@pytest.fixture
def broker_down(monkeypatch):
    """The Celery app pointed at a port where nothing listens, tasks sent for real."""
    from config.celery import app

    nowhere = f"redis://127.0.0.1:{free_port()}/0"
    # Celery reads the environment's broker URL before its own settings.
    monkeypatch.setenv("CELERY_BROKER_URL", nowhere)
    saved = app.conf.broker_url, app.conf.task_always_eager
    app.conf.broker_url, app.conf.task_always_eager = nowhere, False
    app._pool = app.amqp._producer_pool = None  # connections made to the real broker
    assert app.connection_for_write().as_uri().endswith(nowhere.split("//")[1])
    yield
    app.conf.broker_url, app.conf.task_always_eager = saved
    app._pool = app.amqp._producer_pool = None


def test_with_the_broker_down_rows_stay_pending_and_the_drain_sends_them(
    users, frozen, broker_down, caplog, mailoutbox, django_capture_on_commit_callbacks
):
    table = services.table_create(creator=users[0], game="coup", max_players=3)
    with (
        caplog.at_level(logging.WARNING, logger="notifications.outbox"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        services.table_invite(table_id=table.pk, user=users[0], username="ben")
    row = Notification.objects.get(user=users[1])
    assert row.status == "pending" and mailoutbox == []
    assert "Broker unreachable; 1 notification(s) stay in the outbox." in caplog.messages
    frozen.advance(delivery.DRAIN_AFTER + MIN)
    assert delivery.drain(now=frozen.now) == 1
    row.refresh_from_db()
    assert row.status == "sent" and [m.to for m in mailoutbox] == [[users[1].email]]


def test_send_soon_with_the_broker_down_does_not_raise(users, broker_down, caplog):
    with caplog.at_level(logging.WARNING, logger="notifications.outbox"):
        outbox.send_soon([1, 2, 3])
    assert caplog.messages == ["Broker unreachable; 3 notification(s) stay in the outbox."]


def test_each_turn_has_its_own_reminder(users, frozen):
    """Once per turn, not once per seat: the next turn is reminded again."""
    table = start_table("coup", users[:2], time_control=hour_control())
    sleepy = table.seats.get(number=table.to_act[0])
    awake = table.seats.get(number=1 - sleepy.number)
    for turn in (1, 2):
        sleepy.refresh_from_db()
        frozen.set(sleepy.remind_at)
        assert services.seat_remind(seat_id=sleepy.pk, now=frozen.now) is True
        assert Notification.objects.filter(user=sleepy.user, kind="reminder").count() == turn
        for seat in (sleepy, awake):
            table.refresh_from_db()
            services.move_submit(
                table_id=table.pk, user=seat.user, version=table.version, move={"action": "income"}
            )


def test_a_sent_row_counts_its_one_attempt(users, mailoutbox):
    table = services.table_create(creator=users[0], game="coup", max_players=3)
    services.table_invite(table_id=table.pk, user=users[0], username="ben")
    row = Notification.objects.get(user=users[1])
    assert delivery.deliver(row.pk) is True
    row.refresh_from_db()
    assert (row.status, row.attempts, row.error) == ("sent", 1, "")
    assert delivery.deliver(row.pk) is False and len(mailoutbox) == 1


def test_a_long_mail_error_is_cut_to_what_the_row_keeps(users, settings):
    settings.EMAIL_BACKEND = "tests.notifications.failing_backend.LongErrorBackend"
    table = services.table_create(creator=users[0], game="coup", max_players=3)
    services.table_invite(table_id=table.pk, user=users[0], username="ben")
    row = Notification.objects.get(user=users[1])
    assert delivery.deliver(row.pk) is False
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("pending", 1)
    assert row.error == ("refused: " + "x" * 400)[:300]


def test_a_row_put_back_by_a_moderator_starts_its_attempts_again(
    users, settings, mailoutbox, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = "tests.notifications.failing_backend.Backend"
    table = services.table_create(creator=users[0], game="coup", max_players=3)
    services.table_invite(table_id=table.pk, user=users[0], username="ben")
    row = Notification.objects.get(user=users[1])
    for _ in range(delivery.MAX_ATTEMPTS):
        delivery.deliver(row.pk)
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    with django_capture_on_commit_callbacks(execute=True):
        delivery.resend(row)
    row.refresh_from_db()
    assert (row.status, row.attempts, row.error) == ("sent", 1, "")
    assert [m.to for m in mailoutbox] == [[users[1].email]]


def test_the_outbox_sends_by_the_name_the_worker_knows():
    from notifications.tasks import send_notifications

    assert send_notifications.name == outbox.SEND_TASK
