"""Moves offered at the edges of a player's board (SEA-OP2, SEA-8)."""

from __future__ import annotations

from .helpers import duel, moves

GAUGE_BONUS = {"action": "bonus", "bonus": 3}


def test_sea_op2_8_2_no_gauge_bonus_once_the_gauge_is_full():
    """A gauge at 15 cannot rise: the Summon +1 bonus would cost its
    prestige points (SEA-8.3) for nothing, so it is not offered."""
    assert GAUGE_BONUS not in moves(duel(gauge=[15]), 0)
    assert GAUGE_BONUS in moves(duel(gauge=[14]), 0)
