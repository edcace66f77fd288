"""A seat's only legal move, when the engine marks it forced, is played as
part of the move before it: in the same transaction, logged as its own row,
the version counting each move, and no clock increment for a move nobody
chose. Koryo marks a last face-down card to reveal as forced (KOR-7.1);
Coup marks nothing, so its choices stay with the player (COUP-8.1)."""

from __future__ import annotations

import pytest

from notifications.models import Notification
from tables import services
from tables.errors import StaleVersion
from tables.models import Move, TableState
from tests.conftest import requires_postgres, start_table, state_of
from tests.koryo.helpers import card_of, make_state
from tests.support.concurrency import race
from tests.web.test_koryo_page import put_state

pytestmark = pytest.mark.django_db


def edit(table, **changes) -> None:
    state = state_of(table)
    state.update(changes)
    TableState.objects.filter(pk=table.pk).update(state=state)


def logged(table) -> list[tuple[int, int, dict, str]]:
    return list(table.moves.order_by("seq").values_list("seq", "seat", "move", "kind"))


def test_coup_8_1_two_different_cards_leave_the_choice_to_the_player(users):
    table = start_table("coup", users[:3])
    actor = table.to_act[0]
    target = (actor + 1) % 3
    state = state_of(table)
    state["coins"][actor] = 7
    state["hands"][target] = ["duke", "captain"]
    edit(table, coins=state["coins"], hands=state["hands"])
    services.move_submit(
        table_id=table.pk,
        user=users[actor],
        version=0,
        move={"action": "coup", "target": target},
    )
    table.refresh_from_db()
    assert (table.version, table.to_act) == (1, [target])


def koryo_table(users, orders_of) -> tuple:
    """A two-player Koryo table in its actions phase, the first seat to act
    holding face-down `orders_of[0]`, the other `orders_of[1]`."""
    table = start_table("koryo", users[:2], time_control="fast")
    actor = table.to_act[0]
    orders = [[], []]
    orders[actor], orders[1 - actor] = orders_of
    state = make_state(2, orders=orders, current=actor, first_player=actor)
    put_state(table, state)
    return table, actor, state


def test_kor_7_1_a_last_face_down_card_is_revealed_as_part_of_the_move_before(users):
    """The actor turns up a Merchant; its Journalist, then the other
    player's lone Guardian, are each the only move of their seat."""
    table, actor, state = koryo_table(users, ([9, 8], [7]))
    other = 1 - actor
    merchant = card_of(state, actor, 9, "orders")
    journalist = card_of(state, actor, 8, "orders")
    guardian = card_of(state, other, 7, "orders")
    bank_before = table.seats.get(number=other).time_left
    services.move_submit(
        table_id=table.pk,
        user=users[actor],
        version=0,
        move={"action": "reveal", "card": merchant},
    )
    table.refresh_from_db()
    assert logged(table) == [
        (1, actor, {"action": "reveal", "card": merchant}, Move.Kind.PLAYER),
        (2, actor, {"action": "reveal", "card": journalist}, Move.Kind.PLAYER),
        (3, other, {"action": "reveal", "card": guardian}, Move.Kind.PLAYER),
    ]
    assert table.version == 3
    assert table.moves.get(seq=3).log[0]["text"] == f"{{p{other}}} reveals a Guardian."
    state = state_of(table)
    assert state["orders"] == [[], []]
    assert state["round"] == 2 and state["phase"] == "orders"
    # The other seat never chose anything: no increment was earned, and as
    # first player of round 2 it is asked, by email too, as after any move.
    seat = table.seats.get(number=other)
    assert table.to_act == [other] and seat.time_left == bank_before
    assert Notification.objects.filter(kind="turn", seat=seat).exists()


def test_kor_7_1_two_kinds_face_down_are_a_choice_and_wait_for_the_player(users):
    table, actor, state = koryo_table(users, ([9, 8, 8], [7]))
    merchant = card_of(state, actor, 9, "orders")
    services.move_submit(
        table_id=table.pk,
        user=users[actor],
        version=0,
        move={"action": "reveal", "card": merchant},
    )
    table.refresh_from_db()
    # Two Journalists left: one at a time, or all at once (KOR-7.2).
    assert (table.version, table.to_act) == (1, [actor])


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_posts_of_one_move_play_its_forced_sequel_once(users):
    table, actor, state = koryo_table(users, ([9, 8], [7]))
    merchant = card_of(state, actor, 9, "orders")

    def post():
        return services.move_submit(
            table_id=table.pk,
            user=users[actor],
            version=0,
            move={"action": "reveal", "card": merchant},
        )

    results = race(post, post)
    assert sum(isinstance(r, services.MoveResult) for r in results) == 1, results
    assert sum(isinstance(r, StaleVersion) for r in results) == 1, results
    table.refresh_from_db()
    assert [seq for seq, *_ in logged(table)] == [1, 2, 3] and table.version == 3
