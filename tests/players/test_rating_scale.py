"""The number people see is the model's ordinal scaled as documented:
1500 + 20 * (mu - 3 sigma)."""

from __future__ import annotations

import pytest

from players.models import Rating
from tests.players.helpers import finish_coup

pytestmark = pytest.mark.django_db


def test_a_rating_shows_1500_plus_20_times_the_ordinal(ana, ben):
    finish_coup(ana, ben)
    for user in (ana, ben):
        rating = Rating.objects.get(user=user, game="coup")
        assert rating.shown == round(1500 + 20 * (rating.mu - 3 * rating.sigma))
    assert Rating.objects.get(user=ana, game="coup").shown > 1500
    assert Rating.objects.get(user=ben, game="coup").shown < 1500
