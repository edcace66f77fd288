"""Rated games against bots, each person's own choice (issue 41: "Games
with a bot are unrated unless every human seat chose a rated game against
bots, which is rated in its own pool"): asked as a seat is taken, kept per
seat, and read the same way by the page, the API and the rating at the end."""

from __future__ import annotations

import pytest

from players.models import Pool, Rating
from social import links
from tables import services
from tables.models import Seat
from tests.conftest import login_client
from tests.players.helpers import coup

pytestmark = pytest.mark.django_db

CHOICE = "Rated game against bots: counts in your rating against bots only"


def seat(table, user) -> Seat:
    return Seat.objects.get(table=table, user=user)


def header(user, table) -> str:
    page = login_client(user).get(f"/tables/{table.pk}/").content.decode()
    return page.split('class="rating-kind">')[1].split("<")[0]


def test_the_headers_label_is_redrawn_with_the_waiting_room(ana, ben):
    """The waiting room's redraw (on the table's event) carries the header's
    label too, out of band: a bot seated later turns it to "unrated" on the
    open pages without a reload."""
    table = services.table_create(creator=ana, game="coup", max_players=3)
    services.table_join(table_id=table.pk, user=ben)
    client = login_client(ben)
    assert (
        "hx-swap-oob"
        not in client.get(f"/tables/{table.pk}/")
        .content.decode()
        .split('id="rating-kind"')[1]
        .split(">")[0]
    )
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    redrawn = client.get(f"/tables/{table.pk}/", HTTP_HX_REQUEST="true").content.decode()
    label = redrawn.split('id="rating-kind"')[1]
    assert 'hx-swap-oob="true"' in label.split(">")[0]
    assert label.split(">")[1].split("<")[0] == "unrated"


def rating(api_for, user, table) -> str:
    return api_for(user).get(f"/api/tables/{table.pk}").json()["rating"]


def three_seats_with_a_bot(ana, ben, *, ana_chose: bool, ben_chose: bool):
    table = services.table_create(
        creator=ana, game="coup", max_players=3, rated_against_bots=ana_chose
    )
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    services.table_join(table_id=table.pk, user=ben, rated_against_bots=ben_chose)
    return table


def test_a_table_of_people_only_is_rated(ana, ben, api_for):
    table = services.table_create(creator=ana, game="coup", max_players=2)
    services.table_join(table_id=table.pk, user=ben)
    assert header(ana, table) == "rated" and rating(api_for, ben, table) == "Rated"


def test_with_a_bot_and_every_person_choosing_it_the_game_is_rated_against_bots(ana, ben, api_for):
    table = three_seats_with_a_bot(ana, ben, ana_chose=True, ben_chose=True)
    assert header(ben, table) == "rated against bots"
    assert rating(api_for, ana, table) == "Rated against bots"
    seats = api_for(ana).get(f"/api/tables/{table.pk}").json()["seats"]
    assert [s["rated_against_bots"] for s in seats] == [True, False, True]


def test_one_person_not_choosing_it_makes_a_game_with_a_bot_unrated(ana, ben, api_for):
    table = three_seats_with_a_bot(ana, ben, ana_chose=True, ben_chose=False)
    assert header(ana, table) == "unrated" and rating(api_for, ben, table) == "Unrated"
    page = login_client(ana).get(f"/tables/{table.pk}/").content.decode()
    assert "not every player chose a rated game against bots" in page


def test_a_bot_seated_later_among_people_who_did_not_choose_it_makes_the_game_unrated(
    ana, ben, api_for
):
    table = services.table_create(creator=ana, game="coup", max_players=3)
    services.table_join(table_id=table.pk, user=ben)
    assert rating(api_for, ana, table) == "Rated"
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    assert rating(api_for, ana, table) == "Unrated"


def test_the_creators_unrated_table_stays_unrated_whatever_the_seats_chose(ana, api_for):
    table = services.table_create(
        creator=ana, game="coup", max_players=2, rated=False, rated_against_bots=True
    )
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    assert rating(api_for, ana, table) == "Unrated"


def _finish(table, winner):
    """Start a two-seat table and have `winner` (seat 0) win it in one coup."""
    from tables.models import TableState
    from tests.conftest import state_of
    from tests.support.seeds import seed_deal

    seed_deal(table.pk, 3)
    services.table_start(table_id=table.pk, user=winner)
    table.refresh_from_db()
    state = state_of(table)
    state["coins"][0] = 7
    state["hands"][1] = state["hands"][1][:1]
    TableState.objects.filter(pk=table.pk).update(state=state)
    return coup(table, winner, 1)


def test_a_game_against_a_bot_whose_player_chose_it_is_rated_in_the_pool_against_bots(ana):
    table = services.table_create(
        creator=ana,
        game="coup",
        max_players=2,
        options={"rounds_to_win": 1},
        rated_against_bots=True,
    )
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    table = _finish(table, ana)
    assert table.status == "finished"
    assert Rating.objects.get(user=ana).pool == Pool.BOTS


def test_a_game_against_a_bot_whose_player_did_not_choose_it_changes_no_rating(ana):
    table = services.table_create(
        creator=ana, game="coup", max_players=2, options={"rounds_to_win": 1}
    )
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    table = _finish(table, ana)
    assert table.status == "finished" and table.rated
    assert not Rating.objects.exists()


def test_the_join_form_asks_where_a_bot_may_sit_and_keeps_the_answer(ana, ben, carl):
    table = services.table_create(creator=ana, game="coup", max_players=3)
    page = login_client(ben).get(f"/tables/{table.pk}/").content.decode()
    assert CHOICE in page
    assert "If a bot takes a seat, the game is rated only if every player chose" in page
    login_client(ben).post(
        f"/tables/{table.pk}/join/", {"against_bots_asked": "1", "rated_against_bots": "on"}
    )
    assert seat(table, ben).rated_against_bots
    # The last free seat, with no bot: nothing to ask.
    services.table_join(table_id=table.pk, user=carl)
    full = services.table_create(creator=ana, game="coup", max_players=2)
    assert CHOICE not in login_client(ben).get(f"/tables/{full.pk}/").content.decode()


def test_a_one_click_join_where_a_bot_sits_asks_first_and_seats_nobody(ana, ben):
    table = services.table_create(creator=ana, game="coup", max_players=3)
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    answer = login_client(ben).post(f"/tables/{table.pk}/join/", follow=True)
    assert "choose whether you want a rated game against bots" in answer.content.decode()
    assert not Seat.objects.filter(table=table, user=ben).exists()


def test_a_seated_player_changes_their_choice_until_the_start(ana, ben, api_for):
    table = three_seats_with_a_bot(ana, ben, ana_chose=True, ben_chose=False)
    client = login_client(ben)
    assert (
        f'action="/tables/{table.pk}/against-bots/"'
        in client.get(f"/tables/{table.pk}/").content.decode()
    )
    client.post(f"/tables/{table.pk}/against-bots/", {"rated_against_bots": "on"})
    assert rating(api_for, ana, table) == "Rated against bots"
    services.table_start(table_id=table.pk, user=ana)
    answer = client.post(f"/tables/{table.pk}/against-bots/", follow=True)
    assert "whether it is rated is settled" in answer.content.decode()
    assert seat(table, ben).rated_against_bots


def test_someone_not_seated_cannot_set_a_choice(ana, ben, carl):
    table = three_seats_with_a_bot(ana, ben, ana_chose=True, ben_chose=True)
    answer = login_client(carl).post(
        f"/tables/{table.pk}/against-bots/", {"rated_against_bots": "on"}, follow=True
    )
    assert "You have no seat at this table." in answer.content.decode()
    assert not Seat.objects.filter(table=table, user=carl).exists()


def test_the_api_join_takes_the_choice_and_refuses_a_bad_one(ana, ben, carl, api_for):
    table = services.table_create(creator=ana, game="coup", max_players=4)
    answer = api_for(ben).post(f"/api/tables/{table.pk}/join", {"rated_against_bots": True})
    assert answer.status_code == 200 and seat(table, ben).rated_against_bots
    bad = api_for(carl).post(f"/api/tables/{table.pk}/join", {"rated_against_bots": "yes"})
    assert bad.status_code in (400, 422)
    assert not Seat.objects.filter(table=table, user=carl).exists()


def test_an_invitation_link_where_a_bot_sits_asks_then_seats_with_the_answer(ana, ben):
    table = services.table_create(creator=ana, game="coup", max_players=3, rated_against_bots=True)
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    url = f"/invite/{links.invite_link_token(table)}/"
    client = login_client(ben)
    asked = client.get(url)
    assert asked.status_code == 200 and CHOICE in asked.content.decode()
    assert not Seat.objects.filter(table=table, user=ben).exists()
    client.post(url, {"against_bots_asked": "1", "rated_against_bots": "on"})
    assert seat(table, ben).rated_against_bots


def test_the_new_table_form_and_play_now_keep_the_creators_choice(ana):
    client = login_client(ana)
    client.post(
        "/tables/new/",
        {
            "game": "coup",
            "max_players": "3",
            "time_control": "normal",
            "max_timeouts": "3",
            "rated": "on",
            "rated_against_bots": "on",
        },
    )
    table = ana.created_tables.get()
    assert seat(table, ana).rated_against_bots
    now = services.table_play_now(user=ana, game="coup", level="easy", rated=True)
    assert seat(now, ana).rated_against_bots


def test_the_catch_up_of_lost_ratings_does_not_look_at_games_a_choice_left_unrated(
    ana, django_capture_on_commit_callbacks, django_assert_num_queries
):
    from datetime import timedelta

    from players import ratings

    table = services.table_create(
        creator=ana, game="coup", max_players=2, options={"rounds_to_win": 1}
    )
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    with django_capture_on_commit_callbacks(execute=False):
        table = _finish(table, ana)
    # One query finds nothing to rate: the game is not read again, seat by seat.
    with django_assert_num_queries(1):
        assert ratings.missed_ratings_rate(now=table.finished_at + timedelta(minutes=5)) == 0


def test_a_rematch_keeps_its_creators_choice(ana):
    table = services.table_create(
        creator=ana,
        game="coup",
        max_players=2,
        options={"rounds_to_win": 1},
        rated_against_bots=True,
    )
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    table = _finish(table, ana)
    again = services.table_rematch(table_id=table.pk, user=ana)
    assert seat(again, ana).rated_against_bots


def test_the_players_page_marks_a_game_a_choice_left_unrated(ana):
    table = services.table_create(
        creator=ana, game="coup", max_players=2, options={"rounds_to_win": 1}
    )
    services.table_bot_add(table_id=table.pk, user=ana, level="easy")
    table = _finish(table, ana)
    page = login_client(ana).get("/players/ana/").content.decode()
    row = page.split(f"#{table.pk}</a>")[1].split("</tr>")[0]
    assert '<span class="muted small">unrated</span>' in row
