"""Each bad input the probe found gets a clear 4xx and writes nothing; the
pages of a table stay readable (issue 12, points 1 to 6)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from accounts.models import Vacation
from games import registry
from games.engine import InvalidOptions
from tables.models import Invitation, Move, Seat, Table
from tests.conftest import ApiClient, login_client, start_table
from tests.support.seeds import seed_deal

ENGINES = [entry.engine for entry in registry.all_games()]


# -- 1. options and standing orders are checked by type as well as value --------


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_an_option_of_the_wrong_type_is_refused_by_every_engine(engine):
    for opt in engine.options:
        for value, _ in opt.choices:
            twins = []
            if isinstance(value, bool):
                twins = [int(value), float(value), str(value).lower()]
            elif isinstance(value, int):
                twins = [float(value), str(value)] + ([bool(value)] if value in (0, 1) else [])
            for twin in twins:
                with pytest.raises(InvalidOptions):
                    engine.clean_options({opt.key: twin})


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_the_engine_keeps_its_own_value_for_an_option(engine):
    for opt in engine.options:
        for value, _ in opt.choices:
            cleaned = engine.clean_options({opt.key: value})[opt.key]
            assert type(cleaned) is type(value) and cleaned == value


def test_a_decimal_option_through_the_api_is_a_400_and_no_table(users):
    ana = ApiClient(users[0])
    response = ana.post("/api/tables", {"game": "coup", "options": {"rounds_to_win": 2.0}})
    assert response.status_code == 400
    assert "Rounds" in response.json()["detail"]
    assert not Table.objects.exists()


def test_a_table_opened_with_an_integer_option_keeps_its_pages(users):
    ana = ApiClient(users[0])
    created = ana.post(
        "/api/tables", {"game": "coup", "options": {"rounds_to_win": 2}, "max_players": 2}
    )
    assert created.status_code == 201
    table_id = created.json()["id"]
    ApiClient(users[1]).post(f"/api/tables/{table_id}/join")
    seed_deal(table_id)
    assert ana.post(f"/api/tables/{table_id}/start").status_code == 200
    assert type(Table.objects.get(pk=table_id).options["rounds_to_win"]) is int
    page = login_client(users[0])
    assert page.get(f"/tables/{table_id}/").status_code == 200
    assert page.get(f"/tables/{table_id}/board/").status_code == 200


@pytest.mark.parametrize(
    "orders",
    [
        {"challenges": "always_pass", "sneaky": "yes"},
        {"challenges": "sometimes"},
        {"challenges": 1},
        {"blocks": None},
    ],
)
def test_unknown_or_wrong_standing_orders_are_a_400_and_change_nothing(users, orders):
    table = start_table("coup", users[:3])
    ana = ApiClient(users[0])
    response = ana.put(f"/api/tables/{table.pk}/standing-orders", {"orders": orders})
    assert response.status_code == 400
    assert response.json()["detail"]
    assert Seat.objects.get(table=table, number=0).standing_orders == {}


# -- 2. custom time controls are bounded before a duration is made ---------------


@pytest.mark.parametrize(
    "seconds",
    [
        {"time_bank_seconds": 10**18, "time_increment_seconds": 0, "time_cap_seconds": 10**18},
        {"time_bank_seconds": 60, "time_increment_seconds": 10**18, "time_cap_seconds": 60},
        {"time_bank_seconds": 60, "time_increment_seconds": 0, "time_cap_seconds": 10**18},
        {"time_bank_seconds": -(10**18), "time_increment_seconds": 0, "time_cap_seconds": 60},
    ],
)
def test_a_huge_custom_time_control_is_a_400(users, seconds):
    ana = ApiClient(users[0])
    response = ana.post("/api/tables", {"game": "coup", "time_control": "custom", **seconds})
    assert response.status_code == 400
    assert "30 days" in response.json()["detail"]
    assert not Table.objects.exists()


# -- 3. NUL in an invited username -------------------------------------------------


def _open_table(users):
    from tables import services

    return services.table_create(creator=users[0], game="coup", max_players=3)


def test_a_nul_in_an_invited_username_is_a_400_in_the_api(users):
    ana = ApiClient(users[0])
    response = ana.post("/api/tables", {"game": "coup", "invite": ["be\x00n"]})
    assert response.status_code == 400
    assert "NUL" in response.json()["detail"]
    assert not Table.objects.exists() and not Invitation.objects.exists()


def test_a_nul_in_the_invite_form_is_refused_with_a_message(users):
    table = _open_table(users)
    page = login_client(users[0])
    response = page.post(f"/tables/{table.pk}/invite/", {"username": "be\x00n"}, follow=True)
    assert response.status_code == 200
    assert "Null characters are not allowed" in response.content.decode()
    assert not Invitation.objects.exists()


# -- 4. deeply nested JSON in the HTML move form -----------------------------------


def test_deeply_nested_json_in_the_move_form_is_a_400(users):
    table = start_table("coup", users[:2])
    page = login_client(users[table.to_act[0]])
    deep = "[" * 5000 + "]" * 5000
    response = page.post(
        f"/tables/{table.pk}/move/", {"move": deep, "version": "0"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 400
    assert "could not be read" in response.content.decode()
    assert not Move.objects.exists()


def test_the_api_gives_400_for_the_same_body(users):
    table = start_table("coup", users[:2])
    bot = ApiClient(users[table.to_act[0]])
    body = '{"version": 0, "move": ' + "[" * 5000 + "]" * 5000 + "}"
    response = bot.client.post(
        f"/api/tables/{table.pk}/moves",
        data=body,
        content_type="application/json",
        headers=bot._headers(),
    )
    assert response.status_code == 400
    assert not Move.objects.exists()


# -- 5. vacation dates are bounded -------------------------------------------------


@pytest.mark.parametrize(
    "days",
    [
        ("9999-12-31", "9999-12-31"),
        ("9999-12-20", "9999-12-31"),
        ("2027-12-31", "9999-12-31"),
    ],
)
def test_a_vacation_near_the_end_of_the_calendar_is_refused(users, frozen, days):
    page = login_client(users[0])
    response = page.post(
        "/accounts/profile/", {"form": "vacation", "starts_on": days[0], "ends_on": days[1]}
    )
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()
    assert not Vacation.objects.exists()


def test_a_vacation_a_few_months_ahead_is_still_booked(users, frozen):
    page = login_client(users[0])
    start = frozen.now.date() + timedelta(days=120)
    response = page.post(
        "/accounts/profile/",
        {"form": "vacation", "starts_on": start, "ends_on": start + timedelta(days=3)},
    )
    assert response.status_code == 302
    assert Vacation.objects.get().starts_on == start


def test_a_vacation_more_than_a_year_ahead_is_refused(users, frozen):
    from accounts import vacations

    today = frozen.now.date()
    start = today + timedelta(days=vacations.BOOKING_AHEAD_DAYS + 1)
    with pytest.raises(vacations.VacationError):
        vacations.vacation_add(user=users[0], starts_on=start, ends_on=start, today=today)
    assert not Vacation.objects.exists()


# -- 6. every API error is JSON ----------------------------------------------------


@pytest.mark.parametrize("debug", [False, True], ids=["production", "development"])
@pytest.mark.parametrize("path", ["/api/tables", "/api/tables/1/moves"])
def test_a_3_mb_api_body_gets_a_json_413(users, settings, debug, path):
    settings.DEBUG = debug  # django-ninja answered a traceback (500) in development
    ana = ApiClient(users[0])
    body = json.dumps({"game": "coup", "invite": ["x" * 3_000_000]})
    response = ana.client.post(
        path, data=body, content_type="application/json", headers=ana._headers()
    )
    assert response.status_code == 413
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == {"detail": "The request body is too large: at most 2.5 MB."}
    assert not Table.objects.exists()


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("get", "/api/no-such-thing", 404),
        ("delete", "/api/games", 405),
        ("get", "/api/tables/999999", 404),
    ],
)
def test_other_api_errors_are_json_too(users, method, path, status):
    ana = ApiClient(users[0])
    response = getattr(ana.client, method)(path, headers=ana._headers())
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["detail"]
