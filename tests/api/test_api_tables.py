"""The API's table calls beyond the happy path: custom time controls,
invitations sent with the new table, leaving and cancelling."""

from __future__ import annotations

from datetime import timedelta

import pytest

from notifications.models import Notification
from tables.models import Invitation, Table
from tests.conftest import ApiClient

pytestmark = pytest.mark.django_db


def create(user, **fields):
    return ApiClient(user).post("/api/tables", {"game": "coup", "max_players": 3, **fields})


def test_a_custom_time_control_sets_the_bank_increment_and_cap(users):
    response = create(
        users[0],
        time_control="custom",
        time_bank_seconds=3600,
        time_increment_seconds=600,
        time_cap_seconds=7200,
    )
    assert response.status_code == 201, response.json()
    assert response.json()["time_control"] == "custom"
    table = Table.objects.get(pk=response.json()["id"])
    assert (table.time_bank, table.time_increment, table.time_cap) == (
        timedelta(hours=1),
        timedelta(minutes=10),
        timedelta(hours=2),
    )


@pytest.mark.parametrize(
    ("fields", "detail"),
    [
        (
            {"time_bank_seconds": 3600, "time_increment_seconds": 60},
            "A custom time control needs the bank, increment and cap in seconds.",
        ),
        (
            {"time_bank_seconds": 2, "time_increment_seconds": 0, "time_cap_seconds": 60},
            "The time bank must be between 5 seconds and 30 days.",
        ),
        (
            {"time_bank_seconds": 3600, "time_increment_seconds": -1, "time_cap_seconds": 3600},
            "The increment must be between 0 and 30 days.",
        ),
        (
            {"time_bank_seconds": 3600, "time_increment_seconds": 0, "time_cap_seconds": 60},
            "The cap must be at least the bank and at most 30 days.",
        ),
    ],
)
def test_a_custom_time_control_out_of_bounds_is_refused(users, fields, detail):
    response = create(users[0], time_control="custom", **fields)
    assert response.status_code == 400
    assert response.json() == {"detail": detail}
    assert not Table.objects.exists()


def test_invitations_are_sent_with_the_new_table(users, mailoutbox):
    response = create(users[0], invite=["ben", "Carl"])
    assert response.status_code == 201
    table = Table.objects.get(pk=response.json()["id"])
    assert set(Invitation.objects.filter(table=table).values_list("user__username", flat=True)) == {
        "ben",
        "carl",
    }
    assert sorted(Notification.objects.values_list("user__username", "kind")) == [
        ("ben", "invitation"),
        ("carl", "invitation"),
    ]


def test_an_invitation_to_nobody_opens_no_table(users):
    response = create(users[0], invite=["ben", "nobody"])
    assert response.status_code == 400
    assert response.json() == {"detail": "There is no player called “nobody”."}
    assert not Table.objects.exists() and not Invitation.objects.exists()
    assert not Notification.objects.exists()


def test_a_player_leaves_an_open_table_but_its_creator_cannot(users):
    table_id = create(users[0]).json()["id"]
    ben = ApiClient(users[1])
    assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
    response = ben.post(f"/api/tables/{table_id}/leave")
    assert response.status_code == 200
    assert [s["username"] for s in response.json()["seats"]] == ["ana"]
    again = ben.post(f"/api/tables/{table_id}/leave")
    assert again.status_code == 409
    assert again.json() == {"detail": "You have no seat at this table."}
    creator = ApiClient(users[0]).post(f"/api/tables/{table_id}/leave")
    assert creator.status_code == 409
    assert creator.json() == {"detail": "You opened this table: cancel it instead of leaving."}


def test_only_the_creator_cancels_an_open_table(users):
    table_id = create(users[0]).json()["id"]
    other = ApiClient(users[1]).post(f"/api/tables/{table_id}/cancel")
    assert other.status_code == 403
    assert other.json() == {"detail": "Only the player who opened this table may cancel it."}
    assert Table.objects.get(pk=table_id).status == "open"
    response = ApiClient(users[0]).post(f"/api/tables/{table_id}/cancel")
    assert response.status_code == 200
    assert (response.json()["status"], response.json()["summary"]) == ("aborted", "Cancelled")
    assert ApiClient(users[0]).post(f"/api/tables/{table_id}/cancel").status_code == 409
