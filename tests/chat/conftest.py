"""A two-player Coup table in play (ana and ben seated), a spectator (dora),
a moderator (mod) and someone not logged in."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from chat import services
from chat.models import Message
from tests.conftest import make_user, start_table, state_of
from tests.live.conftest import heard  # noqa: F401 - a fixture, shared


@pytest.fixture
def table(users):
    return start_table("coup", users[:2], {"rounds_to_win": 1}, time_control="fast")


@pytest.fixture
def dora(users):
    return users[3]


@pytest.fixture
def mod(db):
    user = make_user("mod")
    user.is_staff = user.is_superuser = True
    user.save()
    return user


@pytest.fixture
def anonymous():
    return Client()


@pytest.fixture
def limits(rate_limits):
    rate_limits.CHAT_RATE_PER_USER = "3/m"
    return rate_limits


def say(table, user, text: str) -> Message:
    return services.message_post(table_id=table.pk, user=user, text=text)


def finish(table) -> None:
    """End the game the quickest way the rules allow: the player to act has
    the coins for a coup and the other one card left."""
    from tables import services as table_services
    from tables.models import TableState

    winner = table.to_act[0]
    state = state_of(table)
    state["coins"][winner] = 7
    state["hands"][1 - winner] = state["hands"][1 - winner][:1]
    TableState.objects.filter(pk=table.pk).update(state=state)
    seat = table.seats.get(number=winner)
    table_services.move_submit(
        table_id=table.pk,
        user=seat.user,
        version=table.version,
        move={"action": "coup", "target": 1 - winner},
    )
    table.refresh_from_db()
    assert table.status == "finished"


def poll_url(page: str) -> str:
    """The chat poll's address as a page drew it (its mark and its reader)."""
    found = re.search(r'hx-get="(/tables/\d+/chat/poll/\?[^"]*)"', page)
    assert found, "the page has no chat poll"
    return html.unescape(found.group(1))


def with_param(url: str, **params: str) -> str:
    """`url` with these query parameters added or replaced."""
    from urllib.parse import parse_qsl, urlencode, urlsplit

    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query)) | params
    return f"{parts.path}?{urlencode(query)}"
