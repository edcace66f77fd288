"""The replay page steps by turn: a seat's moves under one question of the
game are one step, shown as the board after the turn with its small moves
listed within it. "Seen by" names the seat chosen."""

from __future__ import annotations

import pytest

from games import registry
from replays.selectors import replay_step, replay_turn
from tables import services
from tables.models import Move
from tests.conftest import login_client, play_random_moves, start_table, state_of

pytestmark = pytest.mark.django_db


def play(table, prefer: list[str], count: int):
    """Play `count` moves: for whoever is first to act, the first legal move
    whose action comes first in `prefer` (else their first legal move)."""
    engine = registry.get(table.game).engine
    by_seat = {seat.number: seat.user for seat in table.seats.all()}
    rank = {action: i for i, action in enumerate(prefer)}
    for _ in range(count):
        table.refresh_from_db()
        seat = table.to_act[0]
        moves = engine.legal_moves(state_of(table), seat)
        move = min(moves, key=lambda m: rank.get(m.get("action"), len(rank)))
        services.move_submit(
            table_id=table.pk, user=by_seat[seat], version=table.version, move=move
        )
    table.refresh_from_db()
    return table


def actions(step) -> list[tuple[int, str]]:
    """(seat, action) of each move of a step, from the log."""
    rows = Move.objects.filter(table=step.table, seq__gte=step.first, seq__lte=step.move)
    return [(row.seat, row.move["action"]) for row in rows.order_by("seq")]


def test_a_koryo_order_and_its_reveal_are_each_one_step(users):
    """KOR-6.1: an order is one decision (a family, then how many), placed
    in turn (KOR-6.2); KOR-7.1: revealing it card by card is one turn."""
    table = start_table("koryo", users[:2], seed=5)
    first = table.to_act[0]
    other = 1 - first
    play(table, ["order_count", "order_kind", "reveal"], 6)
    steps = [replay_turn(table=table, user=None, turn=n) for n in range(1, 4)]
    assert actions(steps[0]) == [(first, "order_kind"), (first, "order_count")]
    assert actions(steps[1]) == [(other, "order_kind"), (other, "order_count")]
    assert {seat for seat, _ in actions(steps[2])} == {first}
    assert actions(steps[2])[0] == (first, "reveal")
    # The board after a step is the board after its last move.
    assert steps[1].move == 4
    assert steps[1].tv.view == replay_step(table=table, user=None, move=4).tv.view
    assert steps[1].headline.startswith(f"Turn 2 of {steps[1].turns}: ")


def test_coup_answers_to_a_claim_are_steps_of_their_own(users):
    """COUP-4.2: a turn is one action; COUP-OP9: every other player is asked
    about a claim at once and each answers, with a clock of their own."""
    table = start_table("coup", users[:3], seed=3)
    actor = table.to_act[0]
    play(table, ["tax", "pass", "income"], 4)
    steps = [replay_turn(table=table, user=None, turn=n) for n in range(1, 5)]
    assert actions(steps[0]) == [(actor, "tax")]
    answers = [actions(step) for step in steps[1:3]]
    assert sorted(seat for [(seat, _)] in answers) == sorted({0, 1, 2} - {actor})
    assert all(action == "pass" for [(_, action)] in answers)
    assert actions(steps[3]) == [((actor + 1) % 3, "tax")]


def test_the_page_lists_a_turns_small_moves_and_steps_by_turn(users):
    table = play(start_table("koryo", users[:2], seed=5), ["order_count", "order_kind"], 4)
    page = login_client(users[4]).get(f"/tables/{table.pk}/replay/2/").content.decode()
    assert "Turn 2 <span" in page
    assert "moves 3 to 4" in page
    details = page.split("<details")[1].split("</details>")[0]
    assert "Move by move (2 moves)" in details
    assert "Move 3</span>" in details and "Move 4</span>" in details
    # KOR-7.1: each player's lone face-down card, their only move, was
    # revealed as part of the order before it: turns 3 and 4 of their own.
    assert table.version == 6
    assert f'href="/tables/{table.pk}/replay/4/"' in page
    assert f'href="/tables/{table.pk}/replay/5/"' not in page
    assert f'href="/tables/{table.pk}/replay/1/"' in page


def test_seen_by_names_the_seat_chosen_and_you_only_by_default(users):
    running = play_random_moves(start_table("koryo", users[:2], seed=7), users[:2], 8, seed=3)
    ana = login_client(users[0])
    own = ana.get(f"/tables/{running.pk}/replay/1/").content.decode()
    assert "Seen by you" in own and "it means" not in own
    chosen = ana.get(f"/tables/{running.pk}/replay/1/?seat=0").content.decode()
    assert "Seen by ana" in chosen and "Seen by you" not in chosen
    finished = play_random_moves(start_table("coup", users[:2], seed=1), users[:2], 500, seed=1)
    for reader in (users[1], users[4]):
        page = login_client(reader).get(f"/tables/{finished.pk}/replay/1/?seat=1")
        assert "Seen by ben" in page.content.decode()
        assert "Seen by you" not in page.content.decode()
        # The boards write "(you)" by the seat drawn: the page says whom it means.
        assert "where it says “you”, it means ben." in page.content.decode()
    # Nobody but the reader is called "you" on the board: not the seat chosen.
    for reader, seat in ((users[0], 1), (users[4], 1), (users[4], 0)):
        page = login_client(reader).get(f"/tables/{finished.pk}/replay/1/?seat={seat}")
        assert "(you)" not in page.content.decode()
    own = login_client(users[1]).get(f"/tables/{finished.pk}/replay/1/?seat=1")
    assert "(you)" in own.content.decode()


def test_a_koryo_board_seen_by_another_seat_calls_nobody_you(users):
    finished = play_random_moves(start_table("koryo", users[:2], seed=7), users[:2], 2000, seed=3)
    assert finished.is_over
    page = login_client(users[0]).get(f"/tables/{finished.pk}/replay/3/?seat=1").content.decode()
    assert "Seen by ben" in page and "(you)" not in page
    own = login_client(users[0]).get(f"/tables/{finished.pk}/replay/3/?seat=0").content.decode()
    assert "(you)" in own


def test_a_seat_asked_a_new_question_starts_a_new_step(users):
    """COUP-OP8: a Steal's target is asked first whether to challenge the
    Captain, then whether to block: two questions, two steps, though the
    same seat answers both one after the other."""
    table = start_table("coup", users[:2], seed=3)
    thief = table.to_act[0]
    play(table, ["steal", "pass"], 3)
    steps = [replay_turn(table=table, user=None, turn=n) for n in range(1, 4)]
    assert [actions(step) for step in steps] == [
        [(thief, "steal")],
        [(1 - thief, "pass")],
        [(1 - thief, "pass")],
    ]
