"""Creating, entering, leaving and starting tournaments; their rounds and
standings, through the services (issue 41)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from clocks import clock
from players.models import Rating
from tables.errors import BadRequest, Conflict, Forbidden
from tables.models import Table
from tests.conftest import after_commit
from tests.tournaments.helpers import entered, play_out, players, round_tables, tournament
from tournaments import services
from tournaments.models import Entry, Round, Tournament

pytestmark = pytest.mark.django_db


def test_it_refuses_a_seat_count_the_game_does_not_play():
    (ana,) = players(1)
    with pytest.raises(BadRequest, match="players"):
        tournament(ana, game="koryo", seats_per_table=6)


def test_it_refuses_a_tournament_without_a_clock():
    (ana,) = players(1)
    with pytest.raises(BadRequest, match="needs a clock"):
        tournament(ana, time_control="none")


def test_a_swiss_tournament_needs_its_rounds():
    (ana,) = players(1)
    with pytest.raises(BadRequest, match="rounds"):
        tournament(ana, rounds=None)


def test_a_round_robin_is_for_small_groups():
    (ana,) = players(1)
    with pytest.raises(BadRequest, match="small groups"):
        tournament(ana, format="round_robin", max_entries=20)


def test_a_player_may_run_three_open_tournaments_at_once():
    (ana,) = players(1)
    for _ in range(3):
        tournament(ana)
    with pytest.raises(Conflict, match="at most 3"):
        tournament(ana)
    assert Tournament.objects.count() == 3


def test_staff_have_no_limit():
    (staff,) = players(1)
    staff.is_staff = True
    staff.save()
    for _ in range(4):
        tournament(staff)
    assert Tournament.objects.count() == 4


def test_joining_twice_or_a_full_tournament_is_refused():
    ana, ben, carl = players(3)
    made = entered(ana, [ana, ben], max_entries=2)
    with pytest.raises(Conflict, match="already entered"):
        services.tournament_join(tournament_id=made.pk, user=ana)
    with pytest.raises(Conflict, match="full"):
        services.tournament_join(tournament_id=made.pk, user=carl)
    assert made.entries.count() == 2


def test_a_minimum_rating_refuses_the_unrated_and_the_lower_rated():
    ana, ben, carl = players(3)
    made = tournament(ana, min_rating=1600)
    Rating.objects.create(user=ben, game="coup", mu=25, sigma=8, shown=1500)
    Rating.objects.create(user=carl, game="coup", mu=25, sigma=8, shown=1700)
    with pytest.raises(Forbidden, match="you have none yet"):
        services.tournament_join(tournament_id=made.pk, user=ana)
    with pytest.raises(Forbidden, match="yours is 1500"):
        services.tournament_join(tournament_id=made.pk, user=ben)
    services.tournament_join(tournament_id=made.pk, user=carl)
    assert [e.user for e in made.entries.all()] == [carl]


def test_a_minimum_of_finished_games_is_checked(users):
    from tests.conftest import start_table

    ana, ben = users[:2]
    made = tournament(ana, min_finished_games=1)
    with pytest.raises(Forbidden, match="1 finished games"):
        services.tournament_join(tournament_id=made.pk, user=ana)
    play_out(start_table("coup", [ana, ben]))
    services.tournament_join(tournament_id=made.pk, user=ana)


def test_too_many_recent_timeouts_are_refused(users, frozen):
    from tables.services import table_timeouts_play
    from tests.conftest import start_table

    table = start_table("coup", users[:2], time_control="quick")
    late = table.seats.get(number=table.to_act[0]).user
    other = next(u for u in users[:2] if u != late)
    made = tournament(users[0], max_recent_timeouts=0)
    frozen.advance(timedelta(hours=1))
    table_timeouts_play(table_id=table.pk, now=clock.now())
    assert services.recent_timeouts(late) == 1 and services.recent_timeouts(other) == 0
    with pytest.raises(Forbidden, match="at most 0 timeouts"):
        services.tournament_join(tournament_id=made.pk, user=late)
    services.tournament_join(tournament_id=made.pk, user=other)
    # A month on, the timeout no longer counts.
    frozen.advance(timedelta(days=31))
    assert services.recent_timeouts(late) == 0


def test_leaving_before_the_start_removes_the_entry():
    ana, ben = players(2)
    made = entered(ana, [ana, ben])
    services.tournament_leave(tournament_id=made.pk, user=ben)
    assert [e.user for e in made.entries.all()] == [ana]
    with pytest.raises(Conflict, match="not entered"):
        services.tournament_leave(tournament_id=made.pk, user=ben)


def test_only_the_creator_starts_it_and_only_with_two_entries():
    ana, ben = players(2)
    made = entered(ana, [ana])
    with pytest.raises(Forbidden):
        services.tournament_start(tournament_id=made.pk, user=ben)
    with pytest.raises(Conflict, match="two entries"):
        services.tournament_start(tournament_id=made.pk, user=ana)
    assert Tournament.objects.get(pk=made.pk).status == "scheduled"


def test_one_that_reaches_its_time_with_one_entry_is_cancelled(frozen):
    (ana,) = players(1)
    made = entered(ana, [ana])
    frozen.advance(timedelta(days=2))
    services.due_tournaments_start()
    assert Tournament.objects.get(pk=made.pk).status == "cancelled"


def test_the_start_seats_the_first_round_at_rated_tables_of_the_set_size():
    people = players(5)
    made = entered(people[0], people)
    services.tournament_start(tournament_id=made.pk, user=people[0])
    tables = round_tables(made, 1)
    assert len(tables) == 2
    assert all(t.is_active and t.rated and not t.bot_takeover for t in tables)
    assert all(t.max_players == 2 and t.max_timeouts == 1 for t in tables)
    round_ = Round.objects.get(tournament=made, number=1)
    assert len(round_.byes) == 1
    bye = Entry.objects.get(tournament=made, user_id=round_.byes[0])
    assert bye.byes == 1 and bye.points == 0.5


def test_a_swiss_tournament_runs_its_rounds_to_the_standings():
    people = players(4)
    made = entered(people[0], people, rounds=2)
    services.tournament_start(tournament_id=made.pk, user=people[0])
    for number in (1, 2):
        tables = round_tables(made, number)
        assert len(tables) == 2
        for index, table in enumerate(tables):
            with after_commit():
                play_out(table, seed=number * 10 + index)
    made.refresh_from_db()
    assert made.status == "finished"
    entries = list(made.entries.order_by("-points"))
    # Two rounds of two-player tables: one point a win, two points shared out a round.
    assert sum(e.points for e in entries) == 4
    # Round two put the winners together: nobody met the same opponent twice.
    first = {frozenset(s.user_id for s in t.seats.all()) for t in round_tables(made, 1)}
    second = {frozenset(s.user_id for s in t.seats.all()) for t in round_tables(made, 2)}
    assert not first & second
    assert all(t.status == Table.Status.FINISHED for t in round_tables(made, 2))


def test_a_table_an_operator_cancels_gives_no_points_and_the_round_goes_on():
    from tables import services as table_services

    people = players(4)
    made = entered(people[0], people, rounds=2)
    services.tournament_start(tournament_id=made.pk, user=people[0])
    first, second = round_tables(made, 1)
    with after_commit():
        table_services.table_cancel(table_id=first.pk, user=None, reason="Cancelled by staff")
    with after_commit():
        play_out(second)
    assert Round.objects.get(tournament=made, number=1).status == "finished"
    assert len(round_tables(made, 2)) == 2
    cancelled = {s.user_id for s in first.seats.all()}
    assert all(e.points == 0 for e in made.entries.filter(user_id__in=cancelled))


def test_from_a_cancelled_knock_out_table_the_best_seed_goes_on():
    from tables import services as table_services

    people = players(4)
    made = entered(people[0], people, format="elimination")
    services.tournament_start(tournament_id=made.pk, user=people[0])
    first, second = round_tables(made, 1)
    with after_commit():
        table_services.table_cancel(table_id=first.pk, user=None)
    with after_commit():
        play_out(second)
    seeds = {e.user_id: e.seed for e in made.entries.all()}
    best = min((s.user_id for s in first.seats.all()), key=seeds.get)
    (final,) = round_tables(made, 2)
    assert best in {s.user_id for s in final.seats.all()}
