"""The invitation link beside the invite box (issue 41): it seats whoever
opens it, once, while the table is open; logged out, one logs in first; a
used, closed or altered link answers clearly and writes nothing."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from social import links
from social import services as social
from social.models import InviteLinkUse
from tables import services
from tables.models import Seat
from tests.conftest import login_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(ana):
    return services.table_create(creator=ana, game="coup", max_players=4)


def link_on_page(client, table, **headers) -> str:
    page = client.get(f"/tables/{table.pk}/", **headers).content.decode()
    found = re.search(r'id="invite-link" value="http://testserver(/invite/[^"]+/)"', page)
    assert found, "the creator's page shows no invitation link"
    return found.group(1)


def test_the_link_seats_whoever_opens_it(table, ana, ben):
    link = link_on_page(login_client(ana), table)
    answer = login_client(ben).get(link)
    assert answer.status_code == 302 and answer["Location"] == f"/tables/{table.pk}/"
    assert Seat.objects.filter(table=table, user=ben).exists()


def test_a_link_seats_one_player_and_the_page_then_offers_the_next(table, ana, ben, carl):
    creator = login_client(ana)
    first = link_on_page(creator, table)
    login_client(ben).get(first)
    answer = login_client(carl).get(first)
    assert answer.status_code == 409
    assert links.USED in html.unescape(answer.content.decode())
    assert not Seat.objects.filter(table=table, user=carl).exists()
    # The waiting room, redrawn when ben took his seat, shows the next link.
    second = link_on_page(creator, table, HTTP_HX_REQUEST="true")
    assert second != first
    login_client(carl).get(second)
    assert table.seats.count() == 3


def test_opening_it_again_keeps_the_seat_and_spends_nothing(table, ana, ben):
    link = link_on_page(login_client(ana), table)
    login_client(ben).get(link)
    assert login_client(ben).get(link).status_code == 302
    assert InviteLinkUse.objects.count() == 1


def test_logged_out_one_logs_in_first_and_comes_back_to_the_link(table, ana):
    link = link_on_page(login_client(ana), table)
    answer = Client().get(link)
    assert answer.status_code == 302
    assert answer["Location"].startswith("/accounts/login/?next=/invite/")
    assert table.seats.count() == 1


def test_a_link_to_a_started_table_answers_that_it_is_closed(table, ana, ben, carl):
    link = link_on_page(login_client(ana), table)
    services.table_join(table_id=table.pk, user=ben)
    services.table_start(table_id=table.pk, user=ana)
    answer = login_client(carl).get(link)
    assert answer.status_code == 409 and links.CLOSED in answer.content.decode()
    assert not InviteLinkUse.objects.exists()


def test_an_altered_link_is_not_valid(table, ana, ben):
    link = link_on_page(login_client(ana), table)
    answer = login_client(ben).get(link.replace(":", ":x", 1))
    assert answer.status_code == 404 and links.NOT_VALID in answer.content.decode()
    assert table.seats.count() == 1


def test_a_blocked_player_is_refused_by_the_link_too(table, ana, ben):
    link = link_on_page(login_client(ana), table)
    social.block_add(user=ana, username="ben")
    answer = login_client(ben).get(link)
    assert answer.status_code == 403
    assert "This table is not open to you." in answer.content.decode()
    assert not InviteLinkUse.objects.exists()


def test_only_the_creator_sees_the_link(table, ben):
    page = login_client(ben).get(f"/tables/{table.pk}/").content.decode()
    assert 'id="invite-link"' not in page
