"""The JSON API: the calls of DESIGN.md, their errors and their auth."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from accounts.models import ApiToken
from accounts.tokens import token_revoke, token_user
from tables.models import Move, Table
from tests.conftest import ApiClient, start_table
from tests.support.seeds import seed_deal

pytestmark = pytest.mark.django_db


def test_games_lists_every_game_with_its_options(client):
    response = client.get("/api/games")
    assert response.status_code == 200
    coup = next(g for g in response.json() if g["slug"] == "coup")
    assert (coup["min_players"], coup["max_players"]) == (2, 6)
    keys = {opt["key"] for opt in coup["options"]}
    assert {"factions", "rounds_to_win"} <= keys
    assert {tc["key"] for tc in coup["time_controls"]} >= {"fast", "normal", "slow", "none"}


def test_the_openapi_schema_is_served(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    for path in (
        "/api/games",
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/join",
        "/api/tables/{table_id}/start",
        "/api/tables/{table_id}/moves",
        "/api/tables/{table_id}/log",
    ):
        assert path in paths


def test_a_bot_opens_joins_and_starts_a_table(users):
    ana, ben = ApiClient(users[0]), ApiClient(users[1])
    created = ana.post("/api/tables", {"game": "coup", "max_players": 2, "time_control": "fast"})
    assert created.status_code == 201, created.content
    body = created.json()
    table_id = body["id"]
    assert body["status"] == "open" and body["my_seat"] == 0
    assert ben.post(f"/api/tables/{table_id}/join").json()["my_seat"] == 1
    seed_deal(table_id)
    refused = ben.post(f"/api/tables/{table_id}/start")
    assert refused.status_code == 403
    assert refused.json() == {"detail": "Only the player who opened this table may start it."}
    started = ana.post(f"/api/tables/{table_id}/start").json()
    assert started["status"] == "active"
    assert started["version"] == 0
    assert started["view"]["hand"] and len(started["view"]["hand"]) == 2
    mover = ana if started["to_act"] == [0] else ben
    table = mover.get(f"/api/tables/{table_id}").json()
    assert {"action": "income"} in table["legal_moves"]
    assert table["prompt"].startswith("Your turn")


def test_options_are_checked(users):
    ana = ApiClient(users[0])
    bad = ana.post("/api/tables", {"game": "coup", "options": {"rounds_to_win": 9}})
    assert bad.status_code == 400
    assert "rounds" in bad.json()["detail"].lower()
    unknown = ana.post("/api/tables", {"game": "chess"})
    assert unknown.status_code == 400
    assert Table.objects.count() == 0


def test_a_malformed_body_is_a_400_with_a_readable_detail(users):
    table = start_table("coup", users[:2])
    bot = ApiClient(users[table.to_act[0]])
    for body in ({"move": {"action": "income"}}, {"version": "0", "move": {}}, {"version": 0}):
        response = bot.post(f"/api/tables/{table.pk}/moves", body)
        assert response.status_code == 400
        assert isinstance(response.json()["detail"], str)
    assert not Move.objects.exists()


def test_move_errors_answer_with_the_right_status_and_write_nothing(users):
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    bot = ApiClient(users[actor])
    other = ApiClient(users[(actor + 1) % 3])
    stranger = ApiClient(users[5])
    url = f"/api/tables/{table.pk}/moves"

    illegal = bot.post(url, {"version": 0, "move": {"action": "coup", "target": (actor + 1) % 3}})
    assert illegal.status_code == 400
    assert "7 coins" in illegal.json()["detail"]
    assert other.post(url, {"version": 0, "move": {"action": "income"}}).status_code == 403
    assert stranger.post(url, {"version": 0, "move": {"action": "income"}}).status_code == 403
    assert bot.post(url, {"version": 5, "move": {"action": "income"}}).status_code == 409
    assert Client().post(url, {"version": 0}, content_type="application/json").status_code == 401
    assert not Move.objects.exists()
    table.refresh_from_db()
    assert table.version == 0

    ok = bot.post(url, {"version": 0, "move": {"action": "income"}})
    assert ok.status_code == 200
    assert ok.json()["version"] == 1
    again = bot.post(url, {"version": 0, "move": {"action": "income"}})
    assert again.status_code == 409
    assert "moved on" in again.json()["detail"]


def test_the_session_works_too_but_needs_the_csrf_token(users):
    table = start_table("coup", users[:2])
    actor = table.to_act[0]
    client = Client(enforce_csrf_checks=True)
    client.force_login(users[actor])
    url = f"/api/tables/{table.pk}/moves"
    assert client.get(f"/api/tables/{table.pk}").json()["my_seat"] == actor
    refused = client.post(url, {"version": 0, "move": {"action": "income"}}, "application/json")
    assert refused.status_code == 403
    assert "CSRF" in refused.json()["detail"]
    client.get("/")  # sets the CSRF cookie
    token = client.cookies["csrftoken"].value
    ok = client.post(
        url,
        {"version": 0, "move": {"action": "income"}},
        "application/json",
        headers={"X-CSRFToken": token},
    )
    assert ok.status_code == 200


def test_the_log_shows_each_player_their_own_private_lines_only(users):
    table = start_table("coup", users[:2])
    actor = table.to_act[0]
    bots = [ApiClient(users[0]), ApiClient(users[1])]
    url = f"/api/tables/{table.pk}/moves"
    assert bots[actor].post(url, {"version": 0, "move": {"action": "exchange"}}).status_code == 200
    # The other player lets the Exchange through.
    other = 1 - actor
    assert bots[other].post(url, {"version": 1, "move": {"action": "pass"}}).status_code == 200
    mine = bots[actor].get(f"/api/tables/{table.pk}/log").json()
    theirs = bots[other].get(f"/api/tables/{table.pk}/log").json()
    # The deal comes first: each sees only their own cards.
    assert mine["entries"][0]["kind"] == theirs["entries"][0]["kind"] == "setup"
    assert mine["entries"][0]["lines"] != theirs["entries"][0]["lines"]
    moves_mine, moves_theirs = mine["entries"][1:], theirs["entries"][1:]
    assert any(line["private"] for e in moves_mine for line in e["lines"])
    assert not any(line["private"] for e in moves_theirs for line in e["lines"])
    # A move's JSON is shown to its author only.
    assert [e["move"] is not None for e in moves_mine] == [e["seat"] == actor for e in moves_mine]


def test_api_token_command_prints_a_working_token_last(users, capsys):
    call_command("api_token", "ana")
    key = capsys.readouterr().out.strip().splitlines()[-1]
    assert token_user(key) == users[0]
    response = Client().get("/api/tables?status=mine", headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 200


def test_a_revoked_or_wrong_token_is_refused(users):
    bot = ApiClient(users[0])
    assert bot.get("/api/tables").status_code == 200
    token_revoke(token=ApiToken.objects.get(user=users[0]))
    assert bot.get("/api/tables").status_code == 401
    wrong = Client().get("/api/tables", headers={"Authorization": "Bearer tt_nope"})
    assert wrong.status_code == 401
    assert wrong.json()["detail"].startswith("Authentication required")


def test_tokens_are_stored_hashed(users):
    bot = ApiClient(users[0])
    row = ApiToken.objects.get(user=users[0])
    assert bot.token not in (row.key_hash, row.prefix)
    assert len(row.key_hash) == 64


def test_a_token_revoked_elsewhere_stops_working_within_the_cache_time(users, settings):
    # Another process (the admin, the tokens page on another worker) revokes
    # it: this process trusts what it checked for API_TOKEN_CACHE_SECONDS only.
    import time

    settings.API_TOKEN_CACHE_SECONDS = 1
    bot = ApiClient(users[0])
    assert bot.get("/api/tables").status_code == 200
    ApiToken.objects.filter(user=users[0]).update(revoked_at=timezone.now())
    time.sleep(1.1)
    assert bot.get("/api/tables").status_code == 401


def test_a_deactivated_user_is_refused_within_the_cache_time(users, settings):
    import time

    settings.API_TOKEN_CACHE_SECONDS = 1
    bot = ApiClient(users[0])
    assert bot.get("/api/tables").status_code == 200
    type(users[0]).objects.filter(pk=users[0].pk).update(is_active=False)
    time.sleep(1.1)
    assert bot.get("/api/tables").status_code == 401


def test_a_checked_token_costs_no_query_on_the_next_request(users, django_assert_num_queries):
    bot = ApiClient(users[0])
    assert bot.get("/api/games").status_code == 200
    key = bot.token
    token_user(key)
    with django_assert_num_queries(0):
        assert token_user(key) == users[0]


def test_a_move_reads_the_seats_once_and_answers_from_them(users):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    table = start_table("coup", users[:3], time_control="normal")
    bot = ApiClient(users[table.to_act[0]])
    bot.get("/api/tables")  # the token is checked once, before
    with CaptureQueriesContext(connection) as queries:
        answer = bot.post(
            f"/api/tables/{table.pk}/moves",
            {"version": table.version, "move": {"action": "income"}},
        )
    assert answer.status_code == 200
    seat_reads = [
        q["sql"]
        for q in queries
        if q["sql"].startswith("SELECT")
        and q["sql"].split("FROM", 1)[1].lstrip().startswith('"tables_seat"')
    ]
    assert len(seat_reads) == 1, seat_reads
    # The answer's seats are those after the move: the next player is asked.
    assert [s["must_act"] for s in answer.json()["seats"]] == [
        s.number in answer.json()["to_act"] for s in table.seats.order_by("number")
    ]


@pytest.mark.parametrize("game", ["coup", "koryo", "seasons", "troyes"])
def test_a_table_read_loads_the_table_its_state_and_seats_at_once(
    users, game, django_assert_num_queries
):
    from tests.conftest import state_of

    table = start_table(game, users[:2])
    bot = ApiClient(users[0])
    bot.get(f"/api/tables/{table.pk}")  # the token is checked, then trusted a while
    # The table with its state, then its seats with their users: two
    # statements (sent together to PostgreSQL: see test_queries).
    with django_assert_num_queries(2):
        answer = bot.get(f"/api/tables/{table.pk}")
    assert answer.status_code == 200
    from games import registry

    assert answer.json()["view"] == registry.get(game).engine.view(state_of(table), 0)


def test_reading_a_table_that_does_not_exist_is_a_404(users):
    answer = ApiClient(users[0]).get("/api/tables/999999")
    assert answer.status_code == 404 and answer.json()["detail"]


@pytest.mark.parametrize("game", ["coup", "koryo", "seasons", "troyes"])
def test_a_read_and_a_move_answer_exactly_what_the_schema_says(users, game):
    # These two answers skip ninja's check of the response: they must be
    # TableOut already, with no key missing, extra or of another type.
    import json

    from tables.api import TableOut
    from tests.conftest import play_random_moves

    table = play_random_moves(start_table(game, users[:3], time_control="normal"), users[:3], 5)
    table.refresh_from_db()
    seat = table.to_act[0]
    bot = ApiClient(users[seat])
    read = bot.get(f"/api/tables/{table.pk}").json()
    choice = {"version": read["version"], "move": read["legal_moves"][0]}
    move = bot.post(f"/api/tables/{table.pk}/moves", choice)
    assert move.status_code == 200
    for answer in (read, move.json()):
        checked = json.loads(TableOut.model_validate(answer).model_dump_json())
        assert checked == answer
        assert list(checked) == list(answer)
