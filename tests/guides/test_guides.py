"""How to play: a page per game, reached from the lobby, the new-table form
and the table page."""

from __future__ import annotations

import itertools
import re

import pytest
from django.test import Client

from games import registry
from tests.conftest import login_client, start_table

pytestmark = pytest.mark.django_db

SECTIONS = [
    "The goal",
    "The pieces",
    "A turn",
    "How it ends and is scored",
    "Table options",
    "Playing on this site",
]


def headings(html: str) -> list[tuple[int, str]]:
    found = re.findall(r"<h([1-6])[^>]*>(.*?)</h\1>", html, re.S)
    return [(int(level), re.sub(r"<[^>]+>", "", text).strip()) for level, text in found]


@pytest.mark.parametrize("game", ["coup", "koryo", "seasons", "troyes"])
def test_each_game_has_a_page_with_its_sections_in_order(game):
    name = registry.get(game).engine.name
    response = Client().get(f"/how-to-play/{game}/")
    assert response.status_code == 200
    html = response.content.decode()
    found = headings(html)
    page = [text for level, text in found if level in (1, 2) and text != "Log in"]
    assert page[: 1 + len(SECTIONS)] == [f"How to play {name}", *SECTIONS]
    # Headings go down one level at a time: an h3 only under an h2.
    levels = [level for level, _ in found]
    assert all(b <= a + 1 for a, b in itertools.pairwise(levels)), levels
    # The players' words: no rule ids of the specification.
    assert not re.search(r"\b(COUP|KOR|SEA|TRO)-", html)


def test_the_options_listed_are_the_ones_the_new_table_form_offers():
    html = Client().get("/how-to-play/coup/").content.decode()
    # COUP-9, COUP-10: the variants, read from the engine's options.
    for option in registry.get("coup").engine.options:
        assert option.label in html
        for _, label in option.choices:
            assert label in html
    assert "Reformation factions" in html and "Rounds to win" in html
    assert "no variants" in Client().get("/how-to-play/koryo/").content.decode()


def test_an_unknown_game_has_no_page():
    assert Client().get("/how-to-play/chess/").status_code == 404


def test_the_index_links_every_game():
    html = Client().get("/how-to-play/").content.decode()
    for entry in registry.all_games():
        assert f'href="/how-to-play/{entry.slug}/"' in html


def test_the_lobby_the_new_table_form_and_the_table_link_the_guide(users):
    ana = users[0]
    lobby = Client().get("/").content.decode()
    for entry in registry.all_games():
        assert f'href="/how-to-play/{entry.slug}/"' in lobby
    client = login_client(ana)
    new = client.get("/tables/new/?game=troyes").content.decode()
    assert 'href="/how-to-play/troyes/">How to play Troyes</a>' in new
    table = start_table("koryo", users[:2])
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'href="/how-to-play/koryo/">How to play Koryo</a>' in page
