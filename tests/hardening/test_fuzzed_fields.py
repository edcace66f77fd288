"""Every field of the API and of the site's forms, sent extreme numbers,
wrong types, NUL and very long strings: the answer is a 4xx (or, for a value
that happens to be fine, a success), never a 500, and a refusal writes no
row (issue 12, point 7). Hypothesis draws a bounded number of examples per
field group, so the suite stays quick."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from accounts.models import ApiToken, Profile, Vacation
from games import registry
from games.engine import find_move
from tables.models import Invitation, Move, Seat, Table
from tests.conftest import ApiClient, login_client, start_table

EXAMPLES = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

HUGE = 10**30
nasty_strings = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.sampled_from("a\x00\u202e\ufdfd"), min_size=1, max_size=20),
    st.just("\x00"),
    st.just("x" * 100_000),
    st.sampled_from(["", " ", "0", "-1", "1e400", "NaN", "null", "[]", "{}", "2.0", "9999-12-31"]),
)
nasty_numbers = st.one_of(
    st.integers(min_value=-HUGE, max_value=HUGE),
    st.sampled_from([0, -1, 2**31, 2**63, -(2**63) - 1, HUGE]),
    st.floats(allow_nan=False, allow_infinity=False),
)
nasty_scalars = st.one_of(nasty_numbers, nasty_strings, st.booleans(), st.none())
nasty = st.recursive(
    nasty_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(nasty_strings, inner, max_size=3)
    ),
    max_leaves=6,
)

TABLE_FIELDS = [
    "game",
    "options",
    "max_players",
    "time_control",
    "time_bank_seconds",
    "time_increment_seconds",
    "time_cap_seconds",
    "max_timeouts",
    "invite",
]
CUSTOM = {
    "game": "coup",
    "time_control": "custom",
    "time_bank_seconds": 60,
    "time_increment_seconds": 0,
    "time_cap_seconds": 60,
}


def refused_or_fine(response, *, rows_before: dict, rows_after: dict) -> None:
    assert response.status_code < 500, response.content[:300]
    if response.status_code >= 400:
        assert rows_after == rows_before
        if response.headers.get("Content-Type", "").startswith("application/json"):
            assert isinstance(response.json()["detail"], str | list)


def counts() -> dict:
    return {
        model.__name__: model.objects.count()
        for model in (Table, Seat, Move, Invitation, Vacation, ApiToken, get_user_model())
    }


def post_json(api: ApiClient, path: str, body) -> object:
    return api.client.post(
        path, data=json.dumps(body), content_type="application/json", headers=api._headers()
    )


# -- the API -------------------------------------------------------------------------


@pytest.fixture
def bot(users):
    return ApiClient(users[0])


def assert_engine_values(table: Table) -> None:
    """A table keeps the engine's own option values, of the engine's types."""
    engine = registry.get(table.game).engine
    for opt in engine.options:
        offered = [value for value, _ in opt.choices]
        assert find_move(offered, table.options[opt.key]) is not None, table.options


# The probe's own findings are always among the examples.
@example(field="game", value=None, option=True).via("decimal option")
@example(field="time_bank_seconds", value=10**18, option=False).via("huge time bank")
@example(field="time_increment_seconds", value=10**18, option=False).via("huge increment")
@example(field="invite", value=["be\x00n"], option=False).via("NUL in a name")
@EXAMPLES
@given(field=st.sampled_from(TABLE_FIELDS), value=nasty, option=st.booleans())
def test_opening_a_table_with_any_field_gone_wrong(bot, field, value, option):
    body = dict(CUSTOM)
    if option:
        body["options"] = {"rounds_to_win": 2.0 if value is None else value}
    else:
        body[field] = value
    before = counts()
    response = post_json(bot, "/api/tables", body)
    refused_or_fine(response, rows_before=before, rows_after=counts())
    for table in Table.objects.all():
        assert_engine_values(table)
    Table.objects.all().delete()


@pytest.fixture
def coup_table(users):
    return start_table("coup", users[:3])


@EXAMPLES
@given(version=st.one_of(st.just(0), nasty), move=nasty, action=nasty_scalars)
def test_a_move_with_any_field_gone_wrong(users, coup_table, version, move, action):
    bot = ApiClient(users[coup_table.to_act[0]])
    before = counts()
    for body in (
        {"version": version, "move": move},
        {"version": 0, "move": {"action": action, "target": move}},
    ):
        response = post_json(bot, f"/api/tables/{coup_table.pk}/moves", body)
        if response.status_code == 200:
            return  # a legal move by chance: fine, and the last of this example
        refused_or_fine(response, rows_before=before, rows_after=counts())


@EXAMPLES
@given(orders=nasty, challenges=nasty)
def test_standing_orders_with_any_field_gone_wrong(users, coup_table, orders, challenges):
    bot = ApiClient(users[0])
    for body in ({"orders": orders}, {"orders": {"challenges": challenges}}):
        before = Seat.objects.get(table=coup_table, number=0).standing_orders
        response = bot.client.put(
            f"/api/tables/{coup_table.pk}/standing-orders",
            data=json.dumps(body),
            content_type="application/json",
            headers=bot._headers(),
        )
        assert response.status_code < 500
        if response.status_code >= 400:
            assert Seat.objects.get(table=coup_table, number=0).standing_orders == before


@EXAMPLES
@given(table_id=st.one_of(st.integers(min_value=-HUGE, max_value=HUGE), nasty_strings))
def test_any_table_address(bot, table_id):
    for path in (f"/api/tables/{table_id}", f"/api/tables/{table_id}/log"):
        assert bot.client.get(path, headers=bot._headers()).status_code < 500


# -- the site's forms ------------------------------------------------------------------

FORMS = {
    "/tables/new/": ["max_players", "opt_rounds_to_win", "opt_factions", "time_control"],
    # "dates": the first and the last day away both.
    "/accounts/profile/": ["starts_on", "ends_on", "dates", "email"],
    "/accounts/tokens/": ["name"],
}
BASE = {
    "/tables/new/": {"game": "coup", "max_players": "3", "time_control": "normal"},
    "/accounts/profile/": {"form": "vacation", "starts_on": "2026-12-10", "ends_on": "2026-12-11"},
    "/accounts/tokens/": {"name": "bot"},
}


@example(path="/accounts/profile/", pick=2, value="9999-12-31").via("the calendar's end")
@EXAMPLES
@given(
    path=st.sampled_from(sorted(FORMS)),
    pick=st.integers(min_value=0, max_value=3),
    value=nasty_strings,
)
def test_a_form_with_any_field_gone_wrong(users, frozen, path, pick, value):
    client = login_client(users[0])
    data = dict(BASE[path])
    field = FORMS[path][pick % len(FORMS[path])]
    if field == "dates":
        data["starts_on"] = data["ends_on"] = value
    else:
        data[field] = value
    before = counts()
    response = client.post(path, data)
    assert response.status_code < 500
    if b"errorlist" in response.content:  # refused: the form shown again, nothing written
        assert counts() == before
    Table.objects.all().delete()
    Vacation.objects.all().delete()
    ApiToken.objects.all().delete()


@example(username="be\x00n", move="[" * 5000 + "]" * 5000, version="0").via("NUL, deep JSON")
@EXAMPLES
@given(username=nasty_strings, move=nasty_strings, version=nasty_strings)
def test_the_table_page_forms_with_any_field_gone_wrong(users, username, move, version):
    table = start_table("coup", users[:2])
    open_table = Table.objects.create(
        game="coup", options={}, max_players=3, creator=users[0], seed=1, engine_version=1
    )
    Seat.objects.create(table=open_table, number=0, user=users[0])
    client = login_client(users[table.to_act[0]])
    before = counts()
    for path, data in (
        (f"/tables/{open_table.pk}/invite/", {"username": username}),
        (f"/tables/{table.pk}/move/", {"move": move, "version": version}),
        (f"/tables/{table.pk}/orders/", {"challenges": username, "blocks": move}),
    ):
        response = client.post(path, data, headers={"HX-Request": "true"})
        assert response.status_code < 500
    # No value drawn here is a legal move, a known player or a standing order.
    assert counts() == before


@EXAMPLES
@given(username=nasty_strings, email=nasty_strings, password=nasty_strings)
def test_signing_up_and_logging_in_with_any_field_gone_wrong(client, db, username, email, password):
    before = counts()
    response = client.post(
        "/accounts/signup/",
        {"username": username, "email": email, "password1": password, "password2": password},
    )
    assert response.status_code < 500
    if b"errorlist" in response.content:
        assert counts() == before
    client.logout()
    get_user_model().objects.all().delete()
    Profile.objects.all().delete()
    login = client.post("/accounts/login/", {"username": username, "password": password})
    assert login.status_code < 500


# -- a player's time zone and playing hours ---------------------------------------------

SCHEDULE = {
    "form": "schedule",
    "time_zone": "Europe/Paris",
    "keeps": "hours",
    "hours_start": "08:00",
    "hours_end": "23:00",
    "days_off": "sat",
}


def profile_row(user) -> dict:
    return Profile.objects.filter(user=user).values().get()


@EXAMPLES
@given(field=st.sampled_from(sorted(SCHEDULE)), value=nasty_strings)
def test_the_hours_form_with_any_field_gone_wrong(users, field, value):
    client = login_client(users[0])
    before = profile_row(users[0])
    response = client.post("/accounts/profile/", {**SCHEDULE, field: value})
    assert response.status_code < 500
    if b"errorlist" in response.content:
        assert profile_row(users[0]) == before


hours_bodies = st.one_of(
    nasty,
    st.fixed_dictionaries({"time_zone": nasty_scalars}),
    st.fixed_dictionaries(
        {"playing_hours": st.fixed_dictionaries({"start": nasty, "end": nasty, "days_off": nasty})}
    ),
)


@EXAMPLES
@given(body=hours_bodies)
def test_my_hours_in_the_api_with_any_field_gone_wrong(bot, users, body):
    before = profile_row(users[0])
    response = bot.patch("/api/me", body)
    assert response.status_code < 500, response.content[:300]
    if response.status_code >= 400:
        assert profile_row(users[0]) == before
        assert isinstance(response.json()["detail"], str)
