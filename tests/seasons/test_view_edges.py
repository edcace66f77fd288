"""What the view shows between phases (SEA-2, SEA-10)."""

from __future__ import annotations

import pytest

from games.seasons.rules import ENGINE


@pytest.mark.parametrize("seat", [0, 1, None])
def test_sea_2_10_no_final_score_while_the_year_sets_are_made(seat):
    """The final score sheet belongs to the end of the game (SEA-10): a
    table splitting its cards into year sets shows none."""
    state = ENGINE.setup(2, {"level": "apprentice"}, 3)
    assert state["phase"] == "sets"
    assert ENGINE.view(state, seat)["final"] is None
