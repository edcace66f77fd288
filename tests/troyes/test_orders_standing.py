"""Standing orders in Troyes: "do not defend with influence" fights the
black dice with the defender's own dice alone (TRO-9.3 to TRO-9.8, TRO-OP8,
TRO-OP10), never rerolling, recruiting or turning dice for influence
(TRO-9.9, TRO-10.5), and a later round's new events and black dice (TRO-9.1)
turn it off."""

from __future__ import annotations

import pytest

from games.troyes.rules import ENGINE
from games.troyes.rules import cards as C
from tables import services
from tests.conftest import login_client
from tests.support.orders import (
    drive,
    lines_with,
    notices_of,
    orders_of,
    random_playout_checks_orders,
    standing_rows,
    table_at,
)

from .helpers import actions, placed, set_dice

NO_INFLUENCE = {"defence": "no_influence"}
INFLUENCE = {"reroll", "recruit", "turn"}


def defending(dice, black, ip=10):
    state = set_dice(placed(2, 1), dice)
    state.update(phase="defence", black=black, current=0, start=0, fight={"black": [0], "own": []})
    state["ip"] = [ip, ip]
    state["vp"] = [10, 10]
    return state


def ordered(state, seat):
    made = []
    while state["phase"] == "defence" and state["current"] == seat:
        move = ENGINE.standing_move(state, seat, NO_INFLUENCE)
        if move is None:
            break
        assert ENGINE.listed(state, seat, move) is not None
        made.append(dict(move))
        state = ENGINE.apply(state, seat, move)
    return made, state


def test_tro_9_3_the_weakest_dice_that_win_fight_the_highest_black_die():
    state = defending([(0, C.YELLOW, 6), (0, C.YELLOW, 5), (1, C.WHITE, 1)], [5])
    made, state = ordered(state, 0)
    assert made == [{"action": "select_own", "die": 1}, {"action": "fight"}]  # the 5, TRO-OP8
    assert state["black"] == []


def test_tro_9_9_when_only_influence_could_win_the_order_takes_the_loss():
    # TRO-10.5: a reroll (1 influence) could show a 6; the order does not buy it.
    state = defending([(0, C.YELLOW, 2), (1, C.WHITE, 1)], [6], ip=5)
    assert {"action": "reroll", "die": 0} in ENGINE.legal_moves(state, 0)
    vp_before = state["vp"][0]
    made, state = ordered(state, 0)
    assert made == [{"action": "concede"}]
    assert state["vp"][0] == vp_before - C.PENALTY  # TRO-9.6
    assert state["ip"][0] == 5


def test_the_order_answers_only_its_own_seats_defence():
    state = defending([(0, C.YELLOW, 6), (1, C.WHITE, 6)], [5])
    assert ENGINE.standing_move(state, 1, NO_INFLUENCE) is None
    assert ENGINE.standing_move(state, 0, {"defence": "ask"}) is None
    assert ENGINE.standing_move(actions(2, 1), 0, NO_INFLUENCE) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_in_random_games_the_order_makes_only_listed_moves_and_spends_no_influence(players):
    assert random_playout_checks_orders(ENGINE, players, NO_INFLUENCE, seed=players) > 0
    state = ENGINE.setup(players, {}, players)
    for _ in range(5000):
        if ENGINE.outcome(state) is not None:
            break
        seat = state["current"]
        move = ENGINE.standing_move(state, seat, NO_INFLUENCE)
        assert move is None or move["action"] not in INFLUENCE
        state = ENGINE.apply(state, seat, move or ENGINE.timeout_move(state, seat))


def test_tro_9_1_the_order_covers_the_next_defence_and_a_later_round_ends_it():
    in_actions = actions(2, 1)
    mark = ENGINE.order_mark(in_actions, 0, "defence")
    assert mark == {"round": in_actions["round"] + 1}
    next_round = {**in_actions, "round": in_actions["round"] + 1, "phase": "defence"}
    assert ENGINE.order_ended(next_round, 0, "defence", mark) is None
    later = {**in_actions, "round": in_actions["round"] + 2}
    assert (
        ENGINE.order_ended(later, 0, "defence", mark)
        == f"round {later['round']} brought new events and black dice"
    )


@pytest.mark.django_db
def test_the_order_fights_the_next_defence_then_turns_itself_off(users):
    players = users[:2]
    # Seed 1: the black dice of round 2 reach seat 1 with a fight it can win.
    table = table_at("troyes", players, actions(2, 1))
    services.standing_orders_set(table_id=table.pk, user=players[1], orders=NO_INFLUENCE)

    drive(table, players, lambda s: s["round"] == 3 or s["phase"] == "over", limit=600)
    rows = standing_rows(table, 1)
    assert rows
    assert {r.move["action"] for r in rows} <= {"select_own", "select_black", "fight", "concede"}

    kept = orders_of(table, 1)
    assert kept["defence"] == "ask"
    assert notices_of(table, 1)[0].endswith(
        "was turned off: round 3 brought new events and black dice."
    )
    [line] = lines_with(table, "was turned off")
    assert line["to"] == [1]
    page = login_client(players[1]).get(f"/tables/{table.pk}/").content.decode()
    assert "round 3 brought new events and black dice" in page
