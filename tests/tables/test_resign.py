"""A player may give up a game in play: their seat is dropped, plays its
default moves from then on, and they rank below everyone still playing."""

from __future__ import annotations

import pytest

from tables import services
from tables.errors import Conflict, Forbidden
from tables.models import Seat, Table
from tests.conftest import ApiClient, login_client, play_random_moves, start_table

pytestmark = pytest.mark.django_db


def test_resigning_drops_my_seat_and_the_game_goes_on(users):
    table = start_table("coup", users[:3])
    response = login_client(users[1]).post(f"/tables/{table.pk}/resign/")
    assert response.status_code == 302
    seat = Seat.objects.get(table=table, user=users[1])
    assert seat.dropped and seat.drop_reason == "resigned"
    table.refresh_from_db()
    assert table.is_active
    # The dropped seat is never asked again: its turns play themselves.
    assert 1 not in table.to_act


def test_a_two_player_game_resigned_ends_with_the_resigner_last(users):
    table = start_table("coup", users[:2])
    services.seat_resign(table_id=table.pk, user=users[0])
    table.refresh_from_db()
    # The other player plays on; the resigner's seat answers by itself.
    table = play_random_moves(table, users[:2], 300)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert table.outcome["dropped"] == [0]


def test_only_a_player_still_in_a_game_in_play_may_resign(users):
    table = start_table("coup", users[:2])
    with pytest.raises(Forbidden):
        services.seat_resign(table_id=table.pk, user=users[4])
    services.seat_resign(table_id=table.pk, user=users[0])
    with pytest.raises(Conflict, match="already left"):
        services.seat_resign(table_id=table.pk, user=users[0])
    open_table = services.table_create(creator=users[2], game="coup", max_players=3)
    with pytest.raises(Conflict, match="not in play"):
        services.seat_resign(table_id=open_table.pk, user=users[2])


def test_the_api_resigns_and_refuses_a_stranger_with_nothing_written(users):
    table = start_table("coup", users[:3])
    stranger = ApiClient(users[4]).post(f"/api/tables/{table.pk}/resign", {})
    assert stranger.status_code == 403 and "not playing" in stranger.json()["detail"]
    assert not Seat.objects.filter(table=table, dropped_at__isnull=False).exists()
    answer = ApiClient(users[2]).post(f"/api/tables/{table.pk}/resign", {})
    assert answer.status_code == 200
    dropped = [s for s in answer.json()["seats"] if s["dropped"]]
    assert [s["username"] for s in dropped] == ["carl"]


def test_the_resign_button_shows_only_to_a_player_still_in_the_game(users):
    table = start_table("coup", users[:2])
    assert 'class="resign"' in login_client(users[0]).get(f"/tables/{table.pk}/").content.decode()
    assert (
        'class="resign"' not in login_client(users[4]).get(f"/tables/{table.pk}/").content.decode()
    )
    services.seat_resign(table_id=table.pk, user=users[0])
    assert (
        'class="resign"' not in login_client(users[0]).get(f"/tables/{table.pk}/").content.decode()
    )
