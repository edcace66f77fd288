"""The "rated" table option: on by default, chosen in the form and the API,
kept by a rematch, shown on the table page."""

from __future__ import annotations

import pytest

from tables import services
from tables.models import Table
from tests.conftest import login_client
from tests.players.helpers import finish_coup

pytestmark = pytest.mark.django_db


def test_the_new_table_form_offers_rated_checked(ana):
    html = login_client(ana).get("/tables/new/?game=coup").content.decode()
    assert 'name="rated"' in html and "checked" in html.split('name="rated"')[1].split(">")[0]


def post_new_table(user, **extra):
    data = {"game": "coup", "max_players": "2", "time_control": "normal", "max_timeouts": "3"}
    return login_client(user).post("/tables/new/", {**data, **extra})


def test_a_table_opened_with_the_box_ticked_is_rated(ana):
    assert post_new_table(ana, rated="on").status_code == 302
    assert Table.objects.get().rated is True


def test_a_table_opened_with_the_box_cleared_is_unrated(ana):
    assert post_new_table(ana).status_code == 302
    table = Table.objects.get()
    assert table.rated is False
    assert "unrated" in login_client(ana).get(f"/tables/{table.pk}/").content.decode()


def test_the_api_opens_rated_tables_unless_told_otherwise(ana, api_for):
    api = api_for(ana)
    first = api.post("/api/tables", {"game": "coup"})
    assert first.status_code == 201 and first.json()["rated"] is True
    second = api.post("/api/tables", {"game": "coup", "rated": False})
    assert second.status_code == 201 and second.json()["rated"] is False
    assert list(Table.objects.order_by("pk").values_list("rated", flat=True)) == [True, False]


def test_the_api_refuses_a_rated_value_that_is_not_a_boolean(ana, api_for):
    response = api_for(ana).post("/api/tables", {"game": "coup", "rated": "yes"})
    assert response.status_code == 400 and "rated" in response.json()["detail"]
    assert not Table.objects.exists()


def test_a_rematch_of_an_unrated_game_is_unrated(ana, ben):
    table = finish_coup(ana, ben, rated=False)
    again = services.table_rematch(table_id=table.pk, user=ben)
    assert again.rated is False
    table = finish_coup(ana, ben)
    assert services.table_rematch(table_id=table.pk, user=ben).rated is True
