"""A seat's standing orders as the platform keeps them, in `Seat.standing_orders`.

The field holds the seat's choice for each of the game's orders (what
`Engine.clean_standing_orders` returns) and two entries of the platform's
own, which no order key can be (they start with "_"):
- `_marks`: per order set (not at its default, "ask"), what the seat knew
  when it set it (`Engine.order_mark`), to tell news from what it expected;
- `_off`: the notices of the orders that turned themselves off since the
  player last saved their orders ("Your order ... was turned off: ...").

News ends an order: when `Engine.order_ended` gives a reason, the order goes
back to its default, in the transaction of the move that brought the news,
with a log line only its seat reads and a notice on its table page. So an
order never fires on a position its player could not have foreseen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import Engine, Option

MARKS = "_marks"
OFF = "_off"
# Notices kept for the page until the player saves their orders again.
MAX_NOTICES = 5


def chosen(stored: Mapping[str, Any]) -> dict[str, Any]:
    """The seat's choice per order, without the platform's own entries."""
    return {key: value for key, value in stored.items() if not key.startswith("_")}


def active(engine: Engine, stored: Mapping[str, Any]) -> list[tuple[Option, Any]]:
    """The orders set to something else than their default ("ask me")."""
    return [
        (opt, stored[opt.key])
        for opt in engine.standing_orders
        if opt.key in stored and stored[opt.key] != opt.default
    ]


def notices(stored: Mapping[str, Any]) -> list[str]:
    return [notice["text"] for notice in stored.get(OFF, ())]


def marked(engine: Engine, state: Mapping[str, Any], seat: int, cleaned: dict) -> dict:
    """Orders just set by the seat, with what it knows now of each."""
    marks = {}
    for opt, _ in active(engine, cleaned):
        mark = engine.order_mark(state, seat, opt.key)
        if mark is not None:
            marks[opt.key] = mark
    return {**cleaned, MARKS: marks} if marks else dict(cleaned)


def ended(engine: Engine, state: Mapping[str, Any], seat: int, stored: Mapping) -> dict[str, str]:
    """The seat's orders that news ended, each with its notice."""
    found = {}
    by_key = {opt.key: opt for opt in engine.standing_orders}
    for key, mark in stored.get(MARKS, {}).items():
        opt = by_key.get(key)
        if opt is None or stored.get(key, opt.default) == opt.default:
            continue
        reason = engine.order_ended(state, seat, key, mark)
        if reason is not None:
            found[key] = (
                f"Your order \u201c{opt.label_of(stored[key])}\u201d was turned off: {reason}."
            )
    return found


def turned_off(engine: Engine, stored: Mapping[str, Any], ends: Mapping[str, str]) -> dict:
    """The seat's orders with those of `ends` back at their default and
    their notices kept for the page."""
    defaults = {opt.key: opt.default for opt in engine.standing_orders}
    new = {**stored, **{key: defaults[key] for key in ends}}
    marks = {k: v for k, v in stored.get(MARKS, {}).items() if k not in ends}
    new[MARKS] = marks
    if not marks:
        del new[MARKS]
    kept = [*stored.get(OFF, ()), *({"key": k, "text": t} for k, t in ends.items())]
    new[OFF] = kept[-MAX_NOTICES:]
    return new
