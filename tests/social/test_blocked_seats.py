"""Blocks keep two players apart at the tables (issue 41): the blocked
player is refused a seat at the blocker's open table, and the other way
round, with words that do not tell of the block; neither can invite the
other; nothing is written when refused."""

from __future__ import annotations

import pytest

from social import services as social
from tables import services
from tables.models import Invitation, Seat
from tests.conftest import login_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(ana):
    return services.table_create(creator=ana, game="coup", max_players=3)


def test_a_blocked_player_is_refused_a_seat_at_the_blockers_table(table, ana, ben, api_for):
    social.block_add(user=ana, username="ben")
    answer = api_for(ben).post(f"/api/tables/{table.pk}/join")
    assert answer.status_code == 403
    assert answer.json() == {"detail": "This table is not open to you."}
    assert "block" not in answer.json()["detail"]
    assert not Seat.objects.filter(table=table, user=ben).exists()


def test_the_blocker_is_refused_a_seat_at_a_table_the_blocked_player_sits_at(ana, ben, carl):
    social.block_add(user=ana, username="ben")
    theirs = services.table_create(creator=carl, game="coup", max_players=3)
    services.table_join(table_id=theirs.pk, user=ben)
    with pytest.raises(services.Forbidden, match=r"This table is not open to you\."):
        services.table_join(table_id=theirs.pk, user=ana)
    assert theirs.seats.count() == 2


def test_the_refusal_on_the_page_is_a_clear_message(table, ana, ben):
    social.block_add(user=ana, username="ben")
    client = login_client(ben)
    page = client.post(f"/tables/{table.pk}/join/", follow=True).content.decode()
    assert "This table is not open to you." in page
    assert not Seat.objects.filter(table=table, user=ben).exists()


def test_others_still_join_and_an_unblock_opens_the_table_again(table, ana, ben, carl):
    social.block_add(user=ana, username="ben")
    services.table_join(table_id=table.pk, user=carl)
    social.block_remove(user=ana, username="ben")
    services.table_join(table_id=table.pk, user=ben)
    assert table.seats.count() == 3


@pytest.mark.parametrize("blocker", ["ana", "ben"])
def test_neither_of_a_blocked_pair_can_invite_the_other(table, ana, ben, blocker):
    social.block_add(
        user=ana if blocker == "ana" else ben, username="ben" if blocker == "ana" else "ana"
    )
    with pytest.raises(services.Forbidden) as refused:
        services.table_invite(table_id=table.pk, user=ana, username="ben")
    assert refused.value.message == "ben cannot be invited to this table."
    assert not Invitation.objects.exists()
    theirs = services.table_create(creator=ben, game="coup")
    with pytest.raises(services.Forbidden, match="ana cannot be invited"):
        services.table_invite(table_id=theirs.pk, user=ben, username="ana")


def test_a_table_opened_with_a_blocked_player_invited_is_not_opened(ana, ben):
    social.block_add(user=ben, username="ana")
    with pytest.raises(services.Forbidden):
        services.table_create(creator=ana, game="coup", invite=["ben"])
    assert not ana.created_tables.exists()
