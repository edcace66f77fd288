"""Forms read well (options without doubled colons, a usual player count,
options only where they matter) and the admin cannot corrupt a game: status,
deal and clocks are read-only, durations read as durations, the deal is for
superusers only."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission

from games import registry
from tables import services
from tables.forms import TableForm
from tables.templatetags.tables_tags import options_text
from tests.clocks.helpers import hour_control
from tests.conftest import login_client, start_table

pytestmark = pytest.mark.django_db


def test_an_option_reads_without_a_doubled_colon(users):
    table = services.table_create(
        creator=users[0], game="coup", max_players=4, options={"factions": True}
    )
    text = options_text(table)
    assert text == "Factions: On (Loyalists and Reformists, Convert and Embezzle)"


@pytest.mark.parametrize("game", ["coup", "koryo"])
def test_the_new_table_form_starts_at_a_usual_player_count(game):
    engine = registry.get(game).engine
    initial = TableForm(engine).fields["max_players"].initial
    assert initial == 4 and engine.min_players <= initial <= engine.max_players


def test_the_two_player_option_is_offered_for_two_players_only(users):
    page = login_client(users[0]).get("/tables/new/?game=coup").content.decode()
    field = page.split('name="opt_two_player_coins"')[0].rsplit("<div", 1)[1]
    assert 'data-players="2"' in field
    factions = page.split('name="opt_factions"')[0].rsplit("<div", 1)[1]
    assert "data-players" not in factions


@pytest.fixture
def moderator(users):
    """Staff allowed to see and change tables, but not a superuser."""
    user = users[4]
    user.is_staff = True
    user.save()
    user.user_permissions.add(
        *Permission.objects.filter(codename__in=["view_table", "change_table", "view_seat"])
    )
    return login_client(user)


@pytest.fixture
def superuser(users):
    users[5].is_staff = users[5].is_superuser = True
    users[5].save()
    return login_client(users[5])


def test_the_admin_table_page_is_read_only_where_editing_would_corrupt(users, moderator, superuser):
    table = start_table("coup", users[:3], time_control=hour_control())
    page = moderator.get(f"/admin/tables/table/{table.pk}/change/").content.decode()
    for field in ("status", "setup_log", "to_act", "version", "seed"):
        assert f'name="{field}"' not in page
    assert 'name="seats-0-deadline_at_0"' not in page and 'name="seats-0-deadline_at"' not in page
    assert 'name="max_timeouts"' in page  # what may change
    assert "dealt" not in page and "You are dealt" not in page  # the deal: superusers only
    assert f'href="/tables/{table.pk}/"' in page
    assert "1 h" in page and "1:00:00" not in page and "0:30:00" not in page
    assert "{p" not in page
    deal = superuser.get(f"/admin/tables/table/{table.pk}/change/").content.decode()
    assert "dealt" in deal and "{p" not in deal
    seat = table.seats.first()
    seat_page = superuser.get(f"/admin/tables/seat/{seat.pk}/change/").content.decode()
    assert 'name="deadline_at_0"' not in seat_page and 'name="time_left"' not in seat_page
