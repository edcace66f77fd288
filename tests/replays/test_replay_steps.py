"""What a replay step says in words: who played it and who was to act."""

from __future__ import annotations

import pytest

from tables import services
from tests.conftest import login_client, start_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_incomes(users):
    """A Coup game where each seat has taken Income once (COUP-5.1): move 1
    by the first player, move 2 by the second."""
    table = start_table("coup", users[:2], {"rounds_to_win": 1}, seed=5)
    movers = []
    for _ in range(2):
        seat = table.to_act[0]
        player = table.seats.get(number=seat).user
        services.move_submit(
            table_id=table.pk, user=player, version=table.version, move={"action": "income"}
        )
        movers.append(player.username)
        table.refresh_from_db()
    return table, movers


def test_each_step_names_the_player_who_played_it(two_incomes, users):
    """Either seat's move says who played it, the second seat's too."""
    table, movers = two_incomes
    client = login_client(users[4])
    for move, mover in enumerate(movers, start=1):
        html = client.get(f"/tables/{table.pk}/replay/{move}/").content.decode()
        assert f"Played by {mover}</strong>" in html, f"move {move}"


def test_each_step_says_who_was_to_act_then(two_incomes, users):
    """After the second Income the turn is back with the first player, and
    the step says so."""
    table, movers = two_incomes
    html = login_client(users[4]).get(f"/tables/{table.pk}/replay/2/").content.decode()
    assert f"To act: {movers[0]}" in html
    html = login_client(users[4]).get(f"/tables/{table.pk}/replay/1/").content.decode()
    assert f"To act: {movers[1]}" in html


def test_a_step_a_spectator_may_not_read_still_says_who_moved(users):
    """A Koryo move whose log lines are all private to its player (KOR-6.1:
    cards are placed face down until revealed) shows a spectator only who
    moved."""
    from tables.models import Move
    from tests.conftest import play_random_moves

    table = play_random_moves(start_table("koryo", users[:3], seed=7), users[:3], 25, seed=3)
    names = {s.number: s.user.username for s in table.seats.all()}
    secret = [
        mv
        for mv in Move.objects.filter(table=table).order_by("seq")
        if all(line["to"] is not None for line in mv.log)
    ]
    assert secret, "the game has a move with no public line"
    client = login_client(users[4])
    for mv in secret:
        html = client.get(f"/tables/{table.pk}/replay/{mv.seq}/").content.decode()
        expected = f"{names[mv.seat]} moved (no line of the log for a spectator to read)."
        assert expected in html, f"move {mv.seq}"
