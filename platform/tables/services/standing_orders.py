"""A seat's standing orders as the platform keeps them.

`Seat.standing_orders` holds the seat's choice for each of the game's orders
(what `Engine.clean_standing_orders` returns). `Seat.order_news` holds what
the platform keeps to end them on news:
- `marks`: per order set (not at its default, "ask"), what the seat knew
  when it set it (`Engine.order_mark`), to tell news from what it expected;
- `off`: the notices of the orders that turned themselves off since the
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

# Notices kept for the page until the player saves their orders again.
MAX_NOTICES = 5


def active(engine: Engine, orders: Mapping[str, Any]) -> list[tuple[Option, Any]]:
    """The orders set to something else than their default ("ask me")."""
    return [
        (opt, orders[opt.key])
        for opt in engine.standing_orders
        if opt.key in orders and orders[opt.key] != opt.default
    ]


def marked(engine: Engine, state: Mapping[str, Any] | None, seat: int, orders: dict) -> dict:
    """The news record of orders just set by the seat: what it knows now of
    each, and no notices (saving means the player has seen them). Before the
    deal (`state` None) nothing is marked: the game's start marks them."""
    if state is None:
        return {}
    marks = {}
    for opt, _ in active(engine, orders):
        mark = engine.order_mark(state, seat, opt.key)
        if mark is not None:
            marks[opt.key] = mark
    return {"marks": marks} if marks else {}


def ended(
    engine: Engine, state: Mapping[str, Any], seat: int, orders: Mapping, news: Mapping
) -> dict[str, str]:
    """The seat's orders that news ended, each with its notice."""
    found = {}
    by_key = {opt.key: opt for opt in engine.standing_orders}
    for key, mark in news.get("marks", {}).items():
        opt = by_key.get(key)
        if opt is None or orders.get(key, opt.default) == opt.default:
            continue
        reason = engine.order_ended(state, seat, key, mark)
        if reason is not None:
            found[key] = (
                f"Your order \u201c{opt.label_of(orders[key])}\u201d was turned off: {reason}."
            )
    return found


def turned_off(
    engine: Engine, orders: Mapping[str, Any], news: Mapping[str, Any], ends: Mapping[str, str]
) -> tuple[dict, dict]:
    """The seat's orders with those of `ends` back at their default, and its
    news record without their marks and with their notices kept for the page."""
    defaults = {opt.key: opt.default for opt in engine.standing_orders}
    new_orders = {**orders, **{key: defaults[key] for key in ends}}
    marks = {k: v for k, v in news.get("marks", {}).items() if k not in ends}
    kept = [*news.get("off", ()), *({"key": k, "text": t} for k, t in ends.items())]
    new_news: dict[str, Any] = {"off": kept[-MAX_NOTICES:]}
    if marks:
        new_news["marks"] = marks
    return new_orders, new_news
