"""Operators read ratings and rating changes in the admin, and cannot edit
them: a rating is the sum of the games behind it."""

from __future__ import annotations

import pytest

from players.models import Rating, RatingChange
from tests.conftest import login_client
from tests.players.helpers import finish_coup

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(users):
    users[5].is_staff = users[5].is_superuser = True
    users[5].save()
    return login_client(users[5])


def test_operators_find_ratings_and_changes_by_player(staff, ana, ben):
    table = finish_coup(ana, ben)
    page = staff.get("/admin/players/rating/?game=coup&q=ana").content.decode()
    assert "ana" in page and str(Rating.objects.get(user=ana).shown) in page
    changes = staff.get(f"/admin/players/ratingchange/?q={table.pk}").content.decode()
    assert changes.count("1500") == 2


def test_ratings_cannot_be_added_edited_or_deleted_in_the_admin(staff, ana, ben):
    finish_coup(ana, ben)
    rating = Rating.objects.get(user=ana)
    change = RatingChange.objects.get(user=ana)
    assert staff.get("/admin/players/rating/add/").status_code == 403
    page = staff.get(f"/admin/players/rating/{rating.pk}/change/").content.decode()
    assert 'name="shown"' not in page and "Delete" not in page
    staff.post(f"/admin/players/rating/{rating.pk}/change/", {"shown": 3000, "mu": 99})
    staff.post(f"/admin/players/ratingchange/{change.pk}/delete/", {"post": "yes"})
    rating.refresh_from_db()
    assert rating.shown != 3000 and RatingChange.objects.filter(pk=change.pk).exists()
