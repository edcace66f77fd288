"""Which pushes are written into the outbox, in the move's transaction, and
which of them go: one row per notice and device, the player's push choice
beside their email choices, the rule of the turn email (not while on the
site, not twice until they look or move)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts import presence
from accounts.models import Profile
from accounts.services import schedule_set
from games import registry
from notifications import delivery
from notifications.models import Notification
from tables import services
from tables.models import Table
from tests.clocks.helpers import MIN
from tests.conftest import start_table, state_of
from tests.notifications.test_outbox_rules import broker_down  # noqa: F401 - a fixture
from tests.push.helpers import coup_tax, users_by_seat

PUSH = Notification.Channel.PUSH


def rows(**filters):
    return Notification.objects.filter(**filters).order_by("pk")


def test_each_device_has_its_own_row_and_each_gets_the_push(users, device, push_service, vapid):
    ana, ben = users[:2]
    devices = {(user.pk, name): device(user, name) for user in (ana, ben) for name in ("a", "b")}
    table, asked = coup_tax([ana, ben])
    player = users_by_seat(table)[asked]
    told = rows(channel=PUSH, version=table.version)
    assert {r.subscription_id for r in told} == {devices[player.pk, n][0].pk for n in "ab"}
    assert len({r.key for r in told}) == 2
    for row in told:
        assert delivery.deliver(row.pk) is True
    by_path = {r.path: r for r in push_service.received}
    for name in "ab":
        payload = devices[player.pk, name][1].decrypt(by_path[f"/push/{player.username}-{name}"])
        assert payload["tag"] == f"table-{table.pk}"


@pytest.mark.parametrize(
    ("choices", "told_by"),
    [
        # A player on the email digest may still have pushes at once.
        ({"notify_turn": Profile.Notify.DIGEST}, [PUSH]),
        ({"notify_push": Profile.Notify.NEVER}, ["email"]),
    ],
)
def test_the_push_choice_stands_beside_the_emails(users, device, vapid, choices, told_by):
    ana, ben = users[:2]
    for user in (ana, ben):
        device(user)
    Profile.objects.filter(user__in=[ana, ben]).update(**choices)
    table, asked = coup_tax([ana, ben])
    player = users_by_seat(table)[asked]
    assert [r.channel for r in rows(user=player, version=table.version)] == told_by


def test_with_push_off_no_push_is_written_and_no_device_is_looked_up(users, device, settings):
    ana, ben = users[:2]
    for user in (ana, ben):
        device(user)
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    table = start_table("coup", [ana, ben])
    actor = users_by_seat(table)[table.to_act[0]]
    with CaptureQueriesContext(connection) as queries:
        services.move_submit(
            table_id=table.pk, user=actor, version=table.version, move={"action": "tax"}
        )
    assert not rows(channel=PUSH).exists()
    assert not any("push_pushsubscription" in q["sql"] for q in queries.captured_queries)


def test_a_push_waits_while_the_player_is_on_the_site(users, device, push_service, vapid, frozen):
    ana, ben = users[:2]
    for user in (ana, ben):
        device(user)
    table, asked = coup_tax([ana, ben])
    player = users_by_seat(table)[asked]
    row = rows(channel=PUSH, user=player, version=table.version).get()
    presence.touch(player.pk, frozen.now)
    assert delivery.deliver(row.pk, now=frozen.now) is False
    row.refresh_from_db()
    assert (row.status, row.due_at) == ("pending", frozen.now + presence.window())
    frozen.advance(presence.window() + MIN)  # the page was closed
    assert delivery.deliver(row.pk, now=frozen.now) is True
    assert len(push_service.received) == 1


def _answer(table: Table, seat: int) -> None:
    """The seat answers what it is asked: a pass, or Income, or else its
    first legal move."""
    legal = registry.get("coup").engine.legal_moves(state_of(table), seat)
    move = next((m for m in legal if m["action"] in ("pass", "income")), legal[0])
    user = users_by_seat(table)[seat]
    services.move_submit(table_id=table.pk, user=user, version=table.version, move=move)
    table.refresh_from_db()


def _play_until_asked(table: Table, seat: int) -> Table:
    """The other seats answer what they are asked until `seat` is asked."""
    for _ in range(20):
        table.refresh_from_db()
        if seat in table.to_act:
            return table
        _answer(table, table.to_act[0])
    raise AssertionError("the seat was never asked")


def test_a_device_is_told_about_a_table_once_until_the_player_moves(
    users, device, push_service, vapid
):
    players = users[:3]
    for user in players:
        device(user)
    table = start_table("coup", players)
    users = users_by_seat(table)
    actor = table.to_act[0]

    def play(seat: int, move: dict) -> None:
        services.move_submit(table_id=table.pk, user=users[seat], version=table.version, move=move)
        table.refresh_from_db()

    play(actor, {"action": "foreign_aid"})
    first, second = table.to_act  # both may block
    told = rows(channel=PUSH, user=users[first], version=table.version).get()
    assert delivery.deliver(told.pk) is True

    # The other blocks, the actor challenges the block: the first player is
    # no longer asked; then asked again, having neither looked nor moved.
    play(second, {"action": "block", "as": "duke"})
    play(actor, {"action": "challenge"})
    assert first not in table.to_act
    table = _play_until_asked(table, first)
    again = rows(channel=PUSH, user=users[first], status="pending").get()
    assert delivery.deliver(again.pk) is False
    again.refresh_from_db()
    assert again.error == "Already told about this table since the player was last here."

    # The player moves, and is asked again later by the others' moves: told.
    _answer(table, first)
    table = _play_until_asked(table, first)
    later = rows(channel=PUSH, user=users[first], status="pending").get()
    assert delivery.deliver(later.pk) is True
    phone = f"/push/{users[first].username}-phone"
    assert [r.path for r in push_service.received].count(phone) == 2


def test_the_reminder_goes_to_the_devices_too(users, device, push_service, vapid, frozen):
    ana, ben = users[:2]
    phones = {user.pk: device(user) for user in (ana, ben)}
    table = start_table("coup", [ana, ben], time_control="fast")
    seat = table.seats.get(number=table.to_act[0])
    frozen.advance(seat.remind_at - frozen.now + MIN)
    assert services.seat_remind(seat_id=seat.pk, now=frozen.now)
    row = rows(channel=PUSH, kind="reminder").get()
    assert row.user_id == seat.user_id
    assert delivery.deliver(row.pk, now=frozen.now) is True
    payload = phones[seat.user_id][1].decrypt(push_service.received[0])
    assert payload["title"] == f"Your time is nearly out in Coup #{table.pk}"
    assert payload["body"].endswith("left. Take a turn.")


def test_an_invitation_goes_to_the_devices_too(users, device, push_service, vapid):
    ana, ben = users[:2]
    _, ben_keys = device(ben)
    table = services.table_create(creator=ana, game="coup", max_players=3)
    services.table_invite(table_id=table.pk, user=ana, username="ben")
    row = rows(channel=PUSH, kind="invitation").get()
    assert delivery.deliver(row.pk) is True
    payload = ben_keys.decrypt(push_service.received[0])
    assert payload["title"] == "ana invites you to play Coup"
    assert payload["url"] == f"/tables/{table.pk}/"
    assert push_service.received[0].headers["topic"] == f"invite-{table.pk}"


@pytest.mark.usefixtures("broker_down")
def test_with_the_broker_down_a_push_waits_in_the_outbox_and_the_drain_sends_it(
    users, device, push_service, vapid, frozen, django_capture_on_commit_callbacks
):
    phones = {user.pk: device(user) for user in users[:2]}
    table = start_table("coup", users[:2])
    actor = table.to_act[0]
    with django_capture_on_commit_callbacks(execute=True):
        services.move_submit(
            table_id=table.pk,
            user=users_by_seat(table)[actor],
            version=table.version,
            move={"action": "tax"},
        )
    table.refresh_from_db()
    asked = 1 - actor
    player = users_by_seat(table)[asked]
    row = rows(channel=PUSH, user=player, version=table.version).get()
    assert row.status == "pending" and push_service.received == []
    frozen.advance(delivery.DRAIN_AFTER + MIN)
    delivery.drain(now=frozen.now)
    row.refresh_from_db()
    assert row.status == "sent"
    sent = [r for r in push_service.received if r.path == f"/push/{player.username}-phone"]
    assert phones[player.pk][1].decrypt(sent[0])["tag"] == f"table-{table.pk}"


def test_a_push_outside_the_players_hours_waits_for_their_opening(
    users, device, push_service, vapid, frozen
):
    late = datetime(2026, 3, 2, 22, 30, tzinfo=UTC)  # Monday 23:30 in Paris
    opening = datetime(2026, 3, 3, 7, tzinfo=UTC)  # Tuesday 08:00 in Paris
    for user in users[:2]:
        device(user)
        schedule_set(
            user=user,
            time_zone="Europe/Paris",
            hours={"start": "08:00", "end": "23:00", "days_off": []},
        )
    frozen.set(late)
    table, asked = coup_tax(users[:2])
    row = rows(channel=PUSH, user=users_by_seat(table)[asked], version=table.version).get()
    assert row.due_at == opening
    assert delivery.deliver(row.pk, now=late) is False  # a drain in the night
    row.refresh_from_db()
    assert (row.status, row.due_at, push_service.received) == ("pending", opening, [])
    frozen.set(opening + delivery.DRAIN_AFTER)
    delivery.drain(now=frozen.now)
    row.refresh_from_db()
    assert row.status == "sent" and len(push_service.received) == 1
