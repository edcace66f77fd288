"""The chat costs the same few queries with 3 messages or 150, and its poll
one query while nothing changed."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from chat.models import Message, Report
from tests.chat.conftest import poll_url, say
from tests.conftest import login_client

pytestmark = pytest.mark.django_db


def chatter(table, users, dora, count: int) -> None:
    Message.objects.bulk_create(
        Message(table=table, channel=channel, author=author, text=f"message {n}")
        for n in range(count)
        for channel, author in (("players", users[n % 2]), ("spectators", dora))
    )
    for message in Message.objects.filter(table=table)[: count // 2]:
        Report.objects.get_or_create(message=message, reporter=users[2])


def queries(client, url: str, **headers) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url, **headers)
    assert response.status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize("path", ["chat/", ""])
def test_the_chat_costs_the_same_with_few_or_many_messages(
    users, dora, path, django_assert_max_num_queries
):
    from tests.conftest import start_table

    few = start_table("coup", users[:2])
    many = start_table("coup", users[:2])
    chatter(few, users, dora, 3)
    chatter(many, users, dora, 150)
    client = login_client(users[2])  # a spectator who reported some: every part is drawn
    # The list alone is what the poll redraws; the page is drawn in full.
    headers = {"HTTP_HX_REQUEST": "true"} if path else {}
    for t in (few, many):
        client.get(f"/tables/{t.pk}/{path}", **headers)
    counts = [queries(client, f"/tables/{t.pk}/{path}", **headers) for t in (few, many)]
    assert counts[0] == counts[1]
    # The list: the table, who asks (2), their seat, the mark, two channels
    # (with the reader's reports), a mute, the names the reader follows (for
    # the lines' Follow buttons). The page: its own and those.
    with django_assert_max_num_queries(9 if path else 9 + 5):
        client.get(f"/tables/{many.pk}/{path}", **headers)


def test_the_chat_poll_costs_one_query_while_nothing_changed(
    table, users, django_assert_num_queries
):
    say(table, users[0], "hi")
    ben = login_client(users[1])
    page = ben.get(f"/tables/{table.pk}/").content.decode()
    with django_assert_num_queries(1):
        response = ben.get(poll_url(page))
    assert response.status_code == 204


def test_the_chat_poll_of_a_table_that_does_not_exist_is_404(client):
    assert client.get("/tables/999999/chat/poll/?mark=x").status_code == 404


def test_a_chat_nobody_wrote_in_reads_no_message_until_someone_does(table, users):
    """The mark's query already says which channels hold a message: one that
    holds none is not read, and the first message written is shown at once."""
    ben = login_client(users[1])
    list_url = f"/tables/{table.pk}/chat/"
    with CaptureQueriesContext(connection) as ctx:
        empty = ben.get(list_url, HTTP_HX_REQUEST="true")
    assert not [q for q in ctx.captured_queries if '"chat_message"."text"' in q["sql"]]
    say(table, users[0], "good luck")
    with CaptureQueriesContext(connection) as ctx:
        written = ben.get(list_url, HTTP_HX_REQUEST="true")
    assert [q for q in ctx.captured_queries if '"chat_message"."text"' in q["sql"]]
    assert "good luck" not in empty.content.decode()
    assert "good luck" in written.content.decode()
