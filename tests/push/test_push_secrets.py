"""A push can show on a lock screen: what it says, and what the one-screen
answer page shows, depend on nothing the seat may not see. For states that
differ only in another seat's secrets (their cards, the deck, the
generator: tests/<game>/secrets.py), the payload and the page are the
same, game by game."""

from __future__ import annotations

import random
import re

import pytest

from clocks import clock
from notifications.models import Notification
from push import payload
from tables.models import TableState
from tests.conftest import login_client, play_random_moves, start_table, state_of
from tests.coup.secrets import scramble_secrets as scramble_coup
from tests.koryo.secrets import scramble_secrets as scramble_koryo
from tests.seasons.secrets import scramble_secrets as scramble_seasons
from tests.troyes.secrets import scramble_secrets as scramble_troyes

SCRAMBLERS = {
    "coup": scramble_coup,
    "koryo": scramble_koryo,
    "seasons": scramble_seasons,
    "troyes": scramble_troyes,
}
CASES = [
    ("coup", 3, {}),
    ("koryo", 2, {}),
    ("seasons", 2, {"level": "apprentice"}),
    ("troyes", 2, {}),
]
# Moves played between two looks, and looks in all: enough for every game to
# reach some small decisions.
STRIDE = 3
LOOKS = 40

_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def save_state(table, state) -> None:
    TableState.objects.filter(pk=table.pk).update(state=state)


def answer_page(client, table) -> str:
    response = client.get(f"/tables/{table.pk}/answer/")
    if response.status_code == 302:
        return f"redirect to {response['Location']}"
    assert response.status_code == 200
    return _CSRF.sub("", response.content.decode())


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_pushes_and_the_answer_page_say_nothing_of_other_seats_secrets(
    users, vapid, game, players, options
):
    table = start_table(game, users[:players], options)
    seats = {s.number: s for s in table.seats.select_related("user")}
    clients = {number: login_client(seat.user) for number, seat in seats.items()}
    rng = random.Random(11)
    small = 0
    for look in range(LOOKS):
        table.refresh_from_db()
        if not table.is_active:
            break
        state = state_of(table)
        for number in table.to_act:
            notice = Notification(
                kind=Notification.Kind.TURN,
                table_id=table.pk,
                seat_id=seats[number].pk,
                user_id=seats[number].user_id,
            )
            now = clock.now()
            said = payload.build(notice, now), answer_page(clients[number], table)
            save_state(table, SCRAMBLERS[game](state, number, rng))
            assert (payload.build(notice, now), answer_page(clients[number], table)) == said
            save_state(table, state)
            small += bool(said[0]["actions"])
        play_random_moves(table, users[:players], STRIDE, seed=look)
    assert small, "no small decision was met: choose other moves"
