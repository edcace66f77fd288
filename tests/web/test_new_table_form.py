"""The "Open a table" form offers every Coup variant, and opens exactly the
table that was asked for.

Rules: COUP-OP1 (2 to 6 players), COUP-OP2 (two-player starting coins),
COUP-9.1 (1 to 5 rounds to win), COUP-10 (Factions, which need 3 players).
"""

from __future__ import annotations

import itertools
import json

import pytest

from tables.models import Table
from tests.conftest import login_client

pytestmark = pytest.mark.django_db

# From the rules, not from the engine: COUP-10 (Factions off or on), COUP-9.1
# (1 to 5 rounds to win), COUP-OP2 (both players take one coin, or only the first).
CHOICES = {
    "factions": [False, True],
    "rounds_to_win": [1, 2, 3, 4, 5],
    "two_player_coins": ["both_one", "first_one"],
}
DEFAULTS = {"factions": False, "rounds_to_win": 1, "two_player_coins": "both_one"}
COMBINATIONS = list(
    itertools.product(
        CHOICES["factions"], CHOICES["rounds_to_win"], CHOICES["two_player_coins"], range(2, 7)
    )
)


def posted(value) -> str:
    """How the form writes a value: text as it is, other values as JSON."""
    return value if isinstance(value, str) else json.dumps(value)


def form_data(players: int, **options) -> dict[str, str]:
    """What the browser posts."""
    data = {
        "game": "coup",
        "max_players": str(players),
        "time_control": "none",
        "max_timeouts": "3",
    }
    data.update({f"opt_{key}": posted(value) for key, value in options.items()})
    return data


def test_the_form_offers_every_option_value(ana):
    html = login_client(ana).get("/tables/new/?game=coup").content.decode()
    for key, values in CHOICES.items():
        for value in values:
            assert f'<option value="{posted(value)}"' in html, (key, value)
    for players in range(2, 7):
        assert f'<option value="{players}"' in html
    assert "With Factions On: 3 to 6 players." in html


def test_every_combination_of_options_and_player_count_opens_its_table(ana):
    client = login_client(ana)
    opened = 0
    for factions, rounds, coins, players in COMBINATIONS:
        options = {"factions": factions, "rounds_to_win": rounds, "two_player_coins": coins}
        response = client.post("/tables/new/?game=coup", form_data(players, **options))
        if factions and players < 3:
            continue  # refused: the next test checks how
        assert response.status_code == 302, (options, players)
        table = Table.objects.latest("pk")
        assert response["Location"] == f"/tables/{table.pk}/"
        assert (table.game, table.options, table.max_players) == ("coup", options, players)
        assert table.creator == ana
        opened += 1
    assert opened == len(COMBINATIONS) - 2 * 5  # only factions with 2 players is refused


@pytest.mark.parametrize("rounds", CHOICES["rounds_to_win"])
def test_factions_with_two_players_is_refused_with_a_clear_error(ana, rounds):
    """COUP-10 needs two factions of players: at least 3."""
    response = login_client(ana).post(
        "/tables/new/?game=coup", form_data(2, factions=True, rounds_to_win=rounds)
    )
    assert response.status_code == 200
    assert "needs 3 to 6 players" in response.content.decode()
    assert not Table.objects.exists()


def test_the_options_left_out_take_their_defaults(ana):
    response = login_client(ana).post("/tables/new/", form_data(4))
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.options == DEFAULTS
    assert table.max_players == 4


def test_a_value_the_game_does_not_offer_is_refused(ana):
    data = form_data(3, rounds_to_win=6)
    response = login_client(ana).post("/tables/new/", data)
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not Table.objects.exists()
