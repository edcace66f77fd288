"""Readers report a message to the moderators, once each."""

from __future__ import annotations

import pytest

from chat.models import Report
from chat.selectors import open_report_count
from tests.chat.conftest import say
from tests.conftest import login_client, start_table

pytestmark = pytest.mark.django_db


def report(client, message):
    return client.post(
        f"/tables/{message.table_id}/chat/{message.pk}/report/", HTTP_HX_REQUEST="true"
    )


def test_a_report_is_counted_once_per_reader(table, users, dora):
    rude = say(table, users[0], "you idiot")
    ben = login_client(users[1])
    response = report(ben, rude)
    assert response.status_code == 200
    thanks = "Thank you: a moderator will look at this message."
    assert f'<p class="flash" role="status">{thanks}</p>' in response.content.decode()
    again = report(ben, rude)
    assert again.status_code == 409
    assert "You have already reported this message." in again.content.decode()
    assert report(login_client(dora), rude).status_code == 200
    assert Report.objects.filter(message=rude).count() == 2
    assert open_report_count() == 2


def test_the_report_button_is_for_other_readers_and_turns_into_reported(table, users):
    say(table, users[0], "gl")
    html = login_client(users[0]).get(f"/tables/{table.pk}/").content.decode()
    assert ">Report</button>" not in html
    ben = login_client(users[1])
    assert ">Report</button>" in ben.get(f"/tables/{table.pk}/").content.decode()
    rude = table.chat_messages.get()
    report(ben, rude)
    html = ben.get(f"/tables/{table.pk}/").content.decode()
    assert ">Report</button>" not in html and "reported" in html


def test_nobody_reports_their_own_message(table, users):
    mine = say(table, users[0], "gl")
    response = report(login_client(users[0]), mine)
    assert response.status_code == 403
    assert not Report.objects.exists()


def test_a_message_one_may_not_read_cannot_be_reported(table, users, dora, anonymous):
    tip = say(table, dora, "ben holds the Duke")
    assert report(login_client(users[0]), tip).status_code == 404
    response = anonymous.post(f"/tables/{table.pk}/chat/{tip.pk}/report/")
    assert response.status_code == 302
    assert not Report.objects.exists()


def test_reporting_a_message_one_may_not_read_answers_as_one_that_does_not_exist(
    table, users, dora, api_for
):
    """Otherwise the answer would tell a player that a spectators' message
    with that id exists at their table."""
    tip = say(table, dora, "ben holds the Duke")
    elsewhere = say(start_table("coup", users[2:4], seed=11), users[2], "gl")
    missing = tip.pk + 1000
    ben, bot = login_client(users[1]), api_for(users[1])

    def page_answers(message_id: int) -> tuple:
        url = f"/tables/{table.pk}/chat/{message_id}/report/"
        partial = ben.post(url, HTTP_HX_REQUEST="true")
        plain = ben.post(url, follow=True)
        flashes = [str(m) for m in plain.context["messages"]]
        notice = "There is no such message." in partial.content.decode()
        return partial.status_code, notice, plain.redirect_chain, flashes

    def api_answer(message_id: int) -> tuple:
        answer = bot.post(f"/api/chat/messages/{message_id}/report")
        return answer.status_code, answer.json()

    unreadable = page_answers(tip.pk)
    assert unreadable[:2] == (404, True)
    assert unreadable[3] == ["There is no such message."]
    assert page_answers(missing) == unreadable
    # A message of another table, reported through this table's address,
    # and one of this table through another's (ben may read both).
    assert page_answers(elsewhere.pk) == unreadable
    mine = say(table, users[0], "gl")
    through_other = ben.post(
        f"/tables/{elsewhere.table_id}/chat/{mine.pk}/report/", HTTP_HX_REQUEST="true"
    )
    assert through_other.status_code == 404
    assert (
        api_answer(tip.pk) == api_answer(missing) == (404, {"detail": "There is no such message."})
    )
    assert not Report.objects.exists()


def test_reports_through_the_api(table, users, dora, api_for):
    rude = say(table, users[0], "you idiot")
    bot = api_for(users[1])
    response = bot.post(f"/api/chat/messages/{rude.pk}/report")
    assert response.status_code == 201 and response.json()["message"] == rude.pk
    again = bot.post(f"/api/chat/messages/{rude.pk}/report")
    assert again.status_code == 409
    assert again.json() == {"detail": "You have already reported this message."}
    tip = say(table, dora, "a tip")
    assert bot.post(f"/api/chat/messages/{tip.pk}/report").status_code == 404
    assert Report.objects.count() == 1


def test_a_hidden_message_cannot_be_reported(table, users, mod):
    from chat.services import messages_hide

    rude = say(table, users[0], "you idiot")
    messages_hide(message_ids=[rude.pk], moderator=mod)
    response = report(login_client(users[1]), rude)
    assert response.status_code == 409
    assert "A moderator has already removed this message." in response.content.decode()
    assert not Report.objects.exists()
