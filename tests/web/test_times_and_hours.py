"""Every time a player reads is in their own zone, labelled (the table page,
the chat, the whole-game log, an email); the table page and the API show a
clock paused outside its player's hours; the settings page and sign-up set
the zone and hours; the header's count says in words how many games wait,
and links to the next one."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.core.cache import cache
from django.test import Client

from accounts.models import Profile
from accounts.services import schedule_set
from chat.models import Message
from notifications import delivery
from notifications.models import Notification
from tables import services
from tables.models import Seat, Table
from tests.clocks.helpers import HOUR, hour_control
from tests.conftest import ApiClient, login_client, start_table
from tests.players.test_player_pages import text as words

pytestmark = pytest.mark.django_db

PARIS_HOURS = {"start": "08:00", "end": "23:00", "days_off": []}


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # the readers' zones are kept in it
    yield
    cache.clear()


def ana_to_act(users, frozen, at: datetime) -> Table:
    """Ana (Paris, 08:00-23:00) and Ben (Seoul, all day); Ana asked at `at`."""
    schedule_set(user=users[0], time_zone="Europe/Paris", hours=PARIS_HOURS)
    schedule_set(user=users[1], time_zone="Asia/Seoul")
    frozen.set(at)
    table = start_table("coup", users[:2], time_control=hour_control(bank=3 * HOUR, cap=3 * HOUR))
    if users[table.to_act[0]] != users[0]:
        services.move_submit(table_id=table.pk, user=users[1], version=0, move={"action": "income"})
        table.refresh_from_db()
    assert users[table.to_act[0]] == users[0]
    return table


def clock_chip(page: str, name: str) -> str:
    chip = page.split(f">{name}</a>", 1)[1]
    return chip.split("</li>", 1)[0]


def test_the_table_page_shows_a_clock_paused_outside_its_players_hours(users, frozen):
    # Monday 23:30 in Paris, 07:30 on Tuesday in Seoul.
    table = ana_to_act(users, frozen, utc(2026, 3, 2, 22, 30))
    seat = Seat.objects.get(table=table, user=users[0])
    assert seat.deadline_at == utc(2026, 3, 3, 10)  # Tuesday 11:00 in Paris

    ben = login_client(users[1]).get(f"/tables/{table.pk}/").content.decode()
    chip = clock_chip(ben, "ana")
    assert "paused until Tue 08:00 their time (16:00 your time)" in chip
    assert 'class="clock paused"' in chip
    assert "time runs out 19:00 KST" in chip  # Tuesday 11:00 in Paris
    ana = login_client(users[0]).get(f"/tables/{table.pk}/").content.decode()
    assert "paused until Tue 08:00 your time" in clock_chip(ana, "ana")
    assert "time runs out Tue 11:00 CET" in clock_chip(ana, "ana")
    visitor = Client().get(f"/tables/{table.pk}/").content.decode()
    assert "paused until Tue 08:00 their time (Tue 07:00 UTC)" in clock_chip(visitor, "ana")

    api = ApiClient(users[1]).get(f"/api/tables/{table.pk}").json()
    by_name = {s["username"]: s for s in api["seats"]}
    assert by_name["ana"]["paused_until"] == "2026-03-03T07:00:00+00:00"
    assert by_name["ben"]["paused_until"] is None

    # At 08:00 in Paris the clock runs again: a countdown, no pause text.
    frozen.set(utc(2026, 3, 3, 7, 1))
    ben = login_client(users[1]).get(f"/tables/{table.pk}/").content.decode()
    chip = clock_chip(ben, "ana")
    assert "paused" not in chip and "left</span>" in chip


def test_the_lobby_shows_my_own_paused_clocks(users, frozen, django_assert_max_num_queries):
    table = ana_to_act(users, frozen, utc(2026, 3, 2, 22, 30))
    client = login_client(users[0])
    client.get("/")
    with django_assert_max_num_queries(10):
        lobby = client.get("/").content.decode()
    mine = lobby.split(f"#{table.pk}</strong>", 1)[1].split("</li>", 1)[0]
    assert "paused until Tue 08:00 your time" in mine and "data-pauses" in mine


def test_the_countdown_knows_the_pauses_ahead(users, frozen):
    # Monday 22:00 in Paris: an hour runs, then the night, then two hours.
    table = ana_to_act(users, frozen, utc(2026, 3, 2, 21))
    page = login_client(users[1]).get(f"/tables/{table.pk}/").content.decode()
    chip = clock_chip(page, "ana")
    assert "paused" not in chip.split("data-pauses")[0]
    assert (
        'data-pauses="[[&quot;2026-03-02T22:00:00+00:00&quot;, '
        "&quot;2026-03-03T07:00:00+00:00&quot;, &quot;paused until Tue 08:00 their time "
        '(16:00 your time)&quot;]]"' in chip
    )


def test_the_page_with_paused_clocks_costs_no_more_queries(
    users, frozen, django_assert_max_num_queries
):
    table = ana_to_act(users, frozen, utc(2026, 3, 2, 22, 30))
    client = login_client(users[1])
    client.get(f"/tables/{table.pk}/")
    # The table and its state, the seats with their players' hours, the
    # session, the reader, the vacations, the log, and the chat's four.
    with django_assert_max_num_queries(10):
        client.get(f"/tables/{table.pk}/")
    with django_assert_max_num_queries(6):
        client.get(f"/tables/{table.pk}/board/")


def test_the_chat_and_the_log_are_in_the_readers_zone(users, frozen):
    schedule_set(user=users[0], time_zone="Europe/Paris")
    schedule_set(user=users[1], time_zone="Asia/Kolkata")
    table = start_table("coup", users[:2])
    message = Message.objects.create(table=table, channel="players", author=users[0], text="hi")
    Message.objects.filter(pk=message.pk).update(created_at=utc(2026, 3, 2, 13, 5))
    table.moves.update(created_at=utc(2026, 3, 2, 13, 6))
    services.move_submit(
        table_id=table.pk, user=users[table.to_act[0]], version=0, move={"action": "income"}
    )
    table.moves.update(created_at=utc(2026, 3, 2, 13, 6))
    paris = login_client(users[0]).get(f"/tables/{table.pk}/").content.decode()
    assert "2 Mar, 14:05 CET</time>" in paris
    kolkata = login_client(users[1]).get(f"/tables/{table.pk}/").content.decode()
    assert "2 Mar, 18:35 IST</time>" in kolkata
    spectator = login_client(users[2]).get(f"/tables/{table.pk}/").content.decode()
    assert "2 Mar, 13:05 UTC</time>" in spectator
    log = login_client(users[0]).get(f"/tables/{table.pk}/log/").content.decode()
    assert "2 Mar 14:06 CET</time>" in log
    # The chat's own poll draws the same.
    poll = (
        login_client(users[1])
        .get(f"/tables/{table.pk}/chat/", headers={"HX-Request": "true"})
        .content.decode()
    )
    assert "18:35 IST" in poll


def test_a_zone_without_letters_is_labelled_by_its_offset(users):
    schedule_set(user=users[0], time_zone="Asia/Dubai")
    table = start_table("coup", users[:2])
    message = Message.objects.create(table=table, channel="players", author=users[1], text="hi")
    Message.objects.filter(pk=message.pk).update(created_at=utc(2026, 3, 2, 13, 5))
    page = login_client(users[0]).get(f"/tables/{table.pk}/").content.decode()
    assert "2 Mar, 17:05 UTC+4</time>" in page


def test_a_turn_email_is_in_its_readers_zone(users, frozen, mailoutbox, settings):
    settings.TURN_EMAIL_DELAY_SECONDS = 0
    schedule_set(user=users[0], time_zone="America/New_York")
    frozen.set(utc(2026, 3, 2, 15))  # Monday 10:00 in New York
    table = start_table("coup", users[:2], time_control=hour_control(bank=3 * HOUR, cap=3 * HOUR))
    if users[table.to_act[0]] != users[0]:
        services.move_submit(table_id=table.pk, user=users[1], version=0, move={"action": "income"})
    row = Notification.objects.get(kind="turn", user=users[0])
    mailoutbox.clear()
    assert delivery.deliver(row.pk, now=frozen.now)
    (mail,) = mailoutbox
    assert "You have 3 h to move, until 13:00 EST." in mail.body
    assert "until 13:00 EST" in mail.alternatives[0][0]


# -- settings and sign-up --------------------------------------------------------------


def schedule_form(**fields) -> dict:
    data = {
        "form": "schedule",
        "time_zone": "Europe/Paris",
        "keeps": "hours",
        "hours_start": "08:00",
        "hours_end": "23:00",
    }
    data.update(fields)
    return data


def test_the_settings_page_sets_the_zone_and_hours(users):
    client = login_client(users[0])
    page = client.get("/accounts/profile/").content.decode()
    assert "all day, every day" in page and 'value="Europe/Paris"' in page
    response = client.post(
        "/accounts/profile/", schedule_form(days_off=["sat", "sun"]), follow=True
    )
    page = response.content.decode()
    assert "Your time zone and playing hours are saved." in page
    assert "08:00 to 23:00, not on Saturdays and Sundays" in page
    profile = Profile.objects.get(user=users[0])
    assert (profile.time_zone, profile.days_off) == ("Europe/Paris", ["sat", "sun"])
    # Back to all day: the hours go, the zone stays.
    client.post("/accounts/profile/", schedule_form(keeps="all"))
    profile.refresh_from_db()
    assert (profile.time_zone, profile.hours_start) == ("Europe/Paris", None)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"hours_end": "15:00"}, "they must cover at least 8"),
        ({"days_off": ["mon", "tue", "wed"]}, "you chose 3"),
        ({"hours_start": ""}, "Give the time your hours start and end."),
        ({"hours_start": "8 o&#x27;clock"}, "Enter a valid time."),
        ({"time_zone": "Mars/Olympus"}, "Select a valid choice."),
    ],
)
def test_the_settings_page_refuses_what_no_player_may_keep(users, fields, words):
    client = login_client(users[0])
    response = client.post("/accounts/profile/", schedule_form(**fields))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Please correct" in page and words in page
    profile = Profile.objects.get(user=users[0])
    assert (profile.time_zone, profile.hours_start, profile.days_off) == ("UTC", None, [])


@pytest.mark.parametrize(
    ("sent", "kept"),
    [("America/Sao_Paulo", "America/Sao_Paulo"), ("Nowhere/Land", "UTC"), ("", "UTC")],
)
def test_sign_up_takes_the_zone_the_browser_reports(client, sent, kept):
    page = client.get("/accounts/signup/").content.decode()
    assert 'name="time_zone"' in page and "data-guess-zone" in page
    client.post(
        "/accounts/signup/",
        {
            "username": "zoe",
            "email": "zoe@example.org",
            "password1": "a-Long-pass-77",
            "password2": "a-Long-pass-77",
            "time_zone": sent,
        },
    )
    assert Profile.objects.get(user__username="zoe").time_zone == kept


def test_a_change_of_zone_reaches_the_pages_at_once(users, django_capture_on_commit_callbacks):
    client = login_client(users[0])
    table = start_table("coup", users[:2])
    message = Message.objects.create(table=table, channel="players", author=users[1], text="hi")
    Message.objects.filter(pk=message.pk).update(created_at=utc(2026, 3, 2, 13, 5))
    assert "13:05 UTC" in client.get(f"/tables/{table.pk}/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        ApiClient(users[0]).patch("/api/me", {"time_zone": "Asia/Tokyo"})
    assert "22:05 JST" in client.get(f"/tables/{table.pk}/").content.decode()


# -- the header's count ----------------------------------------------------------------


def test_the_header_count_says_it_in_words_and_links_to_the_next_table(users, frozen):
    client = login_client(users[0])
    none = client.get("/tables/waiting/").content.decode()
    assert 'data-count="0"' in none and "No game waits for you" in none and "<a " not in none

    frozen.set(utc(2026, 3, 2, 9))
    slow = start_table("coup", users[:2], time_control=hour_control(bank=5 * HOUR, cap=5 * HOUR))
    quick = start_table("coup", users[:2], time_control=hour_control(bank=2 * HOUR))
    frozen.set(utc(2026, 3, 2, 10))
    untimed = start_table("coup", users[:2])
    for table in (slow, quick, untimed):
        if users[table.to_act[0]] != users[0]:
            services.move_submit(
                table_id=table.pk, user=users[1], version=0, move={"action": "income"}
            )
    header = client.get("/tables/waiting/").content.decode()
    assert "3 games wait for you" in words(header) and 'data-count="3"' in header
    assert f'href="/tables/{quick.pk}/"' in header  # the first deadline
    services.move_submit(
        table_id=quick.pk,
        user=users[0],
        version=quick.refresh_from_db() or quick.version,
        move={"action": "income"},
    )
    services.move_submit(
        table_id=slow.pk,
        user=users[0],
        version=slow.refresh_from_db() or slow.version,
        move={"action": "income"},
    )
    header = client.get("/tables/waiting/").content.decode()
    assert "Your turn in 1 game" in words(header) and f'href="/tables/{untimed.pk}/"' in header


def test_without_deadlines_the_header_links_to_the_table_waiting_longest(users, frozen):
    client = login_client(users[0])
    tables = []
    for hour in (9, 8, 10):
        frozen.set(utc(2026, 3, 2, hour))
        table = start_table("coup", users[:2])
        if users[table.to_act[0]] != users[0]:
            services.move_submit(
                table_id=table.pk, user=users[1], version=0, move={"action": "income"}
            )
        tables.append(table)
    header = client.get("/tables/waiting/").content.decode()
    assert f'href="/tables/{tables[1].pk}/"' in header  # asked at 08:00


def test_operators_read_the_admin_in_their_own_zone(users):
    operator = users[5]
    operator.is_staff = operator.is_superuser = True
    operator.save()
    schedule_set(user=operator, time_zone="Asia/Seoul")
    row = Notification.objects.create(
        key="x",
        kind="invitation",
        user=users[0],
        created_at=utc(2026, 3, 2, 13, 5),
        due_at=utc(2026, 3, 2, 13, 5),
    )
    client = login_client(operator)
    listing = client.get("/admin/notifications/notification/")
    assert listing.status_code == 200
    page = listing.content.decode()
    assert "10:05 p.m." in page or "22:05" in page, page[page.find("field-created_at") :][:200]
    # The date drill-down counts days in that zone too.
    assert client.get("/admin/notifications/notification/?created_at__year=2026").status_code == 200
    assert client.get(f"/admin/notifications/notification/{row.pk}/change/").status_code == 200


def test_the_admin_keeps_to_hours_a_player_could_set(users):
    from datetime import time

    from django.core.exceptions import ValidationError

    profile = Profile.objects.get(user=users[0])
    for fields, where in (
        ({"time_zone": "Mars/Olympus"}, "time_zone"),
        ({"hours_start": time(9), "hours_end": time(12)}, "hours_end"),
        ({"hours_start": time(9)}, "hours_end"),
        ({"days_off": ["sat", "sun", "mon"]}, "days_off"),
        ({"days_off": ["sab"]}, "days_off"),
    ):
        for name, value in fields.items():
            setattr(profile, name, value)
        with pytest.raises(ValidationError) as err:
            profile.full_clean()
        assert where in err.value.message_dict, (fields, err.value)
        profile.refresh_from_db()
    profile.time_zone, profile.hours_start, profile.hours_end = "Asia/Seoul", time(22), time(7)
    profile.full_clean()
