"""The words players read: names filled in everywhere, prompts that speak to
the reader, a log numbered the same on every page."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from notifications import delivery
from tables import services
from tests.conftest import ApiClient, login_client, play_random_moves, start_table, state_of

pytestmark = pytest.mark.django_db

LEFTOVER = re.compile(r"\{p\d")


def finished(game: str, players, seed: int = 3):
    table = start_table(game, players)
    for attempt in range(40):
        table = play_random_moves(table, players, 400, seed=seed + attempt)
        if not table.is_active:
            break
    assert table.status == "finished"
    return table


@pytest.mark.parametrize("game", ["coup", "koryo"])
def test_no_placeholder_is_left_on_any_page_email_or_api_answer(game, users, settings, mailoutbox):
    settings.TURN_EMAIL_DELAY_SECONDS = 0
    players = users[:3]
    table = finished(game, players)
    delivery.drain(now=table.finished_at.replace(year=table.finished_at.year + 1))
    admin = get_user_model().objects.create_superuser("root", "root@example.org", "x-long-pass-1")
    client = login_client(players[0])
    texts = {
        path: client.get(path).content.decode()
        for path in ("/", f"/tables/{table.pk}/", f"/tables/{table.pk}/log/")
    }
    api = ApiClient(players[1])
    for path in (f"/api/tables/{table.pk}", f"/api/tables/{table.pk}/log", "/api/tables"):
        texts[path] = api.get(path).content.decode()
    staff = login_client(admin)
    for path in ("/admin/tables/table/", f"/admin/tables/table/{table.pk}/change/"):
        texts[path] = staff.get(path).content.decode()
    for message in mail.outbox:
        texts[message.subject] = message.body + message.alternatives[0][0]
    assert any("Game over" in subject for subject in texts)
    left = {where: LEFTOVER.findall(text) for where, text in texts.items()}
    assert {where: found for where, found in left.items() if found} == {}
    winner = players[table.outcome["winners"][0]].username
    assert winner in api.get(f"/api/tables/{table.pk}").json()["outcome"]["summary"]
    assert winner in api.get(f"/api/tables/{table.pk}").json()["summary"]


def test_koryos_summary_says_who_won(users):
    table = finished("koryo", users[:3])
    assert table.summary != "Game over"
    assert re.search(r"\{p\d\} (wins|share)", table.summary)


def test_prompts_speak_to_the_reader(users):
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    target = (actor + 1) % 3
    state = state_of(table)
    from tables.models import TableState

    state["coins"][actor] = 3
    TableState.objects.filter(pk=table.pk).update(state=state)
    services.move_submit(
        table_id=table.pk,
        user=users[actor],
        version=0,
        move={"action": "assassinate", "target": target},
    )
    status = login_client(users[target]).get(f"/tables/{table.pk}/board/").content.decode()
    assert f"respond to {users[actor].username}&#x27;s Assassination of you" in status
    watcher = login_client(users[actor]).get(f"/tables/{table.pk}/board/").content.decode()
    assert "Waiting for" in watcher and "to respond to your Assassination of" in watcher


def test_a_pass_says_what_it_answered_and_the_log_numbers_match(users):
    table = start_table("coup", users[:3])
    table = play_random_moves(table, users[:3], 60, seed=5)
    client = login_client(users[0])
    page = client.get(f"/tables/{table.pk}/log/").content.decode()
    assert " passes." not in page
    page = page.split('<ol class="full-log">')[1].split("</ol>")[0]
    items = re.findall(r'<li value="(\d+)"[^>]*>(.*?)</li>', page, re.S)
    numbers = [int(n) for n, _ in items]
    assert numbers == sorted(set(numbers))  # each entry numbered once
    assert all(re.sub(r"<[^>]+>|\s", "", body) for _, body in items)  # none empty
    assert page.count("<li") == len(items)
    board = client.get(f"/tables/{table.pk}/").content.decode()
    board = board.split('<div class="log-scroll"')[1].split("</ol>")[0]
    recent = dict(re.findall(r'<li value="(\d+)"[^>]*>(.*?)</li>', board, re.S))
    whole = dict(items)

    def text(html):
        return " ".join(re.sub(r"<[^>]+>", " ", html).split())

    assert recent and all(text(whole[n]).endswith(text(body)) for n, body in recent.items())


def test_one_coin_goes_back():
    from games.coup.rules.flow import eliminate

    state = {"coins": [1, 0], "treasury": 0, "eliminations": [[]], "log": []}
    eliminate(state, 0)
    assert state["log"][-1]["text"] == "{p0} is eliminated; 1 coin goes back to the treasury."


def test_the_last_challenge_banner_goes_when_the_next_action_starts(users):
    table = start_table("coup", users[:2])
    actor = table.to_act[0]
    other = 1 - actor
    services.move_submit(table_id=table.pk, user=users[actor], version=0, move={"action": "tax"})
    services.move_submit(
        table_id=table.pk, user=users[other], version=1, move={"action": "challenge"}
    )
    table = play_random_moves(table, users[:2], 1, seed=1)  # the answer to the challenge
    while table.is_active and state_of(table)["phase"] != "turn":
        table = play_random_moves(table, users[:2], 1, seed=2)
    assert state_of(table)["last_reveal"] is not None
    client = login_client(users[0])
    assert "Last challenge" in client.get(f"/tables/{table.pk}/board/").content.decode()
    mover = table.to_act[0]
    services.move_submit(
        table_id=table.pk, user=users[mover], version=table.version, move={"action": "income"}
    )
    assert "Last challenge" not in client.get(f"/tables/{table.pk}/board/").content.decode()
