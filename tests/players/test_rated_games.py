"""A finished game changes its players' ratings once, when the transaction
that ends it has committed; unrated and cancelled games change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction

from players import ratings
from players.models import Rating, RatingChange
from tables import services
from tables.models import TableState
from tests.conftest import after_commit, make_user, requires_postgres, start_table, state_of
from tests.players.helpers import coup, coup_to_the_last_card, finish_coup
from tests.support.concurrency import race

pytestmark = pytest.mark.django_db


def rating(user, game="coup") -> Rating | None:
    return Rating.objects.filter(user=user, game=game).first()


def test_the_winner_of_a_rated_game_goes_up_and_the_loser_down(ana, ben):
    table = finish_coup(ana, ben)
    assert rating(ana).shown > 1500 > rating(ben).shown
    assert rating(ana).games == rating(ben).games == 1
    changes = {c.user_id: c for c in RatingChange.objects.filter(table=table)}
    assert changes[ana.pk].place == 1 and changes[ben.pk].place == 2
    assert changes[ana.pk].shown_before == changes[ben.pk].shown_before == 1500
    assert changes[ana.pk].mu_after + changes[ben.pk].mu_after == pytest.approx(50)


def test_the_next_game_starts_from_the_last_and_an_upset_moves_more(ana, ben):
    first = RatingChange.objects.get(table=finish_coup(ana, ben), user=ben)
    second = RatingChange.objects.get(table=finish_coup(ben, ana), user=ben)
    assert second.shown_before == first.shown_after
    assert second.mu_after - second.mu_before > first.mu_before - first.mu_after > 0
    assert rating(ben).games == 2


def test_an_unrated_game_changes_no_rating(ana, ben):
    table = finish_coup(ana, ben, rated=False)
    assert table.status == "finished"
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_cancelled_game_changes_no_rating(ana, ben):
    table = start_table("coup", [ana, ben])
    services.table_cancel(table_id=table.pk, user=None, reason="Cancelled by a moderator")
    table.refresh_from_db()
    assert table.status == "aborted"
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_dropped_player_loses_to_everyone_even_one_knocked_out_earlier(ana, ben, carl):
    table = coup_to_the_last_card(ana, ben, carl)
    services.seat_drop(table_id=table.pk, number=2, reason="Left the site")
    coup(table, ana, 1)  # ben is out first; carl's dropped seat plays on
    table = coup(table, ana, 2)
    assert table.status == "finished"
    # The engine shares second place between ben and carl; carl was dropped.
    assert table.outcome["ranks"][1:] == [2, 2] and table.outcome["dropped"] == [2]
    changes = {c.user_id: c for c in RatingChange.objects.filter(table=table)}
    assert [changes[u.pk].place for u in (ana, ben, carl)] == [1, 2, 3]
    assert rating(ana).shown > rating(ben).shown > rating(carl).shown


def test_a_game_the_sweep_ends_is_rated_with_the_dropped_winner_last(ana, ben, frozen):
    # Ben plays first, down to his last card; ana, seated second with 10
    # coins, has left: her dropped seat's only move is the coup that wins.
    table = start_table(
        "coup", [ben, ana], {"rounds_to_win": 1}, time_control="fast", seed=3, rated=True
    )
    state = state_of(table)
    state["coins"][1] = 10
    state["hands"][0] = state["hands"][0][:1]
    TableState.objects.filter(pk=table.pk).update(state=state)
    services.seat_drop(table_id=table.pk, number=1, reason="Left the site")
    frozen.advance(timedelta(days=1))
    with after_commit():
        assert services.table_timeouts_play(table_id=table.pk, now=frozen.now) == 1
    table.refresh_from_db()
    assert table.status == "finished" and table.outcome["winners"] == [1]
    changes = {c.user_id: c for c in RatingChange.objects.filter(table=table)}
    assert (changes[ben.pk].place, changes[ana.pk].place) == (1, 2)
    assert rating(ben).shown > 1500 > rating(ana).shown


def test_rating_a_finished_game_again_changes_nothing(ana, ben):
    table = finish_coup(ana, ben)
    before = list(Rating.objects.values_list("mu", "sigma", "games"))
    assert ratings.game_rate(table_id=table.pk) is False
    assert list(Rating.objects.values_list("mu", "sigma", "games")) == before
    assert RatingChange.objects.count() == 2


def test_the_database_refuses_a_second_change_for_the_same_game_and_player(ana, ben):
    table = finish_coup(ana, ben)
    change = RatingChange.objects.get(table=table, user=ana)
    change.pk = None
    with pytest.raises(IntegrityError), transaction.atomic():
        change.save()


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_finishing_moves_at_once_rate_the_game_once():
    ana, ben = make_user("ana"), make_user("ben")
    table = coup_to_the_last_card(ana, ben)

    def finish():
        return services.move_submit(
            table_id=table.pk, user=ana, version=table.version, move={"action": "coup", "target": 1}
        )

    results = race(finish, finish)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert RatingChange.objects.filter(table=table).count() == 2
    assert rating(ana).games == rating(ben).games == 1


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_games_of_one_player_ending_at_once_all_count():
    ana = make_user("ana")
    rivals = [make_user(name) for name in ("ben", "carl", "dora", "eli")]
    # Ana has a rating already, so every game updates the same row.
    finish_coup(ana, rivals[0])
    for round_ in range(3):
        tables = [coup_to_the_last_card(ana, rival) for rival in rivals]
        results = race(*[lambda t=t: coup(t, ana, 1) for t in tables])
        assert not any(isinstance(r, Exception) for r in results), results
        assert rating(ana).games == 1 + len(rivals) * (round_ + 1)
    # Each game started from what another left: no update was lost.
    changes = RatingChange.objects.filter(user=ana).order_by("shown_before")
    befores = {c.shown_before for c in changes}
    afters = [c.shown_after for c in changes]
    assert len(befores) == changes.count() and befores - {1500} <= set(afters)
    assert rating(ana).shown == max(afters)
