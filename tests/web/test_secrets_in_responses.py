"""Hidden information never leaves the server: for states that differ only in
secrets a person may not see (another player's cards, the deck order, the
generator), the page and the API answer they get are the same."""

from __future__ import annotations

import random
import re

import pytest

from games import registry
from tests.conftest import ApiClient, login_client, play_random_moves, start_table, state_of
from tests.coup.secrets import scramble_secrets as scramble_coup
from tests.koryo.secrets import scramble_secrets as scramble_koryo

pytestmark = pytest.mark.django_db

SCRAMBLERS = {"coup": scramble_coup, "koryo": scramble_koryo}
CASES = [
    ("coup", 2, {}),
    ("coup", 4, {}),
    ("coup", 5, {"factions": True, "rounds_to_win": 2}),
    ("koryo", 2, {}),
    ("koryo", 3, {}),
    ("koryo", 4, {}),
]

_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def page(client, table) -> str:
    html = client.get(f"/tables/{table.pk}/board/").content.decode()
    return _CSRF.sub("", html)


def answers(table, users, spectator) -> dict:
    """What every seat and a spectator get from the board and the API."""
    out = {}
    for seat in table.seats.select_related("user"):
        user = users[[u.pk for u in users].index(seat.user_id)]
        out[seat.number] = (
            page(login_client(user), table),
            ApiClient(user).get(f"/api/tables/{table.pk}").json(),
            ApiClient(user).get(f"/api/tables/{table.pk}/log").json(),
        )
    out[None] = (
        page(login_client(spectator), table),
        ApiClient(spectator).get(f"/api/tables/{table.pk}").json(),
        ApiClient(spectator).get(f"/api/tables/{table.pk}/log").json(),
    )
    return out


def save_state(table, state) -> None:
    registry.get(table.game).state_model.objects.filter(pk=table.pk).update(state=state)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_pages_and_api_do_not_depend_on_secrets(users, game, players, options):
    rng = random.Random(7)
    spectator = users[5]
    for moves in (3, 11, 25):
        table = start_table(game, users[:players], options)
        table = play_random_moves(table, users[:players], moves, seed=moves)
        if not table.is_active:
            continue
        original = state_of(table)
        seen = answers(table, users, spectator)
        for seat in [*range(players), None]:
            save_state(table, SCRAMBLERS[game](original, seat, rng))
            assert answers(table, users, spectator)[seat] == seen[seat], (game, moves, seat)
        save_state(table, original)
