"""Random bots play whole games through the JSON API only (for every player
count and option combination), and identical posts race on PostgreSQL."""

from __future__ import annotations

import pytest

from tables.models import Move, Table
from tests.conftest import ApiClient, requires_postgres, start_table
from tests.support.bots import play_api_game
from tests.support.concurrency import race

pytestmark = pytest.mark.django_db

# Every combination of Coup's options, at every player count they allow
# (factions need three players, COUP-10.1). The starting coins are a choice
# of two-player games only: at more players both values deal the same game.
COUP_CONFIGS = [
    (players, {"factions": factions, "rounds_to_win": rounds, "two_player_coins": coins})
    for players in range(2, 7)
    for factions in (False, True)
    for rounds in range(1, 6)
    for coins in (("both_one", "first_one") if players == 2 else ("both_one",))
    if not (factions and players < 3)
]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), COUP_CONFIGS)
def test_random_bots_play_coup_to_the_end_through_the_api(users, players, options):
    clients = [ApiClient(user) for user in users[:players]]
    seed = players * 100 + options["rounds_to_win"] * 10 + options["factions"]
    final = play_api_game(clients, "coup", options, seed=seed)
    assert final["status"] == "finished"
    assert final["options"] == options
    assert len(final["outcome"]["winners"]) == 1
    assert max(final["outcome"]["scores"]) == options["rounds_to_win"]
    table = Table.objects.get(pk=final["id"])
    seqs = list(table.moves.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, table.version + 1))


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_identical_api_posts_get_one_200_and_one_409(users):
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    tokens = [ApiClient(users[actor]) for _ in range(2)]
    url = f"/api/tables/{table.pk}/moves"
    answers = race(
        *(lambda c=c: c.post(url, {"version": 0, "move": {"action": "income"}}) for c in tokens)
    )
    assert sorted(a.status_code for a in answers) == [200, 409]
    assert list(Move.objects.filter(table=table).values_list("seq", flat=True)) == [1]
