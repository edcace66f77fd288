"""Hidden information never leaves the server: for states that differ only in
secrets a person may not see (another player's cards, the deck order, the
generator), the page and the API answer they get are the same.

Each case is a seeded game played to its end through the move service; the
first position of every phase (and of the phase's sub-steps) is compared for
every seat and a spectator, so every phase of every game is checked, the same
positions on every run."""

from __future__ import annotations

import random
import re

import pytest

from games import registry
from tables.models import TableState
from tests.conftest import ApiClient, login_client, play_random_moves, start_table, state_of
from tests.coup.secrets import scramble_secrets as scramble_coup
from tests.koryo.secrets import scramble_secrets as scramble_koryo
from tests.seasons.secrets import scramble_secrets as scramble_seasons
from tests.troyes.secrets import scramble_secrets as scramble_troyes

pytestmark = pytest.mark.django_db

SCRAMBLERS = {
    "coup": scramble_coup,
    "koryo": scramble_koryo,
    "seasons": scramble_seasons,
    "troyes": scramble_troyes,
}
COUP_PHASES = {
    "turn",
    "challenge_action",
    "block",
    "challenge_block",
    "reveal",
    "lose_influence",
    "exchange",
    "game_over",
}
KORYO_PHASES = {"orders", "orders: how many", "actions", "discard", "over"}
# The draft (wizard and archmage only, SEA-4.1), the year sets (SEA-4.2), then
# in the duel the choice of a season die, the main turn, a choice the turn's
# player makes for a card, and one another player makes in that turn.
SEASONS_PHASES = {
    "draft",
    "sets",
    "die",
    "main",
    "a choice in the turn",
    "another seat's choice",
    "over",
}
# Placement, the events and black dice, the action phase with an action being
# built, a paid turn-over with free dice left and a trade card's uses.
TROYES_PHASES = {
    "placement",
    "defence",
    "actions",
    "actions: building",
    "actions: turning over",
    "uses",
    "over",
}
# (game, players, options, the table's seed, the phases its game goes through).
# The seeds are chosen so that each game, played with the seeded random moves
# below, goes through every phase and ends quickly; where one seed cannot (a
# Troyes card with a choice of uses is rare, its single use being played
# without asking), two cases share the phases between them.
CASES = [
    ("coup", 2, {}, 15, COUP_PHASES),
    ("coup", 4, {}, 278, COUP_PHASES),
    ("coup", 5, {"factions": True, "rounds_to_win": 2}, 75, COUP_PHASES | {"turn in round 2"}),
    ("koryo", 2, {}, 70, KORYO_PHASES),
    ("koryo", 3, {}, 318, KORYO_PHASES),
    ("koryo", 4, {}, 28, KORYO_PHASES),
    ("seasons", 2, {"level": "apprentice"}, 27, SEASONS_PHASES - {"draft"}),
    ("seasons", 3, {"level": "archmage"}, 11, SEASONS_PHASES),
    ("troyes", 2, {}, 3, TROYES_PHASES - {"uses"}),
    ("troyes", 4, {}, 9, TROYES_PHASES - {"actions: turning over"}),
]
MAX_MOVES = 1500

_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def page(client, table) -> str:
    html = client.get(f"/tables/{table.pk}/board/").content.decode()
    return _CSRF.sub("", html)


def answer(table, clients) -> tuple:
    """What one person gets from the board and the API."""
    browser, api = clients
    return (
        page(browser, table),
        api.get(f"/api/tables/{table.pk}").json(),
        api.get(f"/api/tables/{table.pk}/log").json(),
    )


def save_state(table, state) -> None:
    TableState.objects.filter(pk=table.pk).update(state=state)


def phase_of(game: str, state: dict) -> str:
    if game == "coup":
        if state["round"] > 1 and state["phase"] == "turn":
            return "turn in round 2"
        return state["phase"]
    if game == "koryo":
        if state["phase"] == "orders" and state["order_kind"] is not None:
            return "orders: how many"
        return state["phase"]
    if game == "seasons":
        return _seasons_phase(state)
    if state["phase"] == "actions":
        if state["build"] is not None:
            return "actions: building"
        if state["turning"] is not None:
            return "actions: turning over"
    return state["phase"]


def _seasons_phase(state: dict) -> str:
    if state["phase"] != "duel":
        return state["phase"]
    task = state["queue"][0]
    if task["k"] in ("die", "main"):
        return task["k"]
    turn = state["turn"]
    if turn is not None and task["seat"] != turn["seat"]:
        return "another seat's choice"
    return "a choice in the turn"


def compare_secrets(table, viewers: dict, game: str, rng: random.Random) -> int:
    """Each viewer's answer with the state as it is, and with everything that
    viewer may not see scrambled; returns how many viewers were compared."""
    original = state_of(table)
    try:
        for seat, clients in viewers.items():
            seen = answer(table, clients)
            save_state(table, SCRAMBLERS[game](original, seat, rng))
            assert answer(table, clients) == seen, (game, phase_of(game, original), seat)
            save_state(table, original)
    finally:
        save_state(table, original)
    return len(viewers)


@pytest.mark.parametrize(("game", "players", "options", "seed", "phases"), CASES)
def test_pages_and_api_do_not_depend_on_secrets(users, game, players, options, seed, phases):
    rng = random.Random(7)
    table = start_table(game, users[:players], options, seed=seed)
    people = {seat.number: seat.user for seat in table.seats.select_related("user")}
    people[None] = users[5]
    # A logged-in browser and a bot's token for each player and the spectator.
    viewers = {seat: (login_client(user), ApiClient(user)) for seat, user in people.items()}
    compared: dict[str, int] = {}
    for step in range(MAX_MOVES):
        phase = phase_of(game, state_of(table))
        if phase not in compared:
            compared[phase] = compare_secrets(table, viewers, game, rng)
        if not table.is_active:
            break
        table = play_random_moves(table, users[:players], 1, seed=seed * MAX_MOVES + step)
    assert not table.is_active, "the game did not end"
    assert set(compared) == phases
    # Every seat and the spectator, at the first position of every phase.
    assert sum(compared.values()) == len(phases) * (players + 1)


def test_the_cases_cover_every_phase_of_every_game():
    covered: dict[str, set] = {entry.slug: set() for entry in registry.all_games()}
    for game, _players, _options, _seed, phases in CASES:
        covered[game] |= phases
    assert all(covered.values()), "a game without cases"
    assert covered == {
        "coup": COUP_PHASES | {"turn in round 2"},
        "koryo": KORYO_PHASES,
        "seasons": SEASONS_PHASES,
        "troyes": TROYES_PHASES,
    }
