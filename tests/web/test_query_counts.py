"""Pages cost a bounded number of queries, the same early and late in a game."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tables import services
from tests.conftest import login_client, play_random_moves, start_table

pytestmark = pytest.mark.django_db

LONG = {"rounds_to_win": 5}


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code in (200, 204)
    return len(ctx.captured_queries)


@pytest.mark.parametrize("path", ["", "board/"])
def test_the_table_page_costs_the_same_after_5_and_200_moves(
    users, path, django_assert_max_num_queries
):
    early = start_table("coup", users[:6], LONG)
    early = play_random_moves(early, users[:6], 5, seed=1)
    late = start_table("coup", users[:6], LONG)
    late = play_random_moves(late, users[:6], 200, seed=2)
    assert late.is_active and late.version >= 200
    client = login_client(users[0])
    # A first look records what the player has seen (one update, once).
    for t in (early, late):
        client.get(f"/tables/{t.pk}/{path}")
    counts = [queries(client, f"/tables/{t.pk}/{path}") for t in (early, late)]
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(10):
        client.get(f"/tables/{late.pk}/{path}")


def test_the_poll_costs_one_query(users, django_assert_num_queries):
    table = start_table("coup", users[:3])
    client = login_client(users[0])
    with django_assert_num_queries(1):
        response = client.get(f"/tables/{table.pk}/poll/?version={table.version}&status=active")
    assert response.status_code == 204
    with django_assert_num_queries(1):
        response = client.get(f"/tables/{table.pk}/poll/?version={table.version - 1}")
    assert response.status_code == 200
    assert response["HX-Trigger"] == "table-changed"


def test_the_lobby_costs_the_same_with_3_or_30_tables(users):
    client = login_client(users[0])
    for _ in range(3):
        start_table("coup", users[:3])
        services.table_create(creator=users[1], game="coup", max_players=4)
    client.get("/")  # a first look records that the player is on the site
    few = queries(client, "/")
    for _ in range(27):
        start_table("coup", users[:3])
        table = services.table_create(creator=users[1], game="coup", max_players=4)
        services.table_join(table_id=table.pk, user=users[2])
    many = queries(client, "/")
    assert few == many
    assert many <= 10


def test_the_api_table_read_is_bounded(users, api_for, django_assert_max_num_queries):
    table = start_table("coup", users[:4])
    table = play_random_moves(table, users[:4], 20, seed=3)
    bot = api_for(users[0])
    with django_assert_max_num_queries(8):
        assert bot.get(f"/api/tables/{table.pk}").status_code == 200


def test_a_move_through_the_page_draws_the_board_the_move_left_without_reading_it_again(
    users, django_assert_max_num_queries
):
    """The move's answer is the board as the move left it: session and user,
    the locked read (table, state, seats), the writes (table, state, move,
    each changed seat, the other player's turn email), then only what the
    board adds (the log's moves); four of the count are the test's
    savepoints."""
    table = start_table("coup", users[:2], LONG)
    client = login_client(users[table.to_act[0]])
    client.get(f"/tables/{table.pk}/")
    move = {"action": "income"}
    with django_assert_max_num_queries(17) as captured:
        response = client.post(
            f"/tables/{table.pk}/move/",
            {"move": json.dumps(move), "version": table.version},
            HTTP_HX_REQUEST="true",
        )
    assert response.status_code == 200
    assert f'data-version="{table.version + 1}"' in response.content.decode()
    table_reads = [q for q in captured.captured_queries if 'FROM "tables_table"' in q["sql"]]
    assert len(table_reads) == 1, "the table is read once, under its lock"
