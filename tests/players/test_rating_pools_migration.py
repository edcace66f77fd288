"""The ratings made before the pools (players migration 0002) are carried
over: each stays as it was, in the pool of games against players."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from players.models import Pool, Rating, RatingChange
from tests.players.helpers import finish_coup

# Schema changes cannot run inside a test's transaction.
pytestmark = pytest.mark.django_db(transaction=True)

BEFORE_POOLS = [("players", "0001_initial")]


def _migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return MigrationExecutor(connection)


def test_ratings_made_before_the_pools_stay_as_they_were_among_players(users):
    ana, ben = users[:2]
    finish_coup(ana, ben)
    head = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        former = _migrate(BEFORE_POOLS).loader.project_state(BEFORE_POOLS).apps
        FormerRating = former.get_model("players", "Rating")
        before = dict(FormerRating.objects.values_list("user__username", "shown"))
        FormerRating.objects.create(
            user_id=users[2].pk, game="troyes", mu=30, sigma=5, shown=1650, games=4
        )
    finally:
        _migrate(head)
    after = {r.user.username: r for r in Rating.objects.select_related("user")}
    assert {name: after[name].shown for name in before} == before
    assert after["carl"].shown == 1650 and after["carl"].games == 4
    assert {r.pool for r in after.values()} == {Pool.PLAYERS}
    assert {c.pool for c in RatingChange.objects.all()} == {Pool.PLAYERS}
    # And the next game counts on from them.
    finish_coup(ana, ben)
    assert Rating.objects.get(user=ana, pool=Pool.PLAYERS).games == 2
