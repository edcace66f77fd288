"""Emails: who gets them, what they say, their links, the digest, one-click
unsubscribe, and never the same email twice."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from accounts.models import Profile
from games import registry
from notifications import delivery, digest, outbox
from notifications.models import Notification
from notifications.tasks import send_notifications
from tables import services
from tests.clocks.helpers import HOUR, MIN, SECOND, hour_control
from tests.conftest import start_table, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _at_once(settings):
    """Turn emails without their delay (tests/notifications/test_turn_emails.py
    covers the delay and presence)."""
    settings.TURN_EMAIL_DELAY_SECONDS = 0


def links(message) -> list[str]:
    return re.findall(r"https?://\S+", message.body)


def test_the_first_player_is_told_it_is_their_turn(users, sent, frozen):
    with sent() as box:
        table = start_table("coup", users[:3], time_control=hour_control())
    first = users[table.to_act[0]]
    assert [m.to for m in box] == [[first.email]]
    message = box[0]
    assert message.subject == f"[Tabletop] Your turn in Coup #{table.pk}"
    assert "take a turn" in message.body and "1 h to move" in message.body
    assert f"http://127.0.0.1:8000/tables/{table.pk}/" in links(message)
    assert any("/notifications/unsubscribe/" in link for link in links(message))
    html = message.alternatives[0][0]
    assert f"/tables/{table.pk}/" in html and "Stop “your turn” emails" in html
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_every_responder_is_told(users, sent):
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    with sent() as box:
        services.move_submit(
            table_id=table.pk, user=users[actor], version=0, move={"action": "tax"}
        )
    assert {m.to[0] for m in box} == {users[s].email for s in range(3) if s != actor}
    assert all("respond to" in m.body and "must answer too" in m.body for m in box)


def test_no_second_email_for_a_table_until_the_player_has_been_back(
    users, sent, client, frozen, settings
):
    """Carl is asked to respond (an email), the window closes without him, and
    then his turn comes: he has not been on the site since, so no new email.
    Once he has been, his next turn is emailed again, when he has gone."""
    from django.core.cache import cache

    cache.clear()
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    ben, carl = (actor + 1) % 3, (actor + 2) % 3
    with sent() as box:
        services.move_submit(
            table_id=table.pk, user=users[actor], version=0, move={"action": "tax"}
        )
    assert users[carl].email in [m.to[0] for m in box]
    with sent() as box:
        services.move_submit(
            table_id=table.pk, user=users[ben], version=1, move={"action": "challenge"}
        )
        play_until_turn_of(table, users, carl)
    assert users[carl].email not in [m.to[0] for m in box]
    # Carl comes back, plays, and leaves: his next turn is emailed once he is gone.
    client.force_login(users[carl])
    client.get("/")
    frozen.advance(MIN)
    services.move_submit(
        table_id=table.pk, user=users[carl], version=table.version, move={"action": "income"}
    )
    with sent() as box:
        play_until_turn_of(table, users, carl)
    assert users[carl].email not in [m.to[0] for m in box]  # he was here a minute ago
    with sent() as box:
        delivery.drain(now=frozen.now + settings.PRESENT_SECONDS * SECOND + MIN)
    assert [m.to[0] for m in box] == [users[carl].email]


SAFE = ("reveal", "lose", "income", "pass")


def play_until_turn_of(table, users, target):
    """Safe moves for everyone else until `target` must take a turn."""
    engine = registry.get("coup").engine
    for _ in range(40):
        table.refresh_from_db()
        state = state_of(table)
        if state["phase"] == "turn" and state["turn"] == target:
            return
        seat = table.to_act[0]
        legal = engine.legal_moves(state, seat)
        move = next(m for action in SAFE for m in legal if m["action"] == action)
        services.move_submit(table_id=table.pk, user=users[seat], version=table.version, move=move)
    raise AssertionError("the turn never came")


def test_players_who_chose_never_get_no_turn_email(users, sent):
    Profile.objects.filter(user__in=users[:3]).update(notify_turn=Profile.Notify.NEVER)
    with sent() as box:
        start_table("coup", users[:3])
    assert box == []


def test_the_daily_digest_lists_every_waiting_game_most_urgent_first(users, sent, frozen):
    Profile.objects.filter(user=users[0]).update(notify_turn=Profile.Notify.DIGEST)
    waiting = []
    for hours in (5, 2, 9):
        for _ in range(20):
            table = start_table(
                "coup",
                [users[0], users[1]],
                time_control=hour_control(bank=hours * HOUR, cap=9 * HOUR),
            )
            if table.to_act == [0]:
                waiting.append(table)
                break
    assert len(waiting) == 3
    with sent() as box:
        assert digest.queue_digests(now=frozen.now) == 1
        assert digest.queue_digests(now=frozen.now) == 0  # once a day
    mine = [m for m in box if m.to == [users[0].email]]
    assert len(mine) == 1
    body = mine[0].body
    assert mine[0].subject == "[Tabletop] 3 games waiting for you"
    order = [body.index(f"#{t.pk}:") for t in (waiting[1], waiting[0], waiting[2])]
    assert order == sorted(order)
    assert "2 h left" in body and "9 h left" in body


def test_game_over_reaches_everyone_with_the_result(users, sent):
    table = start_table("coup", users[:2])
    with sent() as box:
        services.table_cancel(table_id=table.pk, user=None)  # not a finish: no game-over email
    assert box == []
    table = start_table("coup", users[2:4])
    winner = table.to_act[0]
    from tables.models import TableState

    state = TableState.objects.get(pk=table.pk).state
    state["coins"][winner] = 7
    state["hands"][1 - winner] = state["hands"][1 - winner][:1]
    TableState.objects.filter(pk=table.pk).update(state=state)
    with sent() as box:
        services.move_submit(
            table_id=table.pk,
            user=users[2 + winner],
            version=0,
            move={"action": "coup", "target": 1 - winner},
        )
    table.refresh_from_db()
    assert table.status == "finished"
    assert sorted(m.to[0] for m in box) == sorted([users[2].email, users[3].email])
    assert all(m.subject == f"[Tabletop] Game over: Coup #{table.pk}" for m in box)
    # Each reads the result spoken to them: the winner "You win", the other the winner's name.
    by_email = {m.to[0]: m.body for m in box}
    assert "You win." in by_email[users[2 + winner].email]
    assert (
        f"{users[2 + winner].username} wins. You finish second."
        in by_email[users[3 - winner].email]
    )
    # COUP-8.4: the last player remaining wins, the couped one does not.
    assert table.outcome["winners"] == [winner]


def test_an_invitation_by_username_is_emailed(users, sent):
    table = services.table_create(creator=users[0], game="coup", max_players=3)
    with sent() as box:
        services.table_invite(table_id=table.pk, user=users[0], username="Carl")
    assert [m.to for m in box] == [[users[2].email]]
    assert box[0].subject == "[Tabletop] ana invites you to play Coup"
    assert f"/tables/{table.pk}/" in box[0].body
    with pytest.raises(services.Conflict):
        services.table_invite(table_id=table.pk, user=users[0], username="carl")
    with pytest.raises(services.BadRequest):
        services.table_invite(table_id=table.pk, user=users[0], username="nobody")


def test_unsubscribe_works_without_logging_in(users, sent, client):
    with sent() as box:
        start_table("coup", users[:2])
    link = next(link for link in links(box[0]) if "/unsubscribe/" in link)
    path = link.removeprefix("http://127.0.0.1:8000")
    user = next(u for u in users if u.email == box[0].to[0])
    response = client.post(path)
    assert response.status_code == 200
    assert "You are unsubscribed" in response.content.decode()
    assert Profile.objects.get(user=user).notify_turn == Profile.Notify.NEVER
    # Undo, then the mail client's one-click POST (RFC 8058).
    client.post(path, {"resubscribe": "1"})
    assert Profile.objects.get(user=user).notify_turn == Profile.Notify.IMMEDIATE
    client.post(path, {"List-Unsubscribe": "One-Click"})
    assert Profile.objects.get(user=user).notify_turn == Profile.Notify.NEVER


def test_a_tampered_unsubscribe_link_is_refused(users, sent, client):
    with sent() as box:
        start_table("coup", users[:2])
    link = next(link for link in links(box[0]) if "/unsubscribe/" in link)
    path = link.removeprefix("http://127.0.0.1:8000")
    token = path.split("/")[-2]
    forged = path.replace(token, token[:-3] + ("aaa" if not token.endswith("aaa") else "bbb"))
    response = client.get(forged)
    assert response.status_code == 400
    assert "does not work" in response.content.decode()
    assert not Profile.objects.filter(notify_turn=Profile.Notify.NEVER).exists()


def test_a_retried_task_sends_nothing_twice(users, sent):
    with sent() as box:
        start_table("coup", users[:2])
    assert len(box) == 1
    row = Notification.objects.get()
    assert row.status == "sent"
    send_notifications([row.pk])
    send_notifications.apply(args=([row.pk],))
    assert delivery.deliver(row.pk) is False
    assert len(mail.outbox) == 1


def test_the_same_notification_is_queued_once(users, frozen):
    table = start_table("coup", users[:2])
    seat = table.seats.get(number=0)
    assert outbox.queue_reminder(table, seat, frozen.now) is not None
    assert outbox.queue_reminder(table, seat, frozen.now) is None
    assert Notification.objects.filter(kind="reminder").count() == 1


def test_a_failed_send_stays_in_the_outbox_and_the_drain_sends_it(
    users, frozen, settings, mailoutbox
):
    table = start_table("coup", users[:2])  # queued, but nothing ran on commit
    row = Notification.objects.get(table=table)
    settings.EMAIL_BACKEND = "tests.notifications.failing_backend.Backend"
    assert delivery.deliver(row.pk) is False
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("pending", 1) and "refused" in row.error
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert delivery.drain(now=frozen.now + MIN) == 1
    row.refresh_from_db()
    assert row.status == "sent"
    assert len(mailoutbox) == 1
    assert delivery.drain(now=frozen.now + 2 * MIN) == 0


def test_a_turn_email_for_a_turn_already_played_is_not_sent(users, frozen, mailoutbox):
    table = start_table("coup", users[:2])
    row = Notification.objects.get(table=table)
    services.move_submit(
        table_id=table.pk, user=users[table.to_act[0]], version=0, move={"action": "income"}
    )
    assert delivery.deliver(row.pk) is False
    row.refresh_from_db()
    assert row.status == "cancelled"
    assert [m for m in mailoutbox if m.to == [row.user.email]] == []
