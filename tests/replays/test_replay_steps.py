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
    # Income is a whole turn (COUP-4.2): turn n is move n here.
    for turn, mover in enumerate(movers, start=1):
        html = client.get(f"/tables/{table.pk}/replay/{turn}/").content.decode()
        assert f"Played by {mover}</strong>" in html, f"turn {turn}"


def test_each_step_says_who_was_to_act_then(two_incomes, users):
    """After the second Income the turn is back with the first player, and
    the step says so."""
    table, movers = two_incomes
    html = login_client(users[4]).get(f"/tables/{table.pk}/replay/2/").content.decode()
    assert f"To act: {movers[0]}" in html
    html = login_client(users[4]).get(f"/tables/{table.pk}/replay/1/").content.decode()
    assert f"To act: {movers[1]}" in html


def test_a_step_a_spectator_may_not_read_still_says_who_moved(users):
    """A Seasons turn whose log lines are all private to its player (SEA-4.2,
    SEA-OP5: the year sets are made in secret) shows a spectator only who
    moved."""
    from games import registry
    from replays.turns import turns_of
    from tables.models import Move
    from tests.conftest import play_random_moves

    table = start_table("seasons", users[:2], {"level": "apprentice"}, seed=4)
    table = play_random_moves(table, users[:2], 30, seed=4)
    names = {s.number: s.user.username for s in table.seats.all()}
    moves = {mv.seq: mv for mv in Move.objects.filter(table=table)}
    found = turns_of(table, registry.get("seasons").engine, 2)
    secret = [
        turn
        for turn in range(1, found.count + 1)
        if all(
            line["to"] is not None
            for seq in range(found.span(turn)[0], found.span(turn)[1] + 1)
            for line in moves[seq].log
        )
    ]
    assert secret, "the game has a turn with no public line"
    client = login_client(users[4])
    for turn in secret:
        html = client.get(f"/tables/{table.pk}/replay/{turn}/").content.decode()
        seat = moves[found.span(turn)[0]].seat
        expected = f"{names[seat]} moved (no line of the log for a spectator to read)."
        assert expected in html, f"turn {turn}"


def test_a_move_the_rules_now_refuse_stops_the_replay_with_a_reason(two_incomes, users):
    """Rules changed under the same engine version: the stored move no longer
    applies, and the replay says so (409) rather than failing."""
    from tables.models import Move

    table, _ = two_incomes
    Move.objects.filter(table=table, seq=2).update(move={"action": "no such action"})
    answer = login_client(users[4]).get(f"/tables/{table.pk}/replay/2/")
    assert answer.status_code == 409
    assert "Move 2 of this game is not legal under the rules" in answer.content.decode()


def test_an_empty_seat_in_the_address_is_the_default_view(two_incomes, users):
    table, _ = two_incomes
    client = login_client(users[4])
    plain = client.get(f"/tables/{table.pk}/replay/1/")
    empty = client.get(f"/tables/{table.pk}/replay/1/?seat=")
    assert empty.status_code == plain.status_code == 200
    assert "Seen by a spectator" in empty.content.decode()
