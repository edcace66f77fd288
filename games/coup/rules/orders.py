"""Standing orders: the quiet answers (a pass) made for a player who set
them in advance (COUP-OP8, COUP-OP9), and the news that turns them off.

An order only ever passes a challenge or block window; a claim aimed at the
player, or a block of their own action, still asks them under "pass unless
it concerns me". It was set for the table as the player saw it then, so it
ends when the table changes in a way that reasonably changes the answer:
the player loses an influence (one card left, a wrong pass now costs the
game), another player is knocked out (fewer opponents, other threats), or
a new round is dealt (COUP-9, the rounds-to-win variant). Each is public.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.coup.rules.cards import BLOCK, CHALLENGE_ACTION, CHALLENGE_BLOCK, GAME_OVER
from games.coup.rules.table import to_act, who
from games.engine import Move, State


def standing_move(s: State, seat: int, orders: Mapping[str, Any]) -> Move | None:
    """Pass for `seat` when its standing orders cover the open window."""
    phase = s["phase"]
    if phase not in (CHALLENGE_ACTION, BLOCK, CHALLENGE_BLOCK) or seat not in to_act(s):
        return None
    pending = s["pending"]
    if phase == BLOCK:
        blocks = orders.get("blocks", "ask")
        if blocks == "never_block" or (
            blocks == "never_block_foreign_aid" and pending["action"] == "foreign_aid"
        ):
            return {"action": "pass"}
        return None
    challenges = orders.get("challenges", "ask")
    if challenges == "always_pass":
        return {"action": "pass"}
    if challenges == "pass_unless_targeted":
        concerned = pending["target"] == seat
        if phase == CHALLENGE_BLOCK:
            # A block of my own action concerns me as much as one aimed at me.
            concerned = concerned or pending["actor"] == seat
        if not concerned:
            return {"action": "pass"}
    return None


def order_mark(s: State, seat: int, key: str) -> Any:
    """The round, the seat's lost cards and who was knocked out so far: all
    face up on the table."""
    return {
        "round": s["round"],
        "lost": len(s["dead"][seat]),
        "out": list(s["eliminations"][-1]),
    }


def order_ended(s: State, seat: int, key: str, mark: Any) -> str | None:
    if not isinstance(mark, Mapping) or s["phase"] == GAME_OVER or not s["hands"][seat]:
        return None  # nothing left to answer for a player who is out
    if s["round"] != mark.get("round", s["round"]):
        return f"round {s['round']} was dealt"
    if len(s["dead"][seat]) > mark.get("lost", 0):
        return "you lost an influence"
    known = set(mark.get("out", ()))
    knocked_out = [other for other in s["eliminations"][-1] if other not in known]
    if knocked_out:
        return f"{who(knocked_out[0])} was knocked out"
    return None
