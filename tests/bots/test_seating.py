"""Seating bots: the creator adds a bot of a chosen level to a free seat of
an open table and may take it off before the start, through the API and the
page; every refusal answers its status and writes nothing. Bot accounts are
marked, cannot log in, and their names are theirs alone."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import authenticate
from django.urls import reverse

from accounts.forms import SignUpForm
from autoplay.accounts import MAX_PER_LEVEL, level_of
from games import registry
from tables import services
from tables.models import Seat, Table
from tests.conftest import login_client


def snapshot(table_id: int):
    table = Table.objects.get(pk=table_id)
    seats = list(Seat.objects.filter(table_id=table_id).values_list("number", "user_id"))
    return table.status, table.summary, table.updated_at, seats


@pytest.fixture
def open_table(ana):
    return services.table_create(creator=ana, game="seasons", max_players=3)


def test_the_creator_seats_a_bot_of_each_level_through_the_api(api_for, ana, open_table):
    api = api_for(ana)
    for level in ("easy", "hard"):
        answer = api.post(f"/api/tables/{open_table.pk}/bots", {"level": level})
        assert answer.status_code == 201, answer.content
    seats = answer.json()["seats"]
    assert [s["username"] for s in seats] == ["ana", "EasyBot1", "HardBot1"]
    assert answer.json()["status"] == "open"
    bots = [s.user for s in Seat.objects.filter(table=open_table).order_by("number")[1:]]
    assert [level_of(u) for u in bots] == ["easy", "hard"]


def test_two_bots_of_one_level_are_two_accounts(ana, open_table):
    services.table_bot_add(table_id=open_table.pk, user=ana, level="medium")
    services.table_bot_add(table_id=open_table.pk, user=ana, level="medium")
    names = list(open_table.seats.order_by("number").values_list("user__username", flat=True))
    assert names == ["ana", "MediumBot1", "MediumBot2"]


def test_the_creator_removes_a_bot_before_the_start(api_for, ana, open_table):
    services.table_bot_add(table_id=open_table.pk, user=ana, level="easy")
    answer = api_for(ana).client.delete(
        f"/api/tables/{open_table.pk}/bots/1",
        headers={"Authorization": f"Bearer {api_for(ana).token}"},
    )
    assert answer.status_code == 200, answer.content
    assert [s["username"] for s in answer.json()["seats"]] == ["ana"]
    assert answer.json()["summary"].startswith("Waiting for players (1 of 3)")


@pytest.mark.parametrize(
    ("who", "level", "fill", "start", "status", "says"),
    [
        ("ben", "easy", 0, False, 403, "Only the player who opened this table"),
        ("ana", "grandmaster", 0, False, 400, "Unknown bot level"),
        ("ana", "easy", 2, False, 409, "This table is full"),
        ("ana", "easy", 1, True, 409, "The game has started"),
    ],
    ids=["not-the-creator", "unknown-level", "full", "started"],
)
def test_seating_a_bot_is_refused_with_nothing_written(
    api_for, ana, ben, open_table, who, level, fill, start, status, says
):
    for _ in range(fill):
        services.table_bot_add(table_id=open_table.pk, user=ana, level="easy")
    if start:
        services.table_start(table_id=open_table.pk, user=ana)
    caller = {"ana": ana, "ben": ben}[who]
    before = snapshot(open_table.pk)
    answer = api_for(caller).post(f"/api/tables/{open_table.pk}/bots", {"level": level})
    assert answer.status_code == status
    assert says in answer.json()["detail"]
    assert snapshot(open_table.pk) == before


def test_a_level_that_is_not_text_is_a_400(api_for, ana, open_table):
    answer = api_for(ana).post(f"/api/tables/{open_table.pk}/bots", {"level": 3})
    assert answer.status_code == 400
    assert not Seat.objects.filter(table=open_table, number=1).exists()


@pytest.mark.parametrize("case", ["not-the-creator", "not-a-bot", "started"])
def test_removing_a_bot_is_refused_with_nothing_written(api_for, ana, ben, case):
    table = services.table_create(creator=ana, game="coup", max_players=3)
    services.table_join(table_id=table.pk, user=ben)
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    caller, seat, status = {
        "not-the-creator": (ben, 2, 403),
        "not-a-bot": (ana, 1, 404),
        "started": (ana, 2, 409),
    }[case]
    if case == "started":
        services.table_start(table_id=table.pk, user=ana)
    before = snapshot(table.pk)
    api = api_for(caller)
    answer = api.client.delete(
        f"/api/tables/{table.pk}/bots/{seat}", headers={"Authorization": f"Bearer {api.token}"}
    )
    assert answer.status_code == status, answer.content
    assert snapshot(table.pk) == before


def test_the_waiting_room_adds_and_removes_bots(ana, open_table):
    client = login_client(ana)
    page = client.get(reverse("table", args=[open_table.pk])).content.decode()
    assert "Add a bot" in page
    answer = client.post(reverse("table_bot_add", args=[open_table.pk]), {"level": "hard"})
    assert answer.status_code == 302
    page = client.get(reverse("table", args=[open_table.pk])).content.decode()
    assert "HardBot1" in page and "bot, hard" in page
    assert "Remove HardBot1" in page
    client.post(reverse("table_bot_remove", args=[open_table.pk]), {"seat": 1})
    assert list(open_table.seats.values_list("number", flat=True)) == [0]


@pytest.mark.parametrize(
    ("who", "level", "says"),
    [
        ("ben", "easy", "Only the player who opened this table may seat bots."),
        ("ana", "grandmaster", "Unknown bot level"),
    ],
)
def test_the_waiting_room_says_why_a_bot_was_refused(ana, ben, open_table, who, level, says):
    client = login_client({"ana": ana, "ben": ben}[who])
    before = snapshot(open_table.pk)
    answer = client.post(
        reverse("table_bot_add", args=[open_table.pk]), {"level": level}, follow=True
    )
    assert says in answer.content.decode()
    assert snapshot(open_table.pk) == before


def test_a_full_table_refuses_a_bot_on_the_page(ana, open_table):
    for _ in range(2):
        services.table_bot_add(table_id=open_table.pk, user=ana, level="easy")
    before = snapshot(open_table.pk)
    client = login_client(ana)
    answer = client.post(
        reverse("table_bot_add", args=[open_table.pk]), {"level": "easy"}, follow=True
    )
    assert "This table is full." in answer.content.decode()
    assert snapshot(open_table.pk) == before


def test_bot_accounts_cannot_log_in_and_get_no_email(ana, open_table):
    services.table_bot_add(table_id=open_table.pk, user=ana, level="easy")
    bot = open_table.seats.get(number=1).user
    assert not bot.has_usable_password() and bot.email == ""
    assert authenticate(username=bot.username, password="") is None
    assert bot.profile.notify_turn == "never" and not bot.profile.notify_game_over


@pytest.mark.parametrize("name", ["EasyBot1", "hardbot7", "MEDIUMBOT12"])
def test_sign_up_refuses_a_bots_name(db, name):
    form = SignUpForm(
        data={
            "username": name,
            "email": "x@example.org",
            "password1": "a-long-secret-43",
            "password2": "a-long-secret-43",
        }
    )
    assert not form.is_valid()
    assert "kept for the site's bots" in form.errors["username"][0]


def test_there_are_enough_bots_of_a_level_for_any_table():
    assert max(entry.engine.max_players for entry in registry.all_games()) <= MAX_PER_LEVEL


def test_a_person_with_a_bots_name_is_never_seated_as_a_bot(ana, open_table):
    from tests.conftest import make_user

    make_user("EasyBot1")  # signed up before the names were reserved
    services.table_bot_add(table_id=open_table.pk, user=ana, level="easy")
    assert open_table.seats.get(number=1).user.username == "EasyBot2"


def test_play_now_opens_and_starts_a_table_with_bots(ana):
    client = login_client(ana)
    lobby = client.get(reverse("lobby")).content.decode()
    assert "Play now against bots" in lobby
    answer = client.post(reverse("play_now"), {"game": "koryo", "level": "easy", "players": "3"})
    table = Table.objects.get(creator=ana)
    assert answer.status_code == 302 and answer.url == reverse("table", args=[table.pk])
    assert table.status == "active"
    names = list(table.seats.order_by("number").values_list("user__username", flat=True))
    assert names == ["ana", "EasyBot1", "EasyBot2"]


def test_play_now_offers_each_game_only_the_counts_and_levels_it_has(ana):
    """Troyes is for 2 to 4 (TRO-OP1), Coup for 2 to 6 (COUP-OP1); Seasons
    offers its level (SEA-OP1), and the table is opened at the one chosen."""
    lobby = login_client(ana).get(reverse("lobby")).content.decode()

    def counts(slug: str) -> list[str]:
        select = lobby.split(f'id="play-now-{slug}-players"')[1].split("</select>")[0]
        return re.findall(r'<option value="(\d+)"', select)

    assert counts("troyes") == ["2", "3", "4"]
    assert counts("coup") == ["2", "3", "4", "5", "6"]
    assert 'id="play-now-seasons-option-level"' in lobby
    assert 'id="play-now-coup-option-level"' not in lobby
    client = login_client(ana)
    client.post(
        reverse("play_now"),
        {"game": "seasons", "level": "easy", "players": "2", "option-level": "archmage"},
    )
    assert Table.objects.get(creator=ana).options["level"] == "archmage"


def test_play_now_refuses_a_player_count_the_game_does_not_allow(ana):
    client = login_client(ana)
    answer = client.post(
        reverse("play_now"), {"game": "koryo", "level": "easy", "players": "9"}, follow=True
    )
    assert "Koryo" in answer.content.decode()
    assert not Table.objects.filter(creator=ana).exists()


def test_play_now_through_the_api(api_for, ana):
    answer = api_for(ana).post("/api/play-now", {"game": "coup", "level": "hard"})
    assert answer.status_code == 201, answer.content
    assert answer.json()["status"] == "active"
    assert [s["username"] for s in answer.json()["seats"]] == ["ana", "HardBot1"]


def test_the_schema_lists_the_bot_endpoints(client):
    paths = client.get("/api/openapi.json").json()["paths"]
    assert "post" in paths["/api/tables/{table_id}/bots"]
    assert "delete" in paths["/api/tables/{table_id}/bots/{seat}"]
    assert "post" in paths["/api/play-now"]
