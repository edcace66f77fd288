"""A notification's button posts a signed token, its only credential (no
cookie, no CSRF token), that plays one move for one seat at one version of
a table, once."""

from __future__ import annotations

import pytest
from django.core import signing
from django.test import Client

from notifications.models import Notification
from push import tokens
from push.models import UsedAnswer
from tables import services
from tables.models import Move, Table
from tests.clocks.helpers import HOUR
from tests.conftest import requires_postgres
from tests.push.helpers import coup_tax, users_by_seat
from tests.support.concurrency import race


def post(table_id: int, token: str | None, client: Client | None = None):
    # A browser's service worker: no session, and Django checking CSRF.
    client = client or Client(enforce_csrf_checks=True)
    data = {} if token is None else {"token": token}
    return client.post(f"/tables/{table_id}/answer/play/", data)


def snapshot(table: Table) -> tuple:
    table.refresh_from_db()
    return table.version, Move.objects.filter(table=table).count(), UsedAnswer.objects.count()


@pytest.fixture
def asked(users):
    """ana and ben at Coup, one of them asked to pass or challenge a Tax:
    (the table, the seat asked, its player)."""
    table, seat = coup_tax(users[:2])
    return table, seat, users_by_seat(table)[seat]


def test_a_token_plays_its_move_once_then_is_refused(asked):
    table, seat, _ = asked
    token = tokens.make(table.pk, table.version, seat, {"action": "pass"})
    version = table.version

    answer = post(table.pk, token)

    assert answer.status_code == 200, answer.content
    assert answer.json()["detail"] == "Played."
    move = Move.objects.get(table=table, seq=version + 1)
    assert (move.seat, move.move, move.kind) == (seat, {"action": "pass"}, "player")
    before = snapshot(table)
    assert before[0] == answer.json()["version"]

    again = post(table.pk, token)

    assert again.status_code == 409
    assert again.json()["detail"] == "This answer was given already: it plays only once."
    assert snapshot(table) == before


def test_a_token_for_a_table_that_moved_on_says_so_and_changes_nothing(asked):
    table, seat, player = asked
    token = tokens.make(table.pk, table.version, seat, {"action": "pass"})
    services.move_submit(
        table_id=table.pk, user=player, version=table.version, move={"action": "challenge"}
    )
    before = snapshot(table)

    answer = post(table.pk, token)

    assert answer.status_code == 409
    assert answer.json()["detail"] == (
        "The game has moved on since this notification: nothing was played. "
        "Open the table to see what is asked now."
    )
    assert answer.json()["url"].endswith(f"/tables/{table.pk}/")
    assert snapshot(table) == before


def _tampered(token: str) -> str:
    value, _, signature = token.rpartition(":")
    flipped = value[:-1] + ("A" if value[-1] != "A" else "B")
    return f"{flipped}:{signature}"


@pytest.mark.parametrize(
    "forge",
    [
        pytest.param(lambda t, v, s: "not-a-token", id="garbage"),
        pytest.param(lambda t, v, s: "", id="empty"),
        pytest.param(
            lambda t, v, s: _tampered(tokens.make(t, v, s, {"action": "challenge"})), id="tampered"
        ),
        pytest.param(
            lambda t, v, s: signing.Signer(salt="other").sign_object(
                {"t": t, "v": v, "s": s, "m": {"action": "pass"}}, compress=True
            ),
            id="another-salt",
        ),
        pytest.param(
            lambda t, v, s: signing.Signer(key="another-key", salt=tokens.SALT).sign_object(
                {"t": t, "v": v, "s": s, "m": {"action": "pass"}}, compress=True
            ),
            id="another-key",
        ),
        pytest.param(
            lambda t, v, s: signing.Signer(salt=tokens.SALT).sign_object(
                {"t": t, "v": str(v), "s": s, "m": {"action": "pass"}}
            ),
            id="signed-but-malformed",
        ),
    ],
)
def test_a_forged_or_tampered_token_is_refused(asked, forge):
    table, seat, _ = asked
    before = snapshot(table)
    answer = post(table.pk, forge(table.pk, table.version, seat))
    assert answer.status_code == 400
    assert answer.json()["detail"].startswith("This answer could not be read")
    assert snapshot(table) == before


def test_a_token_for_another_table_is_refused_here(asked, users):
    table, _, _ = asked
    other, other_seat = coup_tax(users[2:4])
    before = snapshot(table)
    answer = post(table.pk, tokens.make(other.pk, other.version, other_seat, {"action": "pass"}))
    assert (answer.status_code, answer.json()["detail"]) == (
        400,
        "This answer is for another table.",
    )
    assert snapshot(table) == before


def test_a_post_without_a_token_is_refused_and_a_get_is_not_allowed(asked):
    table, _, _ = asked
    assert post(table.pk, None).status_code == 400
    assert Client().get(f"/tables/{table.pk}/answer/play/").status_code == 405


def test_a_token_whose_seat_ran_out_of_time_plays_nothing(users, frozen):
    table, seat = coup_tax(users[:2], time_control="fast")
    token = tokens.make(table.pk, table.version, seat, {"action": "pass"})
    frozen.advance(5 * HOUR)
    before = snapshot(table)
    answer = post(table.pk, token)
    assert answer.status_code == 403
    assert "ran out" in answer.json()["detail"]
    assert snapshot(table) == before


def test_answers_count_against_the_move_limits(asked, rate_limits):
    table, seat, _ = asked
    rate_limits.MOVE_RATE_PER_USER = "1/h"
    first = post(table.pk, tokens.make(table.pk, table.version, seat, {"action": "pass"}))
    assert first.status_code == 200
    table.refresh_from_db()
    # The player's own turn follows: its answer is one move too many.
    before = snapshot(table)
    answer = post(table.pk, tokens.make(table.pk, table.version, seat, {"action": "income"}))
    assert answer.status_code == 429
    assert int(answer["Retry-After"]) > 0
    assert snapshot(table) == before


def test_an_answer_tells_the_devices_what_its_move_asks_next(asked, device, vapid):
    table, seat, player = asked
    device(player)
    post(table.pk, tokens.make(table.pk, table.version, seat, {"action": "pass"}))
    table.refresh_from_db()
    assert table.to_act == [seat]  # the player who allowed the Tax takes a turn
    row = Notification.objects.get(channel="push", user=player, version=table.version)
    assert (row.kind, row.status) == ("turn", "pending")


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_posts_of_one_token_at_once_play_it_once(users):
    table, seat = coup_tax(users[:2])
    token = tokens.make(table.pk, table.version, seat, {"action": "pass"})
    version = table.version

    answers = race(lambda: post(table.pk, token), lambda: post(table.pk, token))

    assert sorted(a.status_code for a in answers) == [200, 409], [a.content for a in answers]
    # The second waited on the first's used-token row, not on the table.
    (refused,) = [a for a in answers if a.status_code == 409]
    assert refused.json()["detail"] == "This answer was given already: it plays only once."
    table.refresh_from_db()
    assert Move.objects.filter(table=table, seq__gt=version).count() == table.version - version
    assert Move.objects.filter(table=table, seq=version + 1, seat=seat).count() == 1
    assert UsedAnswer.objects.count() == 1
