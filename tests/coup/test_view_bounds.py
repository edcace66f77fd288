"""What the view gives a seat number outside the table, and the Exchange
draw outside an exchange: nothing of anyone's cards (COUP-OP15)."""

from __future__ import annotations

import pytest

from games.coup.rules import ENGINE
from tests.coup.helpers import act, make_state

D, A, C, M = "duke", "assassin", "captain", "ambassador"


@pytest.mark.parametrize("seat", [-1, 3, 4, None])
def test_a_seat_not_at_the_table_sees_no_hand(seat):
    state = make_state([[D, A], [C, M], [A, C]])
    view = ENGINE.view(state, seat)
    assert view["hand"] is None and view["exchange_draw"] is None
    assert view == ENGINE.view(state, None)


def test_the_exchange_draw_is_shown_only_during_the_exchange():
    state = make_state([[D, M], [C, A], [A, C]])
    state = act(state, 0, "steal", target=1)
    assert state["phase"] == "challenge_action"
    assert ENGINE.view(state, 0)["exchange_draw"] is None
    state = act(act(state, 1, "pass"), 2, "pass")
    assert state["phase"] == "block"
    assert ENGINE.view(state, 0)["exchange_draw"] is None
