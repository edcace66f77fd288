"""A seat whose time has run out is timed out as the sweep would do it,
whichever path reaches it first: standing orders set late do not play an
ordinary pass for it (issue 12, point 8)."""

from __future__ import annotations

from clocks.sweep import deadlines_sweep
from tables import services
from tables.models import Move, Seat
from tests.clocks.helpers import HOUR, MIN, hour_control
from tests.conftest import ApiClient, start_table

ALWAYS_PASS = {"challenges": "always_pass", "blocks": "never_block"}


def _window_with_a_late_responder(users, frozen):
    """Three players; the actor claims Tax (a challenge window for both
    others) and the two responders let their hour run out."""
    table = start_table("coup", users[:3], time_control=hour_control())
    actor = table.to_act[0]
    services.move_submit(table_id=table.pk, user=users[actor], version=0, move={"action": "tax"})
    frozen.advance(HOUR + MIN)
    responders = [(actor + 1) % 3, (actor + 2) % 3]
    return table, actor, responders


def _outcome(table, actor):
    """The moves and the seats' clocks, seats counted from the actor (the
    deal, and so the first player, is random)."""
    moves = [
        ((seat - actor) % 3, kind, move)
        for seat, kind, move in Move.objects.filter(table=table)
        .order_by("seq")
        .values_list("seat", "kind", "move")
    ]
    seats = {
        (s.number - actor) % 3: (s.timeouts, s.time_left, s.must_act)
        for s in Seat.objects.filter(table=table)
    }
    return moves, seats


def test_standing_orders_set_after_the_deadline_are_a_timeout_as_the_sweep_plays_it(users, frozen):
    table, actor, responders = _window_with_a_late_responder(users, frozen)
    late = responders[0]
    response = ApiClient(users[late]).put(
        f"/api/tables/{table.pk}/standing-orders", {"orders": ALWAYS_PASS}
    )
    assert response.status_code == 200
    by_orders = _outcome(table, actor)
    late_moves = [(seat, kind) for seat, kind, _ in by_orders[0][1:]]
    assert (1, "timeout") in late_moves and (1, "standing") not in late_moves
    assert by_orders[1][1][0] == 1  # the timeout is counted

    # The same position timed out by the sweep ends the same way.
    Move.objects.all().delete()
    table.delete()
    frozen.set(frozen.now - HOUR - MIN)
    twin, twin_actor, _ = _window_with_a_late_responder(users, frozen)
    deadlines_sweep(now=frozen.now)
    by_sweep = _outcome(twin, twin_actor)
    assert by_sweep[0] == by_orders[0]
    assert by_sweep[1] == by_orders[1]


def test_another_players_move_times_out_a_late_responder_first_come(users, frozen):
    table, _, responders = _window_with_a_late_responder(users, frozen)
    Seat.objects.filter(table=table, number=responders[1]).update(deadline_at=frozen.now + HOUR)
    table.refresh_from_db()
    services.move_submit(
        table_id=table.pk, user=users[responders[1]], version=1, move={"action": "pass"}
    )
    kinds = list(Move.objects.filter(table=table).order_by("seq").values_list("seat", "kind"))
    assert (responders[0], "timeout") in kinds
    assert Seat.objects.get(table=table, number=responders[0]).timeouts == 1


def test_a_late_seat_is_told_so_instead_of_offered_moves(users, frozen):
    table, _, responders = _window_with_a_late_responder(users, frozen)
    answer = ApiClient(users[responders[0]]).get(f"/api/tables/{table.pk}").json()
    assert answer["legal_moves"] == []
    assert "ran out" in answer["prompt"]
    refused = ApiClient(users[responders[0]]).post(
        f"/api/tables/{table.pk}/moves", {"version": 1, "move": {"action": "pass"}}
    )
    assert refused.status_code == 403


def test_a_seat_in_time_is_still_offered_its_moves(users, frozen):
    table, _, responders = _window_with_a_late_responder(users, frozen)
    frozen.set(frozen.now - 2 * MIN)
    answer = ApiClient(users[responders[0]]).get(f"/api/tables/{table.pk}").json()
    assert {"action": "pass"} in answer["legal_moves"]
