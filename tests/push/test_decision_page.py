"""The one-screen answer page a notification's tap opens: the question and
its answers as buttons, played through the table's own move form."""

from __future__ import annotations

import json
import re

from django.test import Client

from tables.models import Move
from tests.conftest import login_client, start_table
from tests.push.helpers import coup_tax, users_by_seat


def buttons(html: str) -> list[tuple[str, str]]:
    return [
        (json.loads(value.replace("&quot;", '"')), label)
        for value, label in re.findall(
            r'<button type="submit" name="move" value="([^"]+)">([^<]+)<', html
        )
    ]


def test_the_player_asked_sees_the_question_and_its_answers_alone(
    users, django_assert_max_num_queries
):
    table, seat = coup_tax(users[:2])
    player = users_by_seat(table)[seat]
    actor = users_by_seat(table)[1 - seat].username
    client = login_client(player)
    with django_assert_max_num_queries(4):
        page = client.get(f"/tables/{table.pk}/answer/")
    html = page.content.decode()
    assert page.status_code == 200
    assert f'<h1 id="decision-question">Respond to {actor}&#x27;s Tax</h1>' in html
    assert f"Coup #{table.pk} · 2 players left" in html
    assert buttons(html) == [
        ({"action": "pass"}, "Pass"),
        ({"action": "challenge"}, f"Challenge {actor}&#x27;s claim of Duke"),
    ]
    assert f'action="/tables/{table.pk}/move/"' in html
    assert f'name="version" value="{table.version}"' in html
    assert 'id="board"' not in html  # the question alone, no board


def test_an_answer_is_played_through_the_tables_move_form(users):
    table, seat = coup_tax(users[:2])
    client = login_client(users_by_seat(table)[seat])
    answered = client.post(
        f"/tables/{table.pk}/move/", {"version": table.version, "move": '{"action":"pass"}'}
    )
    assert answered.status_code == 302 and answered["Location"] == f"/tables/{table.pk}/"
    assert Move.objects.get(table=table, seq=table.version + 1).move == {"action": "pass"}


def test_a_bigger_decision_or_none_is_the_tables(users):
    table, seat = coup_tax(users[:2])
    other = users_by_seat(table)[1 - seat]
    # The other player is not asked now.
    waiting = login_client(other).get(f"/tables/{table.pk}/answer/")
    assert (waiting.status_code, waiting["Location"]) == (302, f"/tables/{table.pk}/")
    # A spectator has nothing to answer.
    watching = login_client(users[3]).get(f"/tables/{table.pk}/answer/")
    assert (watching.status_code, watching["Location"]) == (302, f"/tables/{table.pk}/")
    # Taking a turn is five moves: the board's.
    fresh = start_table("coup", users[2:4])
    actor = users_by_seat(fresh)[fresh.to_act[0]]
    turn = login_client(actor).get(f"/tables/{fresh.pk}/answer/")
    assert (turn.status_code, turn["Location"]) == (302, f"/tables/{fresh.pk}/")


def test_the_page_needs_the_player_logged_in(users):
    table, _ = coup_tax(users[:2])
    page = Client().get(f"/tables/{table.pk}/answer/")
    assert page.status_code == 302
    assert page["Location"].startswith("/accounts/login/?next=")
    assert login_client(users[0]).get("/tables/999999/answer/").status_code == 404
