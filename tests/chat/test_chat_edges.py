"""The chat as its readers notice it: each channel under its own name, and a
moderator's second decision on a message reaching pages already open."""

from __future__ import annotations

import html
import re

import pytest

from chat import services
from tests.chat.conftest import poll_url, say
from tests.conftest import login_client

pytestmark = pytest.mark.django_db


def page(client, table) -> str:
    return client.get(f"/tables/{table.pk}/").content.decode()


def test_a_spectator_sees_each_channel_under_its_own_name(table, users, dora):
    say(table, users[0], "have fun")
    say(table, dora, "nice bluff")
    drawn = page(login_client(dora), table)
    titles = re.findall(r'<h3 id="chat-(\w+)-title">([^<]*)</h3>', drawn)
    titles = [(channel, html.unescape(title)) for channel, title in titles]
    assert titles == [("players", "Players' chat"), ("spectators", "Spectators' chat")]


def test_a_message_restored_after_the_page_opened_comes_back_at_the_next_poll(table, users, mod):
    """Hidden by mistake, then restored while ben's page is open: the poll
    wakes although the message was moderated before (the mark follows the
    latest moderation to the microsecond)."""
    rude = say(table, users[0], "well played")
    services.messages_hide(message_ids=[rude.pk], moderator=mod)
    ben = login_client(users[1])
    poll = poll_url(page(ben, table))
    services.messages_restore(message_ids=[rude.pk], moderator=mod)
    answer = ben.get(poll, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert "well played" in answer.content.decode()


def test_players_report_each_other_whoever_signed_up_first(table, users):
    """A report is refused only for one's own message: ana, who signed up
    before ben, reports his message as he reports hers."""
    for author, reader in ((users[1], users[0]), (users[0], users[1])):
        message = say(table, author, f"a message by {author.username}")
        report = services.message_report(message_id=message.pk, user=reader, table_id=table.pk)
        assert report.reporter == reader and report.message == message


def test_without_scripts_a_report_thanks_as_a_success_and_a_refusal_as_an_error(table, users):
    """The report button posts a plain form when scripts are off: the page it
    comes back to thanks the reader, or says why not, in the right colour."""
    ben = login_client(users[1])
    theirs = say(table, users[0], "you idiot")
    mine = say(table, users[1], "my own words")
    thanked = ben.post(f"/tables/{table.pk}/chat/{theirs.pk}/report/", follow=True)
    assert '<li class="flash success"><span role="status">Thank you' in thanked.content.decode()
    refused = ben.post(f"/tables/{table.pk}/chat/{mine.pk}/report/", follow=True)
    assert (
        '<li class="flash error"><span role="status">You cannot report your own message.'
        in refused.content.decode()
    )
