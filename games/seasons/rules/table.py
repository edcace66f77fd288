"""The Seasons state: its layout, copying, and the small operations every
rule and card uses (energy, crystals, drawing, the work queue).

State layout (plain JSON):

- `players` (count), `level`, `rng` (secret), `phase` ("draft", "sets",
  "duel", "over"), `month` (1-12, SEA-1.2), `year` (1-3), `sets_added` (the
  last year whose set went into the hands, SEA-OP17), `first` (first player),
  `round`, `ended` (Temporal Boots finished year 3, SEA-OP26);
- `deck` (the draw pile, top card last: secret), `discard` (face down,
  secret, SEA-OP21);
- `p`: one dict per seat: `crystals`, `gauge`, `energy` (four counts: air,
  water, fire, earth), `hand` (secret), `play` (cards in play: `{"id",
  "tapped", "tokens"}`, tokens lying on the card), `years` (the sets for
  years 2 and 3: secret), `bonuses`, and during the Prelude `packet`,
  `picked`, `assign` (secret) and `ready`;
- `dice`: the season dice of the round, `{"die", "face", "by"}`;
- `turn`: the turn being played (`seat`, which die symbols are used, whether
  the seat may transmute);
- `queue`: the work still to do, head first. Tasks with a `seat` are
  decisions waiting for that seat's move; the others run by themselves
  (flow.AUTOMATIC). `staged` collects the tasks a step schedules, which go
  in front of the queue once the step is over, in the order scheduled.
- `log`: the lines of the last move.

A card is an int 0..99: its number is `id // 2 + 1` (two copies of each of
the 50 cards, SEA-1.7).
"""

from __future__ import annotations

import marshal
from typing import Any

from games.engine import Rng, State
from games.seasons.rules.data import (
    CHART,
    FACES,
    GAUGE_MAX,
    RESERVE_LIMIT,
    Face,
    season_of,
)
from games.seasons.rules.hooks import CARDS


def copy_state(state: State) -> State:
    # The state is plain JSON: marshal copies it whole, fast and deep.
    return marshal.loads(marshal.dumps(state))


def number(card: int) -> int:
    return card // 2 + 1


def season(state: State) -> int:
    return season_of(state["month"])


def face_of(state: State, index: int) -> Face:
    """The face a die of this round shows."""
    die = state["dice"][index]
    return FACES[state["dice_season"]][die["die"]][die["face"]]


def rate(state: State, element: int) -> int:
    """Crystals per token of `element` this season (SEA-1.3)."""
    return CHART[season(state)][element]


def order_from(state: State, seat: int) -> list[int]:
    n = state["players"]
    return [(seat + i) % n for i in range(n)]


def opponents(state: State, seat: int) -> list[int]:
    return order_from(state, seat)[1:]


def player(state: State, seat: int) -> dict[str, Any]:
    return state["p"][seat]


# -- cards in play ----------------------------------------------------------------


def in_play(state: State, seat: int, num: int) -> list[dict[str, Any]]:
    return [c for c in state["p"][seat]["play"] if number(c["id"]) == num]


def count(state: State, seat: int, num: int) -> int:
    return sum(1 for c in state["p"][seat]["play"] if number(c["id"]) == num)


def owners_of(state: State, num: int) -> list[int]:
    """Seats with card `num` in play, one entry per copy."""
    return [seat for seat in range(state["players"]) for _ in range(count(state, seat, num))]


def find_in_play(state: State, seat: int, card: int) -> dict[str, Any] | None:
    return next((c for c in state["p"][seat]["play"] if c["id"] == card), None)


def own_cards(state: State, seat: int, where: str, only=None) -> list[int]:
    """One card per number (copies are alike), in the order held; in play,
    two copies differ when one is activated or holds tokens, and both are
    offered then."""
    seen, cards = set(), []
    for item in state["p"][seat][where]:
        if where == "play":
            cid, key = item["id"], (number(item["id"]), item["tapped"], tuple(item["tokens"]))
        else:
            cid, key = item, number(item)
        if key in seen or (only is not None and not only(cid)):
            continue
        seen.add(key)
        cards.append(cid)
    return cards


def distinct(cards: list[int]) -> list[int]:
    """One card per number, in order: copies are alike."""
    seen, out = set(), []
    for c in cards:
        if number(c) not in seen:
            seen.add(number(c))
            out.append(c)
    return out


# -- energy ------------------------------------------------------------------------


def limit(state: State, seat: int) -> int:
    """SEA-6.3: 7, or what a card in play makes it (SEA-11.18: 10 with a
    Bespelled Grimoire, however many)."""
    sizes = [CARDS[number(c["id"])].reserve_limit for c in state["p"][seat]["play"]]
    return max([RESERVE_LIMIT, *(size for size in sizes if size)])


def reserve_size(state: State, seat: int) -> int:
    return sum(state["p"][seat]["energy"])


def over_limit(state: State, seat: int) -> int:
    return max(0, reserve_size(state, seat) - limit(state, seat))


def spendable(state: State, seat: int, element: int) -> int:
    """Tokens of one element the seat may spend: its reserve and the tokens
    on its Amulets of Water (SEA-OP23)."""
    return state["p"][seat]["energy"][element] + sum(
        c["tokens"][element] for c in in_play(state, seat, 4)
    )


def spend(state: State, seat: int, element: int, amount: int = 1, amulet_first: int = 0) -> None:
    """Spend tokens: `amulet_first` of them from Amulets of Water, then the
    reserve, then the amulets again for what the reserve lacks."""
    energy = state["p"][seat]["energy"]
    amulets = in_play(state, seat, 4)
    from_amulet = min(amulet_first, amount)
    from_reserve = min(energy[element], amount - from_amulet)
    from_amulet = amount - from_reserve
    energy[element] -= from_reserve
    for amulet in amulets:
        take = min(amulet["tokens"][element], from_amulet)
        amulet["tokens"][element] -= take
        from_amulet -= take
    if from_amulet or energy[element] < 0:
        raise AssertionError("spent energy the seat does not have")


def gain_energy(state: State, seat: int, element: int, amount: int = 1) -> None:
    # The supply is unlimited (SEA-OP35); the limit is checked after the move.
    state["p"][seat]["energy"][element] += amount


def cheapest_element(state: State, elements: list[int]) -> int:
    """The element worth least this season (ties: the first in chart order)."""
    return min(elements, key=lambda e: (rate(state, e), e))


# -- crystals ----------------------------------------------------------------------


def gain_crystals(state: State, seat: int, amount: int) -> None:
    state["p"][seat]["crystals"] += amount


def lose_crystals(state: State, seat: int, amount: int) -> int:
    """Lose up to `amount` (never below 0, SEA-OP35); returns what was lost."""
    p = state["p"][seat]
    lost = min(amount, p["crystals"])
    p["crystals"] -= lost
    return lost


def pay_to(state: State, payer: int, receiver: int, amount: int) -> int:
    given = lose_crystals(state, payer, amount)
    gain_crystals(state, receiver, given)
    return given


def raise_gauge(state: State, seat: int, amount: int) -> None:
    p = state["p"][seat]
    p["gauge"] = max(0, min(GAUGE_MAX, p["gauge"] + amount))


# -- the draw pile -----------------------------------------------------------------


def draw(state: State) -> int | None:
    """The top card of the draw pile; the discards are shuffled into a new
    pile when it is empty; None when both are empty (SEA-OP3)."""
    if not state["deck"]:
        if not state["discard"]:
            return None
        rng = Rng(state["rng"])
        pile = state["discard"]
        rng.shuffle(pile)
        state["deck"], state["discard"] = pile, []
        state["rng"] = rng.state
    return state["deck"].pop()


def draw_many(state: State, k: int) -> list[int]:
    cards = []
    for _ in range(k):
        card = draw(state)
        if card is None:
            break
        cards.append(card)
    return cards


def can_draw(state: State) -> bool:
    return bool(state["deck"] or state["discard"])


# -- the work queue ----------------------------------------------------------------


def schedule(state: State, kind: str, seat: int | None = None, **fields: Any) -> None:
    """Add a task to run after the current step, before the rest of the queue."""
    task: dict[str, Any] = {"k": kind, **fields}
    if seat is not None:
        task["seat"] = seat
    state["staged"].append(task)


def head(state: State) -> dict[str, Any] | None:
    return state["queue"][0] if state["queue"] else None
