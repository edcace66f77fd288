"""Moderation in the admin: tables, seats, the log, notifications."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from notifications.models import Notification
from tables.models import Move, Seat
from tests.clocks.helpers import hour_control
from tests.conftest import login_client, play_random_moves, start_table, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(users):
    users[5].is_staff = users[5].is_superuser = True
    users[5].save()
    return login_client(users[5])


def test_tables_can_be_found_by_game_status_and_player(users, staff):
    table = start_table("coup", users[:2])
    page = staff.get("/admin/tables/table/?game=coup&status=active&q=ben").content.decode()
    assert f">{table.pk}<" in page
    assert staff.get(f"/admin/tables/table/{table.pk}/change/").status_code == 200


def test_a_finished_table_asks_nobody_anything(users, staff):
    """Koryo's engine still words a question for a finished game's last state
    ("finish"); the table keeps none, so neither a page nor the admin shows
    one (the prompt goes with `to_act`)."""
    from games import registry
    from tables import present

    table = play_random_moves(start_table("koryo", users[:2], seed=5), users[:2], 2000, seed=5)
    assert table.status == "finished"
    last = registry.get("koryo").engine.prompt(state_of(table))
    assert last == "finish"
    assert table.to_act == [] and table.prompt == ""
    page = staff.get(f"/admin/tables/table/{table.pk}/change/").content.decode()
    field = page.split("field-prompt_text")[1].split("form-row")[0]
    shown = re.search(r'<div class="readonly">(.*?)</div>', field, re.S).group(1)
    assert shown.strip() == ""
    assert present.fill(last, present.names_of(table)) not in shown


def test_a_moderator_cancels_a_table(users, staff):
    table = start_table("coup", users[:2])
    staff.post("/admin/tables/table/", {"action": "cancel_tables", "_selected_action": [table.pk]})
    table.refresh_from_db()
    assert table.status == "aborted" and table.to_act == []


def test_a_moderator_drops_a_player_and_the_seat_plays_on(users, staff):
    table = start_table("coup", users[:2])
    seat = Seat.objects.get(table=table, number=table.to_act[0])
    staff.post("/admin/tables/seat/", {"action": "drop_players", "_selected_action": [seat.pk]})
    seat.refresh_from_db()
    assert seat.dropped and "moderator" in seat.drop_reason
    assert Move.objects.filter(table=table, kind="dropped").exists()
    page = staff.get(f"/admin/tables/seat/{seat.pk}/change/").content.decode()
    assert "Dropped by the moderator" in page


def test_a_moderator_gives_more_time(users, staff, frozen):
    table = start_table("coup", users[:2], time_control=hour_control())
    seat = Seat.objects.get(table=table, number=table.to_act[0])
    before = seat.deadline_at
    staff.post("/admin/tables/seat/", {"action": "extend_one_day", "_selected_action": [seat.pk]})
    seat.refresh_from_db()
    assert seat.deadline_at == before + timedelta(days=1)


def test_the_move_log_is_read_only(users, staff):
    table = play_random_moves(start_table("coup", users[:3]), users[:3], 3)
    move = Move.objects.filter(table=table).first()
    assert staff.get("/admin/tables/move/").status_code == 200
    page = staff.get(f"/admin/tables/move/{move.pk}/change/").content.decode()
    assert 'name="_save"' not in page
    assert staff.post(f"/admin/tables/move/{move.pk}/delete/", {"post": "yes"}).status_code == 403
    assert staff.get("/admin/tables/move/add/").status_code == 403


def test_a_moderator_resends_or_cancels_notifications(
    users, staff, mailoutbox, django_capture_on_commit_callbacks, settings
):
    settings.TURN_EMAIL_DELAY_SECONDS = 0
    start_table("coup", users[:2])
    start_table("coup", users[2:4])
    first, second = Notification.objects.order_by("pk")
    staff.post(
        "/admin/notifications/notification/", {"action": "cancel", "_selected_action": [second.pk]}
    )
    second.refresh_from_db()
    assert second.status == "cancelled"
    with django_capture_on_commit_callbacks(execute=True):
        staff.post(
            "/admin/notifications/notification/",
            {"action": "resend", "_selected_action": [first.pk]},
        )
    first.refresh_from_db()
    assert first.status == "sent"
    assert [m.to for m in mailoutbox] == [[first.user.email]]
