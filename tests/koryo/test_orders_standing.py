"""Standing orders in Koryo: "reveal all when asked" turns a player's
face-down cards up on their Actions turn (KOR-7.1, KOR-7.2), leaves events'
targets and the majorities' abilities to them (KOR-7.3, KOR-7.4, KOR-OP8,
KOR-OP10), and turns itself off when a new round deals new cards (KOR-5.1)."""

from __future__ import annotations

import pytest

from games.koryo.rules import ENGINE
from tables import services
from tables.models import Move
from tests.conftest import ApiClient, login_client, state_of
from tests.koryo.helpers import make_state
from tests.support.orders import (
    drive,
    lines_with,
    notices_of,
    orders_of,
    random_playout_checks_orders,
    standing_rows,
    table_at,
)

REVEAL = {"reveal": "reveal"}


def reveals(state, seat, orders):
    """The moves the order makes in a row, and the state they leave."""
    made = []
    while (move := ENGINE.standing_move(state, seat, orders)) is not None:
        assert ENGINE.listed(state, seat, move) is not None
        made.append(dict(move))
        state = ENGINE.apply(state, seat, move)
    return made, state


def test_kor_7_2_characters_go_up_first_a_stack_at_once_then_events_wait_for_a_target():
    state = make_state(2, orders=[[6, 6, "barbarians"], []], tableaux=[[], [9]])
    made, state = reveals(state, 0, REVEAL)
    assert [m["action"] for m in made] == ["reveal_all", "reveal"]
    assert made[0] == {"action": "reveal_all", "kind": 6}
    # KOR-7.8, KOR-OP10: the Barbarians' target is the player's to choose.
    assert state["pending"] is not None
    assert ENGINE.standing_move(state, 0, REVEAL) is None


def test_kor_op8_abilities_are_left_to_the_player_and_the_turn_ends_when_nothing_is_left():
    state = make_state(2, orders=[[2], []], tableaux=[[6], [9]], bank=0)
    made, state = reveals(state, 0, REVEAL)
    assert [m["action"] for m in made] == ["reveal"]
    assert state["current"] == 1  # nothing left to do: the turn ended by itself

    # KOR-7.5: with a token in the bank, the Banker's ability is still asked.
    state = make_state(2, orders=[[2], []], tableaux=[[6], [9]], bank=3)
    made, state = reveals(state, 0, REVEAL)
    assert [m["action"] for m in made] == ["reveal"]
    assert state["current"] == 0
    assert [m["action"] for m in ENGINE.legal_moves(state, 0)] == ["bank_take", "end_turn"]


def test_the_order_waits_for_the_actions_turn_and_never_acts_for_another_seat():
    orders_phase = make_state(2, phase="orders", hands=[[6, 6], [2]])
    assert ENGINE.standing_move(orders_phase, 0, REVEAL) is None
    acting = make_state(2, orders=[[6], [2]], current=0)
    assert ENGINE.standing_move(acting, 1, REVEAL) is None
    assert ENGINE.standing_move(acting, 0, {"reveal": "ask"}) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_in_random_games_the_order_makes_only_listed_moves(players):
    assert random_playout_checks_orders(ENGINE, players, REVEAL, seed=players) > 0


def test_kor_5_1_a_new_round_ends_the_order():
    state = make_state(2, phase="orders", hands=[[6], [2]], round_no=2)
    mark = ENGINE.order_mark(state, 0, "reveal")
    assert ENGINE.order_ended(state, 0, "reveal", mark) is None
    later = make_state(2, phase="orders", hands=[[6], [2]], round_no=3)
    assert ENGINE.order_ended(later, 0, "reveal", mark) == "round 3 dealt new cards"
    # Set during the discards (KOR-8), it is for the next round's cards.
    discards = make_state(2, phase="discard", round_no=2)
    assert ENGINE.order_ended(later, 0, "reveal", ENGINE.order_mark(discards, 0, "reveal")) is None
    # So is one set once the seat's own cards of the round are all face up.
    revealed = make_state(2, orders=[[], [6]], current=1, round_no=2)
    assert ENGINE.order_mark(revealed, 0, "reveal") == {"round": 3}
    assert ENGINE.order_mark(revealed, 1, "reveal") == {"round": 2}


@pytest.mark.django_db
def test_the_order_fires_on_the_seats_turn_then_turns_itself_off_in_the_next_round(users):
    players = users[:2]
    state = make_state(2, orders=[[9, 8], [6, 6, 2]], tableaux=[[], []], bank=0)
    table = table_at("koryo", players, state)
    services.standing_orders_set(table_id=table.pk, user=players[1], orders=REVEAL)
    assert standing_rows(table, 1) == []  # not seat 1's turn yet

    # Seat 0 reveals and ends its turn; seat 1's order answers its turn in
    # the same play, and the round ends (nobody is over the limit, KOR-8.1).
    drive(table, players, lambda s: s["round"] == 2)
    rows = standing_rows(table, 1)
    # The Spy first (families in order), then both Bankers in one move.
    assert [r.move["action"] for r in rows] == ["reveal", "reveal_all"]

    # KOR-5.1: the next round deals new cards; the order has not seen them.
    kept = orders_of(table, 1)
    assert kept["reveal"] == "ask"
    notice = "Your order \u201cReveal all my face-down cards when my Actions turn comes\u201d"
    assert notices_of(table, 1)[0] == f"{notice} was turned off: round 2 dealt new cards."
    [line] = lines_with(table, "was turned off")
    assert line["to"] == [1]  # only its seat reads it

    def log_texts(user):
        entries = ApiClient(user).get(f"/api/tables/{table.pk}/log").json()["entries"]
        return [ln for e in entries for ln in e["lines"] if "was turned off" in ln["text"]]

    assert log_texts(players[1]) == [{"text": notices_of(table, 1)[0], "private": True}]
    assert log_texts(players[0]) == []

    page = login_client(players[1]).get(f"/tables/{table.pk}/").content.decode()
    assert "was turned off: round 2 dealt new cards." in page
    other = login_client(players[0]).get(f"/tables/{table.pk}/").content.decode()
    assert "was turned off" not in other
    read = ApiClient(players[1]).get(f"/api/tables/{table.pk}").json()
    assert read["standing_orders"]["orders"] == {"reveal": "ask"}
    assert "round 2 dealt new cards" in read["standing_orders"]["turned_off"][0]
    assert state_of(table)["round"] == 2
    assert Move.objects.filter(table=table, seat=1, kind=Move.Kind.STANDING).count() == 2
