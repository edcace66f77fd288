"""Rate limits that do their job (issue 12, points 9 and 10): behind a proxy
they count each client's address, log-ins count per account as well, a 429
says when to come back, and moves are limited per user and per table far
above what play needs."""

from __future__ import annotations

import json

import pytest
from django.test import Client, RequestFactory

from config.limits import client_ip
from tests.conftest import PASSWORD, ApiClient, login_client, start_table

PROXY = "10.0.0.2"


@pytest.fixture
def limits(rate_limits):
    return rate_limits


def behind_proxy(address: str) -> Client:
    """A browser at `address`, reaching the site through the TLS proxy."""
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=address)


def _request(remote: str, forwarded: str | None = None):
    meta = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        meta["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **meta)


# -- 9. the client's address behind proxies ----------------------------------------


def test_without_trusted_proxies_the_header_is_ignored(settings):
    settings.TRUSTED_PROXIES = 0
    assert client_ip(_request(PROXY, "203.0.113.7")) == PROXY


def test_behind_one_proxy_the_address_it_saw_is_the_clients(settings):
    settings.TRUSTED_PROXIES = 1
    assert client_ip(_request(PROXY, "203.0.113.7")) == "203.0.113.7"
    # What a client writes in the header itself lies further left: ignored.
    assert client_ip(_request(PROXY, "198.51.100.1, 203.0.113.7")) == "203.0.113.7"
    assert client_ip(_request(PROXY, "not-an-address")) == PROXY
    assert client_ip(_request(PROXY)) == PROXY


def test_behind_two_proxies_the_farthest_ones_view_counts(settings):
    settings.TRUSTED_PROXIES = 2
    chain = "198.51.100.1, 203.0.113.7, 10.0.0.1"
    assert client_ip(_request(PROXY, chain)) == "203.0.113.7"


def test_one_clients_failed_log_ins_do_not_lock_out_the_others(users, limits):
    limits.TRUSTED_PROXIES = 1
    guesser = behind_proxy("203.0.113.7")
    for n in range(20):
        guesser.post("/accounts/login/", {"username": f"nobody{n}", "password": "wrong"})
    assert guesser.post("/accounts/login/", {"username": "x", "password": "y"}).status_code == 429
    ben = behind_proxy("198.51.100.20")
    response = ben.post("/accounts/login/", {"username": "ben", "password": PASSWORD})
    assert response.status_code == 302


def test_log_ins_are_limited_per_account_too(users, limits):
    limits.TRUSTED_PROXIES = 1
    for n in range(10):
        behind_proxy(f"203.0.113.{n}").post(
            "/accounts/login/", {"username": "ana", "password": "wrong"}
        )
    fresh = behind_proxy("203.0.113.99")
    refused = fresh.post("/accounts/login/", {"username": "ANA ", "password": PASSWORD})
    assert refused.status_code == 429
    other = fresh.post("/accounts/login/", {"username": "ben", "password": PASSWORD})
    assert other.status_code == 302


def test_sign_up_limits_are_per_client_behind_the_proxy(db, limits):
    limits.TRUSTED_PROXIES = 1

    def sign_up(client, name):
        return client.post(
            "/accounts/signup/",
            {
                "username": name,
                "email": f"{name}@example.org",
                "password1": "pw-Long-enough-9",
                "password2": "pw-Long-enough-9",
            },
        ).status_code

    busy = behind_proxy("203.0.113.7")
    codes = []
    for i in range(11):
        codes.append(sign_up(busy, f"u{i}"))
        busy.logout()
    assert codes[-1] == 429
    assert sign_up(behind_proxy("198.51.100.20"), "newcomer") == 302


# -- 10. Retry-After, and move limits that leave play alone -------------------------


def test_a_refused_move_in_the_api_says_when_to_come_back(users, limits):
    limits.MOVE_RATE_PER_TABLE = "3/h"
    table = start_table("coup", users[:2])
    bot = ApiClient(users[table.to_act[0]])
    url = f"/api/tables/{table.pk}/moves"
    answers = [bot.post(url, {"version": 99, "move": {"action": "income"}}) for _ in range(4)]
    assert [a.status_code for a in answers] == [409, 409, 409, 429]
    assert 1 <= int(answers[3]["Retry-After"]) <= 3600
    assert "Retry-After" in answers[3].json()["detail"]
    # The page's move form shares the table's count.
    page = login_client(users[table.to_act[0]])
    refused = page.post(f"/tables/{table.pk}/move/", {"move": "{}", "version": "0"})
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1


def test_the_per_user_limit_counts_all_of_a_bots_tables(users, limits):
    limits.MOVE_RATE_PER_USER = "4/h"
    tables = [start_table("coup", [users[0], users[n]]) for n in (1, 2)]
    bot = ApiClient(users[0])
    codes = [
        bot.post(f"/api/tables/{t.pk}/moves", {"version": 99, "move": {}}).status_code
        for t in tables
        for _ in range(3)
    ]
    assert codes == [409, 409, 409, 409, 429, 429]


def test_a_bot_playing_fast_on_several_tables_is_not_throttled(users, limits):
    """Default limits: 130 moves in one minute at one table, and 260 over
    two tables, are play, not abuse (the old limit refused the 121st)."""
    tables = [start_table("coup", [users[0], users[n]]) for n in (1, 2)]
    bot = ApiClient(users[0])
    codes = {
        bot.post(f"/api/tables/{t.pk}/moves", {"version": 99, "move": {}}).status_code
        for t in tables
        for _ in range(130)
    }
    assert codes == {409}


def test_the_schema_documents_retry_after(client):
    schema = json.loads(client.get("/api/openapi.json").content)
    moves = schema["paths"]["/api/tables/{table_id}/moves"]["post"]
    assert "Retry-After" in moves["responses"]["429"]["headers"]
    assert "Retry-After" in schema["info"]["description"]
