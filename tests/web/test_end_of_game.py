"""At the end: every card face up, no clocks, and a rematch with the same
players, options and time control."""

from __future__ import annotations

import pytest

from notifications.models import Notification
from tables.models import Invitation, Table
from tests.conftest import login_client, start_table, state_of

pytestmark = pytest.mark.django_db


def finish_coup(users):
    from tables import services
    from tables.models import TableState

    table = start_table("coup", users[:2], {"rounds_to_win": 1}, time_control="fast")
    winner = table.to_act[0]
    state = state_of(table)
    state["coins"][winner] = 7
    state["hands"][1 - winner] = state["hands"][1 - winner][:1]
    TableState.objects.filter(pk=table.pk).update(state=state)
    services.move_submit(
        table_id=table.pk,
        user=users[winner],
        version=0,
        move={"action": "coup", "target": 1 - winner},
    )
    table.refresh_from_db()
    assert table.status == "finished"
    return table, winner


def test_the_end_shows_every_card_and_no_clock(users):
    table, winner = finish_coup(users)
    hand = state_of(table)["hands"][winner]
    page = login_client(users[1 - winner]).get(f"/tables/{table.pk}/").content.decode()
    assert page.count('title="shown at the end"') == len(hand) == 2
    assert 'class="clocks"' not in page
    assert "Standing orders" not in page
    assert "Rematch" in page


def test_a_rematch_opens_a_table_with_the_same_players_and_settings(users, settings):
    table, winner = finish_coup(users)
    loser = users[1 - winner]
    client = login_client(loser)
    response = client.post(f"/tables/{table.pk}/rematch/")
    new = Table.objects.exclude(pk=table.pk).get()
    assert response.url == f"/tables/{new.pk}/"
    assert new.is_open and new.creator == loser
    assert (new.game, new.options, new.max_players) == (table.game, table.options, 2)
    assert (new.time_control, new.time_bank, new.max_timeouts) == (
        table.time_control,
        table.time_bank,
        table.max_timeouts,
    )
    assert list(Invitation.objects.filter(table=new).values_list("user", flat=True)) == [
        users[winner].pk
    ]
    assert Notification.objects.filter(table=new, kind="invitation", user=users[winner]).exists()
    # Someone who did not play cannot ask for one.
    assert login_client(users[4]).post(f"/tables/{table.pk}/rematch/").status_code == 302
    assert Table.objects.count() == 2


def test_cards_are_face_up_only_once_the_game_is_over(users):
    from games.coup.rules import ENGINE

    table = start_table("coup", users[:3])
    view = ENGINE.view(state_of(table), None)
    assert all(player["shown"] is None for player in view["players"])
    table, winner = finish_coup(users[3:5] + users[:1])
    assert ENGINE.view(state_of(table), None)["players"][winner]["shown"]
