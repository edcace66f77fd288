"""Two players finish a rated game in their browsers, then find their new
ratings on their player pages and on the game's leaderboard, at desktop and
phone widths."""

from __future__ import annotations

import re

import pytest

from players.models import Rating
from tables.models import TableState
from tests.browser.conftest import open_two_player_table, play, shot
from tests.conftest import state_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_players_see_their_new_ratings_after_a_rated_game(new_page, settings):
    ana, ben = new_page(), new_page()
    # This deal has ana (seat 0) play first.
    table = open_two_player_table(ana, ben, "Coup", seed=3)
    assert table.rated and table.to_act == [0]
    # Ana can afford a coup and ben is down to his last card.
    state = state_of(table)
    state["coins"][0] = 7
    state["hands"][1] = state["hands"][1][:1]
    TableState.objects.filter(pk=table.pk).update(state=state)
    ana.goto(f"/tables/{table.pk}/")
    assert "rated" in ana.inner_text(".table-head")
    play(ana, {"action": "coup", "target": 1})
    ana.wait_for_selector("text=New ratings")
    shot(ana, "ratings-01-game-over")
    ratings = {r.user.username: r.shown for r in Rating.objects.select_related("user")}
    assert ratings["ana"] > 1500 > ratings["ben"]
    status = ana.inner_text(".status-line")
    assert f"ana {ratings['ana']}" in status and f"ben {ratings['ben']}" in status

    # Ana follows her own name to her page.
    ana.locator(".status-line a.player", has_text="ana").click()
    ana.wait_for_url(re.compile(r"/players/ana/$"))
    assert ana.locator("h1").inner_text() == "ana"
    assert str(ratings["ana"]) in ana.inner_text("table.ratings")
    assert "1st" in ana.inner_text("table.games-over")
    shot(ana, "ratings-02-ana-player-page")

    ben.goto(f"/tables/{table.pk}/")
    ben.wait_for_selector("text=Game over.")
    ben.locator(".status-line a.player", has_text="ben").click()
    ben.wait_for_url(re.compile(r"/players/ben/$"))
    assert str(ratings["ben"]) in ben.inner_text("table.ratings")
    assert "2nd" in ben.inner_text("table.games-over")
    shot(ben, "ratings-03-ben-player-page")

    # The leaderboard, from the header.
    ben.click(".site-header >> text=Ratings")
    ben.wait_for_url(re.compile(r"/ratings/coup/$"))
    rows = ben.locator("table.leaderboard tbody tr")
    assert rows.count() == 2
    assert rows.nth(0).inner_text().split() == ["1", "ana", str(ratings["ana"]), "1"]
    assert rows.nth(1).inner_text().split() == ["2", "ben", str(ratings["ben"]), "1"]
    shot(ben, "ratings-04-leaderboard")

    # At phone width nothing spills over the side of the page.
    for page, path, name in [
        (ana, "/players/ana/", "ratings-05-player-page-phone"),
        (ben, "/ratings/coup/", "ratings-06-leaderboard-phone"),
    ]:
        page.set_viewport_size(PHONE)
        page.goto(path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{path} is {width} px wide"
        # The last column (the rating) is on screen, not scrolled away.
        box = page.locator("table.list tbody tr td:last-child").first.bounding_box()
        assert box["x"] + box["width"] <= PHONE["width"], f"{path}: the last column is cut"
        shot(page, name)
