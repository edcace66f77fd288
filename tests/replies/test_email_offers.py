"""What turn emails say of replying: with replies on, the Reply-To is the
question's own address and a small decision's answers are numbered (a
bigger one says to open the table); with them off, nothing. The reminder
and a digest of one game do the same; a digest of several does not."""

from __future__ import annotations

import re

import pytest

from accounts.models import Profile
from notifications import delivery, digest
from notifications.models import Notification
from replies.services import inbound_receive
from tables import services
from tests.clocks.helpers import HOUR, hour_control
from tests.conftest import start_table
from tests.replies.conftest import reply
from tests.replies.helpers import address_of, coup_tax, users_by_seat

pytestmark = pytest.mark.django_db


def turn_email(user, mailoutbox):
    """The pending turn email of `user`, sent now."""
    mailoutbox.clear()
    row = Notification.objects.filter(kind="turn", user=user, status="pending").latest("pk")
    assert delivery.deliver(row.pk) is True
    (mail,) = mailoutbox
    return mail


def html_of(mail) -> str:
    return mail.alternatives[0][0]


def test_with_replies_off_an_email_carries_no_reply_address_and_says_nothing_of_it(
    users, settings, mailoutbox
):
    settings.TURN_EMAIL_DELAY_SECONDS = 0
    settings.INBOUND_EMAIL_DOMAIN = ""
    table, seat = coup_tax(users[:2])
    mail = turn_email(users_by_seat(table)[seat], mailoutbox)
    assert mail.reply_to == []
    assert "reply" not in mail.body.lower() and "reply" not in html_of(mail).lower()
    assert "mailto:" not in html_of(mail)


def test_a_small_decision_is_numbered_and_its_reply_plays(users, replies_on, mailoutbox):
    table, seat = coup_tax(users[:2])
    player = users_by_seat(table)[seat]
    actor = users_by_seat(table)[1 - seat].username
    mail = turn_email(player, mailoutbox)
    assert mail.reply_to == [address_of(table, seat)]
    assert (
        "To answer, reply to this email with the number (or the words) of your choice:\n"
        f"  1. Pass\n  2. Challenge {actor}'s claim of Duke\n"
    ) in mail.body
    html = html_of(mail)
    links = re.findall(r'href="(mailto:[^"]+)"', html)
    assert links == [f"mailto:{address_of(table, seat)}?body={n}" for n in (1, 2)]
    assert f">Challenge {actor}&#x27;s claim of Duke</a>" in html
    # Answering it the way the email says plays the second answer.
    answer = reply(to=mail.reply_to[0], sender=player.email, text="2")
    row = inbound_receive(message=answer, via="smtp")
    assert (row.outcome, row.move) == ("played", {"action": "challenge"})


def test_a_bigger_decision_says_to_open_the_table(users, replies_on, mailoutbox):
    table = start_table("coup", users[:4])  # seven moves: more than an email numbers
    (seat,) = table.to_act
    mail = turn_email(users_by_seat(table)[seat], mailoutbox)
    assert mail.reply_to == [address_of(table, seat)]
    assert "This move needs the board: open the table to play it." in mail.body
    assert "To answer" not in mail.body and "  1. " not in mail.body
    assert "mailto:" not in html_of(mail)


def test_the_email_asks_what_the_table_asks_when_it_is_sent(users, replies_on, mailoutbox):
    """Written at one version and sent at a later one (another responder
    passed meanwhile): its address and answers are the later version's."""
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    by_seat = users_by_seat(table)
    services.move_submit(
        table_id=table.pk, user=by_seat[actor], version=table.version, move={"action": "tax"}
    )
    table.refresh_from_db()
    first, second = table.to_act
    services.move_submit(
        table_id=table.pk, user=by_seat[first], version=table.version, move={"action": "pass"}
    )
    table.refresh_from_db()
    mail = turn_email(by_seat[second], mailoutbox)
    assert Notification.objects.get(user=by_seat[second], kind="turn").version < table.version
    assert mail.reply_to == [address_of(table, second)]


def test_the_reminder_offers_the_same_answers(users, replies_on, mailoutbox, frozen):
    table, seat = coup_tax(users[:2], time_control=hour_control())
    row = table.seats.get(number=seat)
    frozen.set(row.remind_at)
    assert services.seat_remind(seat_id=row.pk, now=frozen.now) is True
    mailoutbox.clear()
    reminder = Notification.objects.get(kind="reminder", user=row.user)
    assert delivery.deliver(reminder.pk) is True
    (mail,) = mailoutbox
    assert mail.subject.startswith("[Tabletop] Your time is nearly out")
    assert mail.reply_to == [address_of(table, seat)]
    assert "  1. Pass\n  2. Challenge " in mail.body


def test_a_digest_of_one_game_offers_its_answers_and_one_of_several_does_not(
    users, replies_on, mailoutbox, frozen, django_capture_on_commit_callbacks
):
    ana = users[0]
    Profile.objects.filter(user=ana).update(notify_turn=Profile.Notify.DIGEST)
    tables = []
    two_days = hour_control(bank=48 * HOUR, cap=48 * HOUR)
    while len(tables) < 2:
        table, seat = coup_tax([users[1], ana], time_control=two_days)
        if users_by_seat(table)[seat] == ana:
            tables.append((table, seat))
        else:
            services.table_cancel(table_id=table.pk, user=None)
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        digest.queue_digests(now=frozen.now)
    (mail,) = [m for m in mailoutbox if m.to == [ana.email]]
    assert mail.subject == "[Tabletop] 2 games waiting for you"
    assert mail.reply_to == [] and "To answer" not in mail.body
    # One of them is over: the next day's digest lists one game, and answers it.
    services.table_cancel(table_id=tables[0][0].pk, user=None)
    mailoutbox.clear()
    frozen.advance(24 * HOUR)
    with django_capture_on_commit_callbacks(execute=True):
        digest.queue_digests(now=frozen.now)
    (mail,) = [m for m in mailoutbox if m.to == [ana.email]]
    table, seat = tables[1]
    assert mail.reply_to == [address_of(table, seat)]
    assert "  1. Pass\n  2. Challenge " in mail.body


def test_after_a_move_by_email_the_next_question_at_the_table_is_emailed(
    users, replies_on, mailoutbox
):
    """A move answers the email: the player's next turn there is emailed
    again, as it is after a visit to the site."""
    table, seat = coup_tax(users[:2])
    player = users_by_seat(table)[seat]
    mail = turn_email(player, mailoutbox)
    row = inbound_receive(
        message=reply(to=mail.reply_to[0], sender=player.email, text="pass"), via="smtp"
    )
    assert row.outcome == "played"
    table.refresh_from_db()
    assert table.to_act == [seat]  # the Tax stood; now the player's own turn
    mail = turn_email(player, mailoutbox)
    assert mail.subject == f"[Tabletop] Your turn in Coup #{table.pk}"
    assert mail.reply_to == [address_of(table, seat)]


def test_held_for_the_players_hours_an_email_of_one_game_still_offers_its_answers(
    users, replies_on, frozen, django_capture_on_commit_callbacks, mailoutbox
):
    """Ben keeps 08:00-23:00 in Paris and is asked late in his evening, and
    invited too: at 08:00 one email says both, and answers the question. A
    reply he sends in the night that plays nothing is answered at once."""
    from datetime import UTC, datetime

    from accounts.services import schedule_set

    ana, ben, carl = users[:3]
    schedule_set(
        user=ben, time_zone="Europe/Paris", hours={"start": "08:00", "end": "23:00", "days_off": []}
    )
    frozen.set(datetime(2026, 3, 2, 22, 30, tzinfo=UTC))  # 23:30 in Paris
    while True:
        table, seat = coup_tax([ana, ben])
        if users_by_seat(table)[seat] == ben:
            break
        services.table_cancel(table_id=table.pk, user=None)
    invitation = services.table_create(creator=carl, game="coup", max_players=3)
    services.table_invite(table_id=invitation.pk, user=carl, username="ben")
    row = inbound_receive(
        message=reply(to=address_of(table, seat), sender=ben.email, text="later"), via="smtp"
    )
    assert row.outcome == "unreadable"
    mailoutbox.clear()
    assert delivery.deliver(row.reply_notice.pk) is True  # not held for his hours
    assert [m.subject for m in mailoutbox] == [
        f"[Tabletop] Your reply about Coup #{table.pk} played nothing"
    ]

    mailoutbox.clear()
    opening = datetime(2026, 3, 3, 7, 0, 30, tzinfo=UTC)
    frozen.set(opening)
    with django_capture_on_commit_callbacks(execute=True):
        delivery.drain(now=opening)
    (mail,) = [m for m in mailoutbox if m.to == [ben.email]]
    assert mail.subject == "[Tabletop] While you were away: 1 game waits for you"
    assert f"carl invites you to play Coup (table #{invitation.pk})." in mail.body
    assert mail.reply_to == [address_of(table, seat)]
    assert "  1. Pass\n  2. Challenge " in mail.body
