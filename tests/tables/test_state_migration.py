"""The state of every game's tables moves from the game apps' own models to
the one state model (tables migration 0006): a database at the former
migrations, holding tables of all four games mid-game and finished, migrates
forward in one `migrate` with every state carried over; each table in play
still takes its next move, and every replay still opens."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games import registry
from tables import services
from tables.models import Table, TableState
from tests.conftest import login_client, play_random_moves, start_table

# Schema changes cannot run inside a test's transaction.
pytestmark = pytest.mark.django_db(transaction=True)

GAMES = ("coup", "koryo", "seasons", "troyes")
# The migrations of today's main before the one state model.
FORMER = [
    ("tables", "0005_table_revision_move_target_rematch"),
    *((game, "0001_initial") for game in GAMES),
]
FORMER_MODELS = {
    "coup": "CoupState",
    "koryo": "KoryoState",
    "seasons": "SeasonsState",
    "troyes": "TroyesState",
}


def _tables_of_every_game(users) -> tuple[list[Table], list[Table]]:
    """A table of each game a few moves in, and one played to its end (both
    players resign: their seats then play their timeout moves to the end)."""
    running, finished = [], []
    for index, game in enumerate(GAMES):
        table = start_table(game, users[:2], seed=40 + index)
        running.append(play_random_moves(table, users[:2], 6, seed=index))
        table = start_table(game, users[2:4], seed=50 + index)
        for user in users[2:4]:
            services.seat_resign(table_id=table.pk, user=user)
        table.refresh_from_db()
        assert table.status == Table.Status.FINISHED
        finished.append(table)
    return running, finished


def _migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return MigrationExecutor(connection)


def _head() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def test_every_games_state_is_carried_to_the_one_state_model(users):
    running, finished = _tables_of_every_game(users)
    states = dict(TableState.objects.values_list("table_id", "state"))
    assert set(states) == {t.pk for t in running + finished}
    head = _head()
    try:
        # Today's main: each game's tables in its own state model.
        former = _migrate(FORMER).loader.project_state(FORMER).apps
        assert "tables_tablestate" not in connection.introspection.table_names()
        for game, name in FORMER_MODELS.items():
            rows = dict(former.get_model(game, name).objects.values_list("table_id", "state"))
            assert rows == {
                pk: s for pk, s in states.items() if Table.objects.get(pk=pk).game == game
            }
    finally:
        # Forward in one `migrate`, as a deployment runs it.
        _migrate(head)

    assert dict(TableState.objects.values_list("table_id", "state")) == states
    names = connection.introspection.table_names()
    assert not {f"{game}_{name.lower()}" for game, name in FORMER_MODELS.items()} & set(names)

    rng = random.Random(4)
    for table in running:
        seat = table.to_act[0]
        user = table.seats.get(number=seat).user
        move = rng.choice(registry.get(table.game).engine.legal_moves(states[table.pk], seat))
        services.move_submit(table_id=table.pk, user=user, version=table.version, move=move)
        table.refresh_from_db()
        assert TableState.objects.get(pk=table.pk).state != states[table.pk]
    for table in running + finished:
        player = table.seats.get(number=0).user
        response = login_client(player).get(f"/tables/{table.pk}/replay/")
        assert response.status_code == 200, table.game
