"""Each of a blocked pair sees none of the other's chat (issue 41): not in
the page's history, not when the list is redrawn on a live event, not
through the API; everyone else reads both as before."""

from __future__ import annotations

import pytest

from chat import selectors
from social import services as social
from tests.chat.conftest import say
from tests.conftest import login_client, start_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(users):
    # ana, ben and carl at one table, so that the block is made in play.
    return start_table("coup", users[:3], time_control="fast")


def texts(table, user) -> list[str]:
    return [m.text for c in selectors.chat_view(table, user).channels for m in c.messages]


def test_a_blocked_player_sees_no_chat_of_the_blocker_and_the_blocker_none_of_theirs(
    table, ana, ben, carl, api_for
):
    say(table, ana, "from ana before")
    say(table, ben, "from ben before")
    social.block_add(user=ana, username="ben")
    say(table, ana, "from ana after")
    say(table, ben, "from ben after")
    assert texts(table, ben) == ["from ben before", "from ben after"]
    assert texts(table, ana) == ["from ana before", "from ana after"]
    # A third player reads everyone.
    assert len(texts(table, carl)) == 4
    # The page, the list the live event redraws, and the API agree.
    page = login_client(ben).get(f"/tables/{table.pk}/").content.decode()
    assert "from ben after" in page and "from ana" not in page
    redrawn = login_client(ben).get(f"/tables/{table.pk}/chat/", HTTP_HX_REQUEST="true")
    assert redrawn.status_code == 200
    assert "from ana" not in redrawn.content.decode()
    chat = api_for(ben).get(f"/api/tables/{table.pk}/chat").json()
    assert [m["author"] for c in chat["channels"] for m in c["messages"]] == ["ben", "ben"]


def test_unblocking_shows_the_chat_again(table, ana, ben):
    social.block_add(user=ana, username="ben")
    say(table, ana, "hello")
    assert texts(table, ben) == []
    social.block_remove(user=ana, username="ben")
    assert texts(table, ben) == ["hello"]


def test_a_spectator_blocked_by_a_player_reads_the_others(table, ana, ben, users):
    dora = users[3]
    social.block_add(user=dora, username="ana")
    say(table, ana, "from ana")
    say(table, ben, "from ben")
    assert texts(table, dora) == ["from ben"]


def test_the_live_redraw_brings_no_message_of_a_blocked_writer(table, ana, ben):
    from tests.chat.conftest import poll_url

    social.block_add(user=ben, username="ana")
    client = login_client(ben)
    poll = poll_url(client.get(f"/tables/{table.pk}/").content.decode())
    say(table, ana, "a line ben must not read")
    answer = client.get(poll, HTTP_HX_REQUEST="true")
    assert answer.status_code in (200, 204)
    assert "a line ben must not read" not in answer.content.decode()
    say(table, ana, "second")
    say(table, ben, "mine")
    redrawn = client.get(poll, HTTP_HX_REQUEST="true").content.decode()
    assert "mine" in redrawn and "second" not in redrawn


def test_a_message_from_a_blocked_writer_does_not_redraw_the_blockers_chat(table, ana, ben, carl):
    """The chat's event goes to every reader of the channel (it names no
    one); the blocker's poll then finds nothing new for them, so nothing is
    redrawn, while everyone else's chat is."""
    from tests.chat.conftest import poll_url

    social.block_add(user=ben, username="ana")
    polls = {
        user: poll_url(login_client(user).get(f"/tables/{table.pk}/").content.decode())
        for user in (ana, ben, carl)
    }
    say(table, ana, "ben does not see this")
    assert login_client(ben).get(polls[ben], HTTP_HX_REQUEST="true").status_code == 204
    assert login_client(carl).get(polls[carl], HTTP_HX_REQUEST="true").status_code == 200
    # Both ways: ana, whom ben blocks, is not redrawn by ben's lines either.
    ana_poll = poll_url(login_client(ana).get(f"/tables/{table.pk}/").content.decode())
    say(table, ben, "ana does not see this")
    assert login_client(ana).get(ana_poll, HTTP_HX_REQUEST="true").status_code == 204
    # The blocker's page drawn now carries the same mark its poll reads.
    again = poll_url(login_client(ben).get(f"/tables/{table.pk}/").content.decode())
    assert login_client(ben).get(again, HTTP_HX_REQUEST="true").status_code == 204
