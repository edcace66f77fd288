"""A tournament's own chat (issue 41): its entrants and its creator write,
anyone logged in reads, nobody logged out reads; mutes, blocks, reports and
the moderators' hiding work as at a table, and a message reaches the open
tournament pages through the live events once it commits."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from chat import selectors, services
from chat.models import MAX_LENGTH, Message
from clocks import clock
from live import channels
from social.models import Block
from tables.errors import BadRequest, Forbidden
from tests.conftest import ApiClient, login_client, make_user
from tests.tournaments.helpers import entered

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db):
    """Cleo created the cup and has not entered; ana and ben have; dora
    has not."""
    return {name: make_user(name) for name in ("cleo", "ana", "ben", "dora")}


@pytest.fixture
def cup(people):
    return entered(people["cleo"], [people["ana"], people["ben"]], name="Cup")


def say(cup, user, text: str) -> Message:
    return services.tournament_message_post(tournament_id=cup.pk, user=user, text=text)


def texts(cup, user) -> list[str]:
    chat = selectors.tournament_chat_view(cup, user)
    return [m.text for c in chat.channels for m in c.messages]


def page(cup, user=None) -> str:
    client = login_client(user) if user is not None else Client()
    response = client.get(f"/tournaments/{cup.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_entrants_and_the_creator_write_and_anyone_logged_in_reads(cup, people):
    say(cup, people["ana"], "Good luck, all")
    say(cup, people["cleo"], "Round one starts at six")
    for reader in ("ana", "ben", "cleo", "dora"):
        assert texts(cup, people[reader]) == ["Good luck, all", "Round one starts at six"]
    html = page(cup, people["dora"])
    assert "Good luck, all" in html and "Tournament chat" in html
    assert 'id="chat-text"' not in html  # dora reads, and is not offered the box
    assert "The players entered in this tournament write here." in html
    assert 'id="chat-text"' in page(cup, people["ben"])


def test_nobody_logged_out_reads_it(cup, people):
    say(cup, people["ana"], "Good luck, all")
    assert texts(cup, None) == []
    html = page(cup)
    assert "Good luck, all" not in html
    assert "to read the players' chat" in html
    assert Client().get(f"/api/tournaments/{cup.pk}/chat").status_code == 401


@pytest.mark.parametrize(
    "who, text, error, words",
    [
        ("dora", "Can I join?", Forbidden, "Only the players entered"),
        ("ana", "x" * (MAX_LENGTH + 1), BadRequest, f"at most {MAX_LENGTH} characters"),
        ("ana", "   \n ", BadRequest, "Write something"),
    ],
)
def test_a_refused_message_says_why_and_writes_nothing(cup, people, who, text, error, words):
    with pytest.raises(error, match=words):
        say(cup, people[who], text)
    assert not Message.objects.exists()


def test_a_muted_entrant_is_told_until_when_and_writes_nothing(cup, people):
    from datetime import timedelta

    services.user_mute(
        user=people["ana"], until=clock.now() + timedelta(hours=1), moderator=people["cleo"]
    )
    with pytest.raises(Forbidden, match="You are muted in the chat until"):
        say(cup, people["ana"], "hello")
    response = login_client(people["ana"]).post(
        f"/tournaments/{cup.pk}/chat/post/", {"text": "hello"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 403 and "You are muted" in response.content.decode()
    assert not Message.objects.exists()


def test_the_page_posts_and_the_api_refuses_a_stranger_with_403(cup, people):
    response = login_client(people["ben"]).post(
        f"/tournaments/{cup.pk}/chat/post/", {"text": "See you at the tables"}
    )
    assert response.status_code == 302
    (message,) = Message.objects.all()
    assert (message.tournament_id, message.table_id, message.channel) == (
        cup.pk,
        None,
        "tournament",
    )
    refused = ApiClient(people["dora"]).post(f"/api/tournaments/{cup.pk}/chat", {"text": "hi"})
    assert refused.status_code == 403 and "Only the players entered" in refused.json()["detail"]
    assert Message.objects.count() == 1


def test_the_api_reads_and_writes_it(cup, people):
    written = ApiClient(people["ana"]).post(f"/api/tournaments/{cup.pk}/chat", {"text": "gg"})
    assert written.status_code == 201, written.json()
    read = ApiClient(people["dora"]).get(f"/api/tournaments/{cup.pk}/chat").json()
    assert read["tournament"] == cup.pk and read["writes_in"] is None
    assert [(c["channel"], [m["text"] for m in c["messages"]]) for c in read["channels"]] == [
        ("tournament", ["gg"])
    ]
    assert ApiClient(people["ben"]).get(f"/api/tournaments/{cup.pk}/chat").json()["writes_in"] == (
        "tournament"
    )


def test_a_blocked_pair_sees_none_of_each_others_messages_either_way(cup, people):
    ana, ben, dora = people["ana"], people["ben"], people["dora"]
    say(cup, ana, "from ana")
    say(cup, ben, "from ben")
    Block.objects.create(owner=ana, other=ben)
    assert texts(cup, ana) == ["from ana"]
    assert texts(cup, ben) == ["from ben"]
    assert texts(cup, dora) == ["from ana", "from ben"]
    assert "from ben" not in page(cup, ana) and "from ana" not in page(cup, ben)


def poll_of(html: str, cup) -> str:
    start = html.index(f"/tournaments/{cup.pk}/chat/poll/?")
    return html[start : html.index('"', start)].replace("&amp;", "&")


def test_a_message_between_a_blocked_pair_redraws_neither_chat(cup, people):
    """The chat's event names nobody, and the blocker's poll finds nothing
    new for them, while everyone else's chat is redrawn."""
    ana, ben, dora = people["ana"], people["ben"], people["dora"]
    Block.objects.create(owner=ben, other=ana)
    polls = {user: poll_of(page(cup, user), cup) for user in (ben, dora)}
    say(cup, ana, "ben does not see this")
    assert login_client(ben).get(polls[ben], HTTP_HX_REQUEST="true").status_code == 204
    assert login_client(dora).get(polls[dora], HTTP_HX_REQUEST="true").status_code == 200
    # Both ways: ana, whom ben blocks, is not redrawn by ben's lines either.
    ana_poll = poll_of(page(cup, ana), cup)
    say(cup, ben, "ana does not see this")
    assert login_client(ana).get(ana_poll, HTTP_HX_REQUEST="true").status_code == 204
    # The page drawn now carries the mark its poll reads.
    again = poll_of(page(cup, ben), cup)
    assert login_client(ben).get(again, HTTP_HX_REQUEST="true").status_code == 204


def test_a_hidden_message_is_removed_for_readers_and_shown_again_on_restore(cup, people):
    mod = make_user("mod")
    mod.is_staff = mod.is_superuser = True
    mod.save()
    message = say(cup, people["ana"], "something rude")
    services.message_report(message_id=message.pk, user=people["dora"], tournament_id=cup.pk)
    assert services.messages_hide(message_ids=[message.pk], moderator=mod) == 1
    assert texts(cup, people["ben"]) == [selectors.REMOVED]
    assert texts(cup, mod) == ["something rude"]
    assert services.messages_restore(message_ids=[message.pk], moderator=mod) == 1
    assert texts(cup, people["ben"]) == ["something rude"]
    admin = login_client(mod).get("/admin/chat/message/")
    assert f'href="/tournaments/{cup.pk}/"' in admin.content.decode()


def test_a_report_names_the_tournament_and_nothing_logged_out_reaches_it(cup, people):
    message = say(cup, people["ana"], "hello")
    response = login_client(people["dora"]).post(
        f"/tournaments/{cup.pk}/chat/{message.pk}/report/", headers={"HX-Request": "true"}
    )
    assert response.status_code == 200 and "a moderator will look" in response.content.decode()
    other = entered(people["cleo"], [], name="Other")
    with pytest.raises(Exception, match="no such message"):
        services.message_report(message_id=message.pk, user=people["ben"], tournament_id=other.pk)


def test_the_poll_is_one_query_while_nothing_changed_and_redraws_after(cup, people):
    client = login_client(people["dora"])
    poll = poll_of(page(cup, people["dora"]), cup)
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(poll).status_code == 204
    assert len(ctx.captured_queries) == 1
    say(cup, people["ana"], "news")
    redrawn = client.get(poll, headers={"HX-Request": "true"})
    assert redrawn.status_code == 200 and "news" in redrawn.content.decode()
    # A poll naming someone logged out reads nothing, however the chat changes.
    logged_out = Client().get(f"/tournaments/{cup.pk}/chat/poll/?mark=&reader=x")
    assert logged_out.status_code == 204


def test_the_page_costs_the_same_with_few_or_many_messages(
    cup, people, django_assert_max_num_queries
):
    client = login_client(people["dora"])
    say(cup, people["ana"], "one")
    with CaptureQueriesContext(connection) as few:
        client.get(f"/tournaments/{cup.pk}/")
    Message.objects.bulk_create(
        Message(tournament=cup, channel="tournament", author=people["ben"], text=f"m{n}")
        for n in range(150)
    )
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert "m149" in client.get(f"/tournaments/{cup.pk}/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_message_is_published_on_the_tournament_chat_channel_once_it_commits(heard):
    cleo, ana = make_user("cleo"), make_user("ana")
    cup = entered(cleo, [ana], name="Cup")
    ear = heard([channels.tournament_chat(cup.pk), channels.tournament(cup.pk)])
    with transaction.atomic():
        say(cup, ana, "hello")
        assert ear.take() == []  # nothing before the commit
    assert ear.take() == [(f"tournament-{cup.pk}-chat", "chat", {"channel": "tournament"}, None)]


def test_only_a_logged_in_reader_opens_the_chat_channel(cup, people):
    from live.access import Refused, resolve

    name = channels.tournament_chat(cup.pk)
    assert resolve([name], people["dora"].pk) == [name]
    with pytest.raises(Refused, match="Log in"):
        resolve([name], None)
    assert name in page(cup, people["dora"]) and name not in page(cup)


def test_a_message_is_in_a_table_or_a_tournament_never_both_nor_neither(cup, people):
    from django.db import IntegrityError

    with pytest.raises(IntegrityError), transaction.atomic():
        Message.objects.create(channel="tournament", author=people["ana"], text="nowhere")


def test_older_messages_are_read_a_page_at_a_time_by_logged_in_readers(cup, people):
    Message.objects.bulk_create(
        Message(tournament=cup, channel="tournament", author=people["ana"], text=f"m{n}")
        for n in range(selectors.RECENT + 5)
    )
    html = page(cup, people["dora"])
    start = html.index(f"/tournaments/{cup.pk}/chat/tournament/history/?before=")
    link = html[start : html.index('"', start)]
    older = login_client(people["dora"]).get(link)
    assert older.status_code == 200
    shown = older.content.decode()
    assert "m0<" in shown and "m4<" in shown and "m5<" not in shown
    assert "Back to the tournament's chat" in shown
    assert Client().get(link).status_code == 404
