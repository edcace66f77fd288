"""The rating arithmetic (OpenSkill's Bradley-Terry model) read as the rules
of a rating: what one game may do to its players."""

from __future__ import annotations

import pytest

from players.ratings import NEWCOMER, Skill, places, shown, updated


def test_a_newcomer_shows_1500():
    assert NEWCOMER.shown == 1500


def test_two_newcomers_exchange_what_one_wins_and_the_other_loses():
    winner, loser = updated([NEWCOMER, NEWCOMER], [1, 2])
    assert winner.mu > NEWCOMER.mu > loser.mu
    assert (winner.mu - NEWCOMER.mu) + (loser.mu - NEWCOMER.mu) == pytest.approx(0, abs=1e-9)


def test_equal_uncertainty_conserves_the_sum_whatever_the_means():
    ana, ben = Skill(31.0, 4.0), Skill(22.0, 4.0)
    after = updated([ana, ben], [2, 1])
    assert sum(s.mu for s in after) == pytest.approx(ana.mu + ben.mu, abs=1e-9)


def test_swapping_the_winner_mirrors_the_changes():
    ana, ben = Skill(25.0, 6.0), Skill(25.0, 6.0)
    ana_wins = updated([ana, ben], [1, 2])
    ben_wins = updated([ana, ben], [2, 1])
    assert ana_wins[0].mu - ana.mu == pytest.approx(-(ben_wins[0].mu - ana.mu))
    assert ana_wins[1].mu - ben.mu == pytest.approx(-(ben_wins[1].mu - ben.mu))
    assert ana_wins[0] == ben_wins[1] and ana_wins[1] == ben_wins[0]


def test_beating_a_stronger_player_gains_more_than_beating_a_weaker_one():
    me = Skill(25.0, 5.0)
    upset = updated([me, Skill(32.0, 5.0)], [1, 2])[0]
    expected = updated([me, Skill(18.0, 5.0)], [1, 2])[0]
    assert upset.mu - me.mu > expected.mu - me.mu > 0


def test_a_better_place_means_a_higher_new_rating():
    after = updated([NEWCOMER] * 4, [3, 1, 4, 2])
    by_place = [after[1], after[3], after[0], after[2]]
    ratings = [s.shown for s in by_place]
    assert ratings == sorted(ratings, reverse=True) and len(set(ratings)) == 4


def test_shared_places_are_draws_between_equal_players():
    first, second_a, second_b = updated([NEWCOMER] * 3, [1, 2, 2])
    assert second_a == second_b
    assert first.mu > second_a.mu


def test_everyone_sharing_first_place_changes_no_mean():
    after = updated([NEWCOMER] * 3, [1, 1, 1])
    assert all(s.mu == pytest.approx(NEWCOMER.mu) for s in after)


def test_a_dropped_player_is_placed_below_everyone_else():
    # Seat 2 outlasted seat 1 but was dropped: it counts as last.
    assert places([1, 3, 2], dropped=[2]) == [1, 2, 3]
    assert places([1, 2, 3, 4], dropped=[0, 3]) == [3, 1, 2, 3]
    assert places([1, 1, 3], dropped=[]) == [1, 1, 3]
    assert places([2, 1], dropped=[]) == [2, 1]


def test_the_shown_number_rises_as_uncertainty_falls():
    assert shown(25.0, 2.0) > shown(25.0, 6.0)
