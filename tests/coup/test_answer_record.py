"""Every seat's public record of its answers: how many challenge and block
windows it answered, and how often by challenging or blocking. Each answer
is said aloud at the table (COUP-6, COUP-7), so every seat's view shows
the same record and a bot may weigh it."""

from __future__ import annotations

from games.coup.rules import ENGINE
from tests.coup.helpers import act, block, make_state

D, A, C, M, T = "duke", "assassin", "captain", "ambassador", "contessa"


def record(challenges=0, challenge_windows=0, blocks=0, block_windows=0):
    return {
        "challenges": challenges,
        "challenge_windows": challenge_windows,
        "blocks": blocks,
        "block_windows": block_windows,
    }


def test_a_new_game_starts_every_record_empty():
    state = ENGINE.setup(4, {}, 1)
    assert state["answers"] == [record()] * 4


def test_a_pass_and_a_challenge_are_counted_for_the_seats_that_gave_them():
    state = act(make_state([[D, C], [A, T], [M, T]]), 0, "tax")
    state = act(state, 1, "pass")
    state = act(state, 2, "challenge")
    assert state["answers"] == [record(), record(0, 1), record(1, 1)]


def test_blocks_and_the_challenge_of_a_block_are_counted_apart():
    state = act(make_state([[C, D], [A, T]], coins=[2, 2]), 0, "steal", target=1)
    state = act(state, 1, "pass")  # no challenge of the Captain
    state = block(state, 1, M)  # the block window
    state = act(state, 0, "challenge")  # seat 0 doubts the Ambassador
    assert state["answers"] == [record(1, 1), record(0, 1, 1, 1)]


def test_the_record_is_the_same_in_every_seats_view():
    state = act(make_state([[D, C], [A, T], [M, T]]), 0, "tax")
    state = act(state, 1, "challenge")
    views = [ENGINE.view(state, seat) for seat in (0, 1, 2, None)]
    assert all(view["answers"] == state["answers"] for view in views)


def test_a_state_saved_before_the_record_existed_gets_one_on_its_next_move():
    state = make_state([[D, C], [A, T]])
    del state["answers"]
    assert ENGINE.view(state, 0)["answers"] == [record(), record()]
    state = act(act(state, 0, "tax"), 1, "pass")
    assert state["answers"] == [record(), record(0, 1)]
