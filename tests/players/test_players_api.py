"""Players and leaderboards through the JSON API: public reads, in the
schema, answering what the pages show."""

from __future__ import annotations

import pytest

from players.api import LeaderboardOut, PlayerOut
from tests.conftest import start_table
from tests.players.helpers import finish_coup

pytestmark = pytest.mark.django_db


def test_a_player_is_readable_without_a_token(client, ana, ben):
    table = finish_coup(ana, ben)
    playing = start_table("coup", [ana, ben])
    response = client.get("/api/players/ana")
    assert response.status_code == 200
    body = PlayerOut.model_validate(response.json()).model_dump()
    assert body["username"] == "ana"
    [coup] = body["ratings"]
    assert coup["game"] == "coup" and coup["games"] == 1 and coup["rating"] > 1500
    assert body["reliability"] == {
        "share_in_time": 1.0,
        "moves": 1,
        "moves_in_time": 1,
        "timeouts": 0,
        "games_abandoned": 0,
        "games": 2,
    }
    [game] = body["recent_games"]
    assert (game["table"], game["place"], game["opponents"]) == (table.pk, 1, ["ben"])
    assert game["rating_before"] == 1500 and game["rating_after"] == coup["rating"]
    assert [g["table"] for g in body["in_play"]] == [playing.pk]


def test_an_unknown_player_answers_404(client, db):
    response = client.get("/api/players/nobody")
    assert response.status_code == 404 and "detail" in response.json()
    assert client.get("/api/players/a%00b").status_code == 404


def test_a_leaderboard_lists_the_best_first_with_its_pages(client, ana, ben, carl):
    finish_coup(ana, ben)
    finish_coup(ana, carl)
    response = client.get("/api/ratings/coup")
    assert response.status_code == 200
    body = LeaderboardOut.model_validate(response.json())
    assert (body.page, body.pages, body.count) == (1, 1, 3)
    assert [e.place for e in body.entries] == [1, 2, 3]
    assert body.entries[0].username == "ana"
    assert body.entries[0].rating > body.entries[1].rating


def test_a_leaderboard_refuses_unknown_games_and_pages(client, ana, ben):
    finish_coup(ana, ben)
    assert client.get("/api/ratings/chess").status_code == 404
    assert client.get("/api/ratings/coup?page=2").status_code == 404
    assert client.get("/api/ratings/coup?page=0").status_code == 400
    assert client.get("/api/ratings/coup?page=x").status_code == 400


def test_a_game_nobody_has_finished_has_an_empty_first_page(client, db):
    body = client.get("/api/ratings/koryo").json()
    assert (body["page"], body["pages"], body["count"], body["entries"]) == (1, 1, 0, [])


def test_the_schema_documents_players_and_leaderboards(client, db):
    schema = client.get("/api/openapi.json").json()
    player = schema["paths"]["/api/players/{username}"]["get"]
    assert player["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/PlayerOut"
    }
    assert "security" not in player or player["security"] in ([], [{}])
    board = schema["paths"]["/api/ratings/{game}"]["get"]
    assert [p["name"] for p in board["parameters"]] == ["game", "page"]
    assert {"PlayerOut", "LeaderboardOut", "ReliabilityOut"} <= set(schema["components"]["schemas"])
