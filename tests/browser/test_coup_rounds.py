"""A two-player game of Coup to 2 round wins (COUP-9.1): the table page
shows the round being played, the target and each player's wins, and the
final score when someone reaches it. Most moves go through the move service
to keep the test short; the pages follow by their own polling."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth import get_user_model

from games import registry
from tables import services
from tables.models import Table, TableState
from tests.browser.conftest import play, shot, sign_up
from tests.support.seeds import seed_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Moves that end a round soon, most wanted first; then anything legal.
QUICK = ["coup", "assassinate", "lose", "reveal", "return", "tax", "pass", "income"]


def play_until(table: Table, done, seed: int = 3) -> None:
    """Play through the service until `done(state)` holds."""
    rng = random.Random(seed)
    entry = registry.get("coup")
    users = {s.number: s.user for s in table.seats.select_related("user")}
    for _ in range(500):
        table.refresh_from_db()
        state = TableState.objects.get(pk=table.pk).state
        if done(state):
            return
        seat = table.to_act[0]
        moves = entry.engine.legal_moves(state, seat)
        actions = [m["action"] for m in moves]
        wanted = next((a for a in QUICK if a in actions), None)
        pool = [m for m in moves if m["action"] == wanted] or moves
        services.move_submit(
            table_id=table.pk, user=users[seat], version=table.version, move=rng.choice(pool)
        )
    raise AssertionError("the game did not get there")


def test_a_game_to_two_wins_shows_the_round_score(new_page, settings):
    pages = {"ana": new_page(), "ben": new_page()}
    for name, page in pages.items():
        sign_up(page, name)
    ana, ben = (get_user_model().objects.get(username=name) for name in pages)
    table = services.table_create(
        creator=ana, game="coup", options={"rounds_to_win": 2}, max_players=2, time_control="none"
    )
    services.table_join(table_id=table.pk, user=ben)
    seed_deal(table.pk)
    services.table_start(table_id=table.pk, user=ana)

    pages["ana"].goto(f"/tables/{table.pk}/")
    score = pages["ana"].inner_text(".coup-score")
    assert "Round 1 · first to 2 wins" in score
    assert score.count("0 wins") == 2

    play_until(table, lambda state: state["round"] == 2)
    names = {s.number: s.user.username for s in table.seats.select_related("user")}
    state = TableState.objects.get(pk=table.pk).state
    first_winner = names[state["round_winners"][0]]
    for name, page in pages.items():
        page.goto(f"/tables/{table.pk}/")
        score = page.inner_text(".coup-score")
        assert "Round 2 · first to 2 wins" in score
        assert "1 win" in score and "0 wins" in score
        assert f"Round 1: {first_winner}" in score
        shot(page, f"rounds-01-{name}-round-2")

    # One move of round 2 clicked on the page, as a player would.
    table.refresh_from_db()
    page = pages[names[table.to_act[0]]]
    state = TableState.objects.get(pk=table.pk).state
    move = registry.get("coup").engine.legal_moves(state, table.to_act[0])[0]
    play(page, move)
    page.wait_for_selector(
        f"#board .poll[hx-get*='version={table.version + 1}&']", state="attached"
    )

    play_until(table, lambda state: state["phase"] == "game_over")
    table.refresh_from_db()
    assert table.status == "finished"
    for name, page in pages.items():
        page.wait_for_selector("text=Game over.")
        score = page.inner_text(".coup-score")
        assert "Final score · first to 2 wins" in score
        assert "2 wins" in score
        assert "wins 2 rounds to" in page.inner_text(".status-line")
        shot(page, f"rounds-02-{name}-final-score")
