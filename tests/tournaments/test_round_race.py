"""Workers racing to start a round or a tournament start it once (issue 41).

Real threads, each with its own PostgreSQL connection, as two Celery
workers (or a worker and beat's task) would be."""

from __future__ import annotations

from datetime import timedelta

import pytest

from clocks import clock
from tests.conftest import requires_postgres
from tests.support.concurrency import race
from tests.tournaments.helpers import entered, players, round_tables
from tournaments import services
from tournaments.models import Round, TournamentTable

pytestmark = [requires_postgres, pytest.mark.django_db(transaction=True)]


def test_four_workers_racing_start_the_next_round_once():
    people = players(8)
    made = entered(people[0], people, rounds=4)
    services.tournament_start(tournament_id=made.pk, user=people[0])
    for attempt in range(3):
        # The round in play ends (as its last table would close it).
        Round.objects.filter(tournament=made).update(status=Round.Status.FINISHED)
        results = race(*[lambda: services.round_start_due(tournament_id=made.pk)] * 4)
        started = [r for r in results if isinstance(r, Round)]
        assert len(started) == 1, results
        assert all(r is None for r in results if r not in started), results
        assert Round.objects.filter(tournament=made).count() == attempt + 2
        assert len(round_tables(made, attempt + 2)) == 4
    # Each player sits once in every round.
    for number in (1, 2, 3, 4):
        users = [
            seat.user_id
            for link in TournamentTable.objects.filter(round__tournament=made, round__number=number)
            for seat in link.table.seats.all()
        ]
        assert sorted(users) == sorted(p.pk for p in people)


def test_beat_racing_the_creator_starts_the_tournament_once():
    people = players(4)
    made = entered(people[0], people, starts_at=clock.now() + timedelta(seconds=1))
    made.starts_at = clock.now() - timedelta(seconds=1)
    made.save(update_fields=["starts_at"])
    results = race(
        lambda: services.due_tournaments_start(),
        lambda: services.due_tournaments_start(),
        lambda: services.tournament_start(tournament_id=made.pk, user=people[0]),
    )
    assert not [r for r in results if isinstance(r, Exception) and "already" not in str(r)]
    assert Round.objects.filter(tournament=made).count() == 1
    assert len(round_tables(made, 1)) == 2
