"""A finished game is rated once the move that ends it has committed, out of
the table's row lock (issue 40): exactly once, however many times and by
however many workers at once it is told, and on the page as soon as the
finishing move has been answered."""

from __future__ import annotations

import json
import re
import threading
import time
from datetime import timedelta

import pytest
from django.db import connection, transaction

from players import ratings
from players.models import Rating, RatingChange
from tables import events, services
from tables.models import Table
from tests.conftest import after_commit, login_client, make_user, requires_postgres
from tests.players.helpers import coup_to_the_last_card, finish_coup
from tests.players.test_player_pages import text

COUP = {"action": "coup", "target": 1}


def _ratings_of(table: Table) -> list[tuple]:
    return sorted(
        RatingChange.objects.filter(table=table).values_list(
            "user_id", "place", "mu_after", "sigma_after"
        )
    )


def _as_before_its_rating(table: Table) -> None:
    """The finished table as it stands between its commit and its rating
    (its players' ratings back to a newcomer's)."""
    RatingChange.objects.filter(table=table).delete()
    new = ratings.NEWCOMER
    Rating.objects.update(mu=new.mu, sigma=new.sigma, shown=new.shown, games=0)


@pytest.mark.django_db
def test_the_finishing_move_leaves_the_rating_until_it_has_committed(
    ana, ben, django_capture_on_commit_callbacks
):
    table = coup_to_the_last_card(ana, ben)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.move_submit(table_id=table.pk, user=ana, version=table.version, move=COUP)
        # The game is over in the move's transaction, its rating not yet made.
        assert Table.objects.get(pk=table.pk).status == Table.Status.FINISHED
        assert not RatingChange.objects.exists() and not Rating.objects.exists()
    for callback in callbacks:
        callback()
    assert [place for _, place, _, _ in _ratings_of(table)] == [1, 2]
    assert Rating.objects.get(user=ana).shown > 1500 > Rating.objects.get(user=ben).shown


@pytest.mark.django_db
def test_a_game_told_twice_that_it_committed_is_rated_once(ana, ben):
    table = finish_coup(ana, ben)
    rated = _ratings_of(table)
    before = sorted(Rating.objects.values_list("user_id", "mu", "sigma", "games"))
    with after_commit():
        events.game_result_committed.send(sender=Table, table_id=table.pk)
    assert _ratings_of(table) == rated
    assert sorted(Rating.objects.values_list("user_id", "mu", "sigma", "games")) == before


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_workers_rating_one_game_at_once_rate_it_once():
    ana, ben = make_user("ana"), make_user("ben")
    table = finish_coup(ana, ben)
    rated = _ratings_of(table)
    _as_before_its_rating(table)
    results: list = []

    def rate() -> None:
        try:
            results.append(ratings.game_rate(table_id=table.pk))
        except Exception as exc:  # the assertion reads it
            results.append(exc)
        finally:
            connection.close()

    workers = [threading.Thread(target=rate) for _ in range(2)]
    with transaction.atomic():
        # The players' rating rows held (as another game of theirs ending
        # would hold them): both workers are in the middle of rating when
        # the rows come free.
        list(Rating.objects.select_for_update())
        for worker in workers:
            worker.start()
        time.sleep(0.5)
    for worker in workers:
        worker.join()
    assert sorted(results, key=str) == [False, True]
    assert _ratings_of(table) == rated
    assert [r.games for r in Rating.objects.order_by("user_id")] == [1, 1]


@pytest.mark.django_db(transaction=True)
def test_the_page_after_the_finishing_move_shows_the_new_ratings():
    ana, ben = make_user("ana"), make_user("ben")
    table = coup_to_the_last_card(ana, ben)
    player = login_client(ana)
    answer = player.post(
        f"/tables/{table.pk}/move/", {"version": table.version, "move": json.dumps(COUP)}
    )
    assert answer.status_code == 302
    words = text(player.get(f"/tables/{table.pk}/").content.decode())
    assert re.search(r"New ratings: ana \d+ \(\+\d+\) , ben \d+ \(−\d+\) \.", words)


def _finish_without_its_rating(winner, loser, *, rated: bool = True) -> Table:
    """A game that ends, whose rating after the commit is lost (as when the
    process stops or the database is away at that moment): called where the
    commit's callbacks are captured and never run."""
    table = coup_to_the_last_card(winner, loser, rated=rated)
    services.move_submit(table_id=table.pk, user=winner, version=table.version, move=COUP)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and not RatingChange.objects.filter(table=table)
    return table


@pytest.mark.django_db
def test_a_game_whose_rating_was_lost_is_rated_by_the_catch_up_once(
    ana, ben, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        table = _finish_without_its_rating(ana, ben)
    ended = table.finished_at
    # Just finished: its own hook may still be at work.
    assert ratings.missed_ratings_rate(now=ended + timedelta(seconds=30)) == 0
    assert ratings.missed_ratings_rate(now=ended + timedelta(minutes=5)) == 1
    assert [place for _, place, _, _ in _ratings_of(table)] == [1, 2]
    assert Rating.objects.get(user=ana).shown > 1500 > Rating.objects.get(user=ben).shown
    assert ratings.missed_ratings_rate(now=ended + timedelta(minutes=10)) == 0
    assert RatingChange.objects.filter(table=table).count() == 2


@pytest.mark.django_db
def test_the_catch_up_leaves_unrated_and_long_finished_games(
    ana, ben, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        unrated = _finish_without_its_rating(ana, ben, rated=False)
        old = _finish_without_its_rating(ben, ana)
    Table.objects.filter(pk=old.pk).update(finished_at=old.finished_at - timedelta(days=3))
    assert ratings.missed_ratings_rate(now=unrated.finished_at + timedelta(minutes=5)) == 0
    assert not RatingChange.objects.exists()
