"""Player pages and leaderboards: what they show, from a history played
through the real services, and what they cost."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from tables import services
from tables.models import Seat, Table
from tests.conftest import make_user, start_table
from tests.players.helpers import coup, coup_to_the_last_card, finish_coup

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    """The page's words, without tags."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def history(ana, ben, carl, frozen):
    """Ana wins a rated game against ben and loses an unrated one to him;
    in a game with carl she runs out of time once and is then dropped."""
    finish_coup(ana, ben)
    finish_coup(ben, ana, rated=False)
    table = coup_to_the_last_card(ana, carl, time_control="fast")
    frozen.advance(timedelta(days=30))
    assert services.table_timeouts_play(table_id=table.pk, now=frozen.now) == 1
    services.seat_drop(table_id=table.pk, number=0, reason="Gone")
    table.refresh_from_db()
    assert table.is_active
    return table


def test_a_player_page_shows_ratings_games_and_reliability(client, history, ana):
    page = client.get("/players/ana/")
    assert page.status_code == 200
    html = page.content.decode()
    words = text(html)
    assert "Member since" in words
    # One rated game of Coup, won: above the newcomers' 1500.
    row = re.search(r"Coup \s*(\d+) (\d+)", words[words.index("Ratings") :])
    assert int(row.group(1)) > 1500 and row.group(2) == "1"
    # Ana made one move herself (the winning coup), the game one for her
    # when her time ran out: she was in time for 1 of her 2 moves so far.
    assert "Moves played in time 50% (1 of 2)" in words
    assert "Timeouts 1" in words
    assert "Games abandoned 1 of 3" in words
    # In play: the game with carl; finished: two, newest first.
    in_play = words[words.index("Games in play") : words.index("Finished games")]
    assert f"Coup #{history.pk}" in in_play and "carl" in in_play
    finished = words[words.index("Finished games") :]
    assert finished.index("2nd") < finished.index("unrated") < finished.index("1st")
    assert re.search(r"1st 1 point ben (\d+) \(\+\d+\)", finished)
    assert 'href="/players/ben/"' in html and 'href="/ratings/coup/"' in html


def test_a_player_page_of_nobody_is_not_found(client, db):
    assert client.get("/players/nobody/").status_code == 404
    assert client.get("/players/a%00b/").status_code == 404


def test_a_newcomer_page_says_there_is_nothing_yet(client, ana):
    words = text(client.get("/players/ana/").content.decode())
    assert "No rated game finished yet." in words
    assert "no moves yet" in words and "No finished game yet." in words


def test_finished_games_are_paginated_newest_first(client, ana, ben, monkeypatch):
    from players import selectors

    monkeypatch.setattr(selectors, "GAMES_PER_PAGE", 3)
    tables = [finish_coup(ana, ben) for _ in range(4)]
    first = client.get("/players/ana/").content.decode()
    assert first.index(f"Coup #{tables[3].pk}<") < first.index(f"Coup #{tables[1].pk}<")
    assert f"Coup #{tables[0].pk}<" not in first
    assert "Page 1 of 2" in first and 'href="?page=2"' in first
    second = client.get("/players/ana/?page=2").content.decode()
    assert f"Coup #{tables[0].pk}<" in second and f"Coup #{tables[-1].pk}<" not in second


def test_the_leaderboard_ranks_players_best_first(client, ana, ben, carl):
    finish_coup(ana, ben)
    finish_coup(ana, carl)
    finish_coup(carl, ben)
    words = text(client.get("/ratings/coup/").content.decode())
    assert re.search(r"1 ana \d+ 2 2 carl \d+ 2 3 ben \d+ 2", words)
    assert "Koryo" in words  # the other games' tabs


def test_the_leaderboard_of_an_unknown_game_is_not_found(client, db):
    assert client.get("/ratings/chess/").status_code == 404


def test_the_ratings_link_leads_to_a_leaderboard(client, db):
    response = client.get("/ratings/")
    assert response.status_code == 302 and response.url.startswith("/ratings/")
    assert client.get(response.url).status_code == 200


def test_a_page_of_the_leaderboard_is_paginated(client, ana, ben, carl, monkeypatch):
    from players import selectors

    monkeypatch.setattr(selectors, "RATINGS_PER_PAGE", 2)
    finish_coup(ana, ben)
    finish_coup(ana, carl)
    words = text(client.get("/ratings/coup/?page=2").content.decode())
    assert "Page 2 of 2" in words and re.search(r"3 (ben|carl) \d+ 1", words)
    assert "1 ana" not in words


def count_queries(django_assert_max_num_queries, client, path: str) -> int:
    with django_assert_max_num_queries(20) as captured:
        assert client.get(path).status_code == 200
    return len(captured.captured_queries)


def test_pages_cost_the_same_with_one_game_or_thirty(
    client, ana, ben, django_assert_max_num_queries
):
    finish_coup(ana, ben)
    start_table("coup", [ana, ben])
    one = [
        count_queries(django_assert_max_num_queries, client, path)
        for path in ("/players/ana/", "/ratings/coup/")
    ]
    for i in range(29):
        other = make_user(f"rival{i}")
        finish_coup(ana, other)
        start_table("coup", [other, ana])
    many = [
        count_queries(django_assert_max_num_queries, client, path)
        for path in ("/players/ana/", "/ratings/coup/")
    ]
    assert many == one


def test_names_on_the_table_page_link_to_player_pages(client, ana, ben):
    table = start_table("coup", [ana, ben])
    html = client.get(f"/tables/{table.pk}/").content.decode()
    assert '<a class="player" href="/players/ben/">ben</a>' in html
    assert "rated" in text(html)


def test_the_end_of_a_rated_game_shows_the_new_ratings(client, ana, ben):
    table = finish_coup(ana, ben)
    words = text(client.get(f"/tables/{table.pk}/").content.decode())
    assert re.search(r"New ratings: ana \d+ \(\+\d+\) , ben \d+ \(−\d+\) \.", words)


def test_the_end_of_an_unrated_game_shows_no_ratings(client, ana, ben):
    table = finish_coup(ana, ben, rated=False)
    words = text(client.get(f"/tables/{table.pk}/").content.decode())
    assert "New ratings" not in words and "unrated" in words


def test_a_dropped_seat_is_marked_on_the_player_page(client, ana, ben, carl):
    table = coup_to_the_last_card(ana, ben, carl)
    services.seat_drop(table_id=table.pk, number=2, reason="Gone")
    coup(table, ana, 1)
    coup(table, ana, 2)
    assert Table.objects.get(pk=table.pk).status == "finished"
    words = text(client.get("/players/carl/").content.decode())
    assert "3rd 0 points dropped" in words
    assert Seat.objects.get(table=table, user=carl).dropped
