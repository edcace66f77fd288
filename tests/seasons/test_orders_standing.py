"""Standing orders in Seasons: the choice of the last season die (SEA-5.3,
Example SEA-E2: one die more than players, so the last to choose takes one
of two and leaves the die nobody took, whose dots move the season, SEA-9.1),
and the new year (SEA-9.3) that turns the order off."""

from __future__ import annotations

import pytest

from games.seasons.rules import ENGINE
from games.seasons.rules.flow import _die_worth as die_worth
from games.seasons.rules.table import face_of, head
from tables import services
from tests.conftest import ApiClient, login_client
from tests.support.orders import (
    advance,
    drive,
    lines_with,
    notices_of,
    orders_of,
    random_playout_checks_orders,
    standing_rows,
    table_at,
)

KEEP_BEST = {"last_die": "keep_best"}
KEEP_SLOW = {"last_die": "keep_slow"}


def picking(state, left: int) -> bool:
    task = head(state)
    return (
        state["phase"] == "duel"
        and task is not None
        and task["k"] == "die"
        and sum(d["by"] is None for d in state["dice"]) == left
    )


def last_pick(seed: int):
    state = ENGINE.setup(3, {"level": "apprentice"}, seed)
    state = advance(ENGINE, state, lambda s: picking(s, 2))
    return state, head(state)["seat"]


def test_sea_5_3_the_order_answers_only_the_last_choice_of_a_die():
    state = ENGINE.setup(3, {"level": "apprentice"}, 5)
    first = advance(ENGINE, state, lambda s: picking(s, 4))
    assert ENGINE.standing_move(first, head(first)["seat"], KEEP_BEST) is None
    second = advance(ENGINE, first, lambda s: picking(s, 3))
    assert ENGINE.standing_move(second, head(second)["seat"], KEEP_BEST) is None
    last, seat = last_pick(5)
    assert ENGINE.standing_move(last, seat, KEEP_BEST) is not None
    assert ENGINE.standing_move(last, (seat + 1) % 3, KEEP_BEST) is None
    assert ENGINE.standing_move(last, seat, {"last_die": "ask"}) is None


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_sea_9_1_keep_best_takes_the_better_die_and_keep_slow_leaves_the_fewest_dots(seed):
    state, seat = last_pick(seed)
    left = [i for i, d in enumerate(state["dice"]) if d["by"] is None]
    faces = {i: face_of(state, i) for i in left}

    best = ENGINE.standing_move(state, seat, KEEP_BEST)
    assert ENGINE.listed(state, seat, best) is not None
    assert die_worth(faces[best["die"]]) == max(die_worth(f) for f in faces.values())

    slow = ENGINE.standing_move(state, seat, KEEP_SLOW)
    assert ENGINE.listed(state, seat, slow) is not None
    [leftover] = [i for i in left if i != slow["die"]]
    assert faces[leftover].dots == min(f.dots for f in faces.values())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_in_random_games_the_order_makes_only_listed_moves(players):
    orders = KEEP_SLOW if players % 2 else KEEP_BEST
    assert random_playout_checks_orders(ENGINE, players, orders, seed=players) > 0


def test_sea_9_3_a_new_year_ends_the_order():
    state, seat = last_pick(2)
    mark = ENGINE.order_mark(state, seat, "last_die")
    assert ENGINE.order_ended(state, seat, "last_die", mark) is None
    next_year = {**state, "year": state["year"] + 1}
    assert ENGINE.order_ended(next_year, seat, "last_die", mark) == "year 2 began"


@pytest.mark.django_db
def test_the_order_picks_the_last_die_each_round_until_the_year_changes(users):
    players = users[:2]
    start = ENGINE.setup(2, {"level": "apprentice"}, 11)
    # Late in year 1, at a round's first choice of a die.
    state = advance(ENGINE, start, lambda s: picking(s, 3) and s["month"] >= 10)
    first = head(state)["seat"]
    last = 1 - first
    table = table_at("seasons", players, state)
    services.standing_orders_set(table_id=table.pk, user=players[last], orders=KEEP_SLOW)
    assert standing_rows(table, last) == []  # the first choice is not the order's

    drive(table, players, lambda s: s["year"] == 2 or s["phase"] == "over")
    rows = standing_rows(table, last)
    assert rows and all(r.move["action"] == "take_die" for r in rows)

    kept = orders_of(table, last)
    assert kept["last_die"] == "ask"
    assert notices_of(table, last)[0].endswith("was turned off: year 2 began.")
    [line] = lines_with(table, "was turned off")
    assert line["to"] == [last]
    page = login_client(players[last]).get(f"/tables/{table.pk}/").content.decode()
    assert "was turned off: year 2 began." in page
    read = ApiClient(players[last]).get(f"/api/tables/{table.pk}").json()
    assert read["standing_orders"]["orders"] == {"last_die": "ask"}
    assert ApiClient(players[first]).get(f"/api/tables/{table.pk}").json()["standing_orders"] == {
        "orders": {},
        "turned_off": [],
    }
