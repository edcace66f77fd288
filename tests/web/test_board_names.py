"""Every game's board names its players with links to their pages, as the
rest of the site does."""

from __future__ import annotations

import pytest

from games import registry
from tests.conftest import login_client, start_table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", [entry.slug for entry in registry.all_games()])
def test_each_players_panel_links_to_their_page(game, users):
    table = start_table(game, users[:2])
    html = login_client(users[0]).get(f"/tables/{table.pk}/").content.decode()
    board = html[html.index('id="board"') :]
    for user in users[:2]:
        name = user.username
        assert f'<strong><a class="player" href="/players/{name}/">{name}</a></strong>' in board
