"""Operators see every reply received and what became of it in the admin,
and change nothing there."""

from __future__ import annotations

import pytest

from replies.models import InboundEmail
from replies.services import inbound_receive
from tests.conftest import login_client
from tests.replies.conftest import reply
from tests.replies.helpers import address_of, coup_tax, users_by_seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("replies_on")]


@pytest.fixture
def staff(users):
    users[5].is_staff = users[5].is_superuser = True
    users[5].save()
    return login_client(users[5])


def test_the_admin_lists_replies_by_outcome(users, staff, django_assert_max_num_queries):
    table, seat = coup_tax(users[:2])
    player = users_by_seat(table)[seat]
    address = address_of(table, seat)
    message = reply(to=address, sender=player.email, text="what?")
    for sent in (
        message,
        message,
        reply(to=address, sender=users[3].email, text="1"),
        reply(to=address, sender=player.email, text="1", headers={"Precedence": "junk"}),
        reply(to=address, sender=player.email, text="pass"),
        reply(to=address, sender=player.email, text="2"),
    ):
        inbound_receive(message=sent, via="smtp")
    outcomes = ["unreadable", "duplicate", "forged", "auto_reply", "played", "stale"]
    assert list(InboundEmail.objects.order_by("pk").values_list("outcome", flat=True)) == outcomes
    with django_assert_max_num_queries(12):
        page = staff.get("/admin/replies/inboundemail/").content.decode()
    for label in ("Played", "Stale: the table had moved on", "Unreadable answer", "Duplicate"):
        assert label in page
    assert "Not from the seat&#x27;s player" in page and "Auto-reply" in page
    stale = staff.get("/admin/replies/inboundemail/?outcome=stale").content.decode()
    assert "The game had moved on" not in stale  # the list shows the answer, not the detail
    assert stale.count('class="field-outcome"') == 1
    row = InboundEmail.objects.get(outcome="stale")
    detail = staff.get(f"/admin/replies/inboundemail/{row.pk}/change/").content.decode()
    assert "The game had moved on before it arrived." in detail
    assert 'name="outcome"' not in detail  # nothing to edit
    assert staff.get("/admin/replies/inboundemail/add/").status_code == 403
