"""What a reply to a turn email plays, and what it is answered: a readable
answer from the seat's player plays its move through the move service; a
stale, unreadable or refused one plays nothing and is answered with why and
what is asked now; a forged, automatic or repeated one plays nothing and is
never answered."""

from __future__ import annotations

import json

import pytest

from notifications import delivery
from notifications.models import Notification
from replies.models import InboundEmail
from replies.services import inbound_receive
from tables import services
from tables.models import Move, Seat
from tests.clocks.helpers import MIN, hour_control
from tests.conftest import login_client, start_table
from tests.replies.conftest import reply
from tests.replies.helpers import address_of, coup_tax, users_by_seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("replies_on")]


def receive(message, **kwargs) -> InboundEmail:
    return inbound_receive(message=message, via="smtp", **kwargs)


def moves(table) -> list[dict]:
    return list(Move.objects.filter(table=table).order_by("seq").values_list("move", flat=True))


def answers_sent(user) -> list[Notification]:
    return list(Notification.objects.filter(kind="reply", user=user).order_by("pk"))


@pytest.fixture
def asked(users):
    """Ana and Ben at Coup; Ben claimed the Duke and Ana is asked."""
    table, seat = coup_tax(users[:2])
    return table, seat, users_by_seat(table)[seat]


@pytest.mark.parametrize(("said", "move"), [("2", "challenge"), ("Pass", "pass"), ("1", "pass")])
def test_a_reply_from_the_seats_player_plays_its_answer(asked, said, move):
    table, seat, player = asked
    before = table.version
    row = receive(reply(to=address_of(table, seat), sender=player.email, text=said))
    assert (row.outcome, row.move) == ("played", {"action": move})
    table.refresh_from_db()
    assert table.version > before
    assert Move.objects.get(table=table, seq=before + 1).move == {"action": move}
    assert (row.table, row.version, row.seat, row.user) == (table, before, seat, player)
    assert row.answer_text == said and row.reply_notice is None
    assert answers_sent(player) == []


def test_the_sender_is_compared_without_regard_to_case(asked):
    table, seat, player = asked
    shouted = player.email.upper()
    row = receive(reply(to=address_of(table, seat), sender=f"Ana <{shouted}>", text="challenge"))
    assert row.outcome == "played"


def test_a_forged_sender_plays_nothing_and_is_not_answered(asked, users):
    table, seat, player = asked
    before = moves(table)
    for sender in (users[2].email, f"{player.email}.evil.example", "ana@elsewhere.example"):
        row = receive(reply(to=address_of(table, seat), sender=sender, text="2"))
        assert row.outcome == "forged"
    assert moves(table) == before
    assert answers_sent(player) == []


@pytest.mark.parametrize(
    "headers", [{"Auto-Submitted": "auto-replied"}, {"Precedence": "bulk"}, {"X-Autoreply": "yes"}]
)
def test_an_auto_reply_plays_nothing_and_is_never_answered(asked, headers):
    table, seat, player = asked
    before = moves(table)
    row = receive(reply(to=address_of(table, seat), sender=player.email, text="1", headers=headers))
    assert row.outcome == "auto_reply"
    assert moves(table) == before
    assert answers_sent(player) == []


def test_a_vacation_notice_from_the_player_plays_nothing(asked):
    table, seat, player = asked
    row = receive(
        reply(
            to=address_of(table, seat),
            sender=player.email,
            text="1",
            subject="Out of Office: Re: [Tabletop] Your turn in Coup",
        )
    )
    assert row.outcome == "auto_reply" and answers_sent(player) == []


def test_a_second_delivery_of_one_message_plays_nothing_more(asked):
    table, seat, player = asked
    message = reply(to=address_of(table, seat), sender=player.email, text="1")
    first = receive(message)
    table.refresh_from_db()
    after = (table.version, moves(table))
    again = receive(message)
    table.refresh_from_db()
    assert (table.version, moves(table)) == after
    assert (first.outcome, again.outcome) == ("played", "duplicate")
    assert again.duplicate_of == first and again.key is None
    assert answers_sent(player) == []


def test_a_message_without_a_message_id_is_known_again_by_its_content(asked):
    table, seat, player = asked
    message = reply(to=address_of(table, seat), sender=player.email, text="1", message_id=None)
    assert receive(message).outcome == "played"
    assert receive(message).outcome == "duplicate"


def test_a_stale_reply_plays_nothing_and_is_told_what_is_asked_now(asked, mailoutbox, users):
    table, seat, player = asked
    old_address = address_of(table, seat)
    # The player answered on the site meanwhile, then took the next turn.
    services.move_submit(
        table_id=table.pk, user=player, version=table.version, move={"action": "pass"}
    )
    table.refresh_from_db()
    before = (table.version, moves(table))
    row = receive(reply(to=old_address, sender=player.email, text="2"))
    table.refresh_from_db()
    assert (table.version, moves(table)) == before
    assert row.outcome == "stale"
    (notice,) = answers_sent(player)
    assert row.reply_notice == notice
    assert (notice.table, notice.seat.number) == (table, seat)
    assert delivery.deliver(notice.pk) is True
    (mail,) = mailoutbox
    assert mail.to == [player.email]
    assert mail.subject == f"[Tabletop] Your reply about Coup #{table.pk} played nothing"
    assert f'Your reply about Coup #{table.pk} ("2") played nothing.' in mail.body
    assert "The game had moved on before it arrived." in mail.body
    # Now it is the player's own turn: five moves or more, which the email lists.
    assert table.to_act == [seat]
    assert "You are asked now to take a turn." in mail.body
    assert "  1. Income (+1)\n  2. Foreign Aid (+2)\n" in mail.body
    assert mail.reply_to == [address_of(table, seat)]


def test_a_reply_to_a_finished_game_is_told_so(asked):
    table, seat, player = asked
    address = address_of(table, seat)
    services.table_cancel(table_id=table.pk, user=None, reason="A moderator ended it.")
    row = receive(reply(to=address, sender=player.email, text="1"))
    assert (row.outcome, row.detail) == ("stale", "The game has ended.")


def test_an_unreadable_reply_plays_nothing_and_gets_the_answers_again(asked, mailoutbox):
    table, seat, player = asked
    before = moves(table)
    row = receive(reply(to=address_of(table, seat), sender=player.email, text="Sure, why not"))
    assert row.outcome == "unreadable"
    assert moves(table) == before
    (notice,) = answers_sent(player)
    delivery.deliver(notice.pk)
    (mail,) = mailoutbox
    assert "It is not one of the answers" in mail.body
    assert "  1. Pass\n  2. Challenge " in mail.body
    assert mail.reply_to == [address_of(table, seat)]  # the same question, still open


def test_answers_to_replies_are_a_few_per_player_and_hour(asked, settings, frozen):
    settings.REPLY_ANSWERS_PER_HOUR = 3
    table, seat, player = asked
    address = address_of(table, seat)
    rows = [receive(reply(to=address, sender=player.email, text="what?")) for _ in range(5)]
    assert [r.outcome for r in rows] == ["unreadable"] * 5
    assert [r.reply_notice is not None for r in rows] == [True, True, True, False, False]
    frozen.advance(61 * MIN)
    assert receive(reply(to=address, sender=player.email, text="eh")).reply_notice is not None


def test_a_question_that_needs_the_board_is_refused_by_email(users, mailoutbox):
    """A Coup turn at four players has more moves than an email numbers
    (income, foreign aid, tax, exchange and a steal from each of three)."""
    table = start_table("coup", users[:4])
    (seat,) = table.to_act
    player = users_by_seat(table)[seat]
    row = receive(reply(to=address_of(table, seat), sender=player.email, text="1"))
    assert (row.outcome, row.detail) == (
        "refused",
        "This question cannot be answered by email: open the table to play it.",
    )
    assert moves(table) == []
    delivery.deliver(answers_sent(player)[0].pk)
    (mail,) = mailoutbox
    assert "This move needs the board: open the table to play it." in mail.body
    assert "  1. " not in mail.body


def test_a_turn_of_a_few_moves_is_played_by_email(users):
    table = start_table("coup", users[:2])
    (seat,) = table.to_act
    player = users_by_seat(table)[seat]
    row = receive(reply(to=address_of(table, seat), sender=player.email, text="income"))
    assert (row.outcome, row.move) == ("played", {"action": "income"})


def test_a_late_seat_is_told_its_time_ran_out(users, frozen):
    table, seat = coup_tax(users[:2], time_control=hour_control())
    player = users_by_seat(table)[seat]
    deadline = Seat.objects.get(table=table, number=seat).deadline_at
    frozen.set(deadline + MIN)
    row = receive(reply(to=address_of(table, seat), sender=player.email, text="1"))
    assert (row.outcome, row.detail) == (
        "refused",
        "Your time for this move ran out, so it can no longer be played: "
        "the game will make its default move for you.",
    )
    assert len(answers_sent(player)) == 1


def test_replies_count_against_the_players_move_rate_limit(asked, rate_limits):
    """The same counters as a move from the table page: a player who used
    the minute's moves there cannot play more by email."""
    rate_limits.MOVE_RATE_PER_USER = "1/m"
    table, seat, player = asked
    page = login_client(player).post(
        f"/tables/{table.pk}/move/",
        {"version": table.version, "move": json.dumps({"action": "pass"})},
    )
    assert page.status_code == 302
    table.refresh_from_db()
    assert table.to_act == [seat]  # the player's own turn now
    row = receive(reply(to=address_of(table, seat), sender=player.email, text="income"))
    assert row.outcome == "limited"
    assert row.detail.startswith("Too many moves: try again in ")
    assert row.reply_notice is not None
    assert Move.objects.filter(table=table).count() == table.version


def test_a_message_to_no_address_of_ours_plays_nothing(asked):
    table, seat, player = asked
    address = address_of(table, seat)
    tampered = address.replace(f"s{seat}-", f"s{1 - seat}-")
    for to, why in (
        (tampered, "Sent to an address of ours that this site did not make."),
        ("someone@example.com", "Sent to no reply address of this site."),
    ):
        row = receive(reply(to=to, sender=player.email, text="1"))
        assert (row.outcome, row.detail, row.table) == ("unknown", why, None)
        assert row.answer_text == ""  # not even read
    assert answers_sent(player) == []


def test_the_envelope_recipient_is_read_before_the_headers(asked):
    """A reply forwarded by the player's own rules keeps our address in the
    envelope only."""
    table, seat, player = asked
    message = reply(to="ana-forward@example.net", sender=player.email, text="2")
    row = receive(message, envelope_to=[address_of(table, seat).upper()])
    assert row.outcome == "played"
