"""The pieces of the Seasons board a move's target names (`records` names
them), the groups of the list of moves, and which pieces every board draws.

Pieces are named from the acting seat's side of the table, from the move and
the decision it answers only, so a name never says more than the seat's own
legal moves do:

- `packet:<card>` a card of the draft packet; `set:<card>:<year>` a picked
  card's place in a year set; `sets:confirm`, `sets:clear`;
- `die:<index>` a season die of the round; `mydie:star`, `mydie:card` the
  symbols of the die the seat took, `mydie:keep` keeping it (Die of Malice);
- `hand:<card>`, `play:<card>`, `choice:<card>` a card in hand, in the
  seat's play area, or among the cards it is choosing from or paying for
  (its ways to pay are its menu); `choice:discard`;
- `reserve:<element>` the seat's energy tokens of one element,
  `supply:<element>` the energy not yet anyone's (tokens to take),
  `effect:<element>` the Elemental Amulet's effect of that element when it
  came into play for nothing;
- `bonus:<n>`, `bonus:cancel`, `marker:<months>`, `count:<tokens>`,
  `player:<seat>` (whose reserve to copy), `pile:draw`, `turn:end`,
  `choice:done`.
"""

from __future__ import annotations

# The list of moves, grouped under these titles in this order.
GROUPS = (
    ("Draft", ("pick",)),
    ("Year sets", ("assign", "confirm", "clear")),
    ("Season dice", ("take_die",)),
    ("Die of Malice", ("proceed",)),
    ("Your die", ("star", "draw")),
    ("Transmute", ("transmute",)),
    ("Summon", ("summon",)),
    ("Pay", ("pay",)),
    ("Activate", ("activate",)),
    ("Bonuses (each costs points at the end)", ("bonus",)),
    (
        "Choose",
        (
            "take",
            "give_back",
            "return",
            "keep",
            "discard",
            "sacrifice",
            "take_back",
            "summon_free",
            "give",
            "copy",
            "move_marker",
            "count",
            "orb_summon",
            "orb_back",
            "use",
            "done",
        ),
    ),
    ("Cancel", ("cancel",)),
    ("End", ("end_turn",)),
)
TITLE_OF = {action: title for title, actions in GROUPS for action in actions}
ORDER = [title for title, _ in GROUPS]

# The pieces' names, made here for the moves' targets and for the view alike.


def card_piece(where: str, card: int | str) -> str:
    """A card where the seat sees it: `packet`, `hand`, `play` or `choice`."""
    return f"{where}:{card}"


def set_piece(card: int, year: int) -> str:
    return f"set:{card}:{year}"


def die_piece(index: int) -> str:
    return f"die:{index}"


def reserve_piece(element: str) -> str:
    return f"reserve:{element}"


def supply_piece(element: str) -> str:
    return f"supply:{element}"


# Pieces of one of a kind: the draw pile, the year sets' buttons, the
# symbols of the die the seat took and keeping it, cancelling a bonus, the
# end of the turn, and the buttons of a choice that are not cards
# (discarding the card just drawn, and stopping).
DRAW_PILE = "pile:draw"
SETS_CONFIRM = "sets:confirm"
SETS_CLEAR = "sets:clear"
MYDIE_STAR = "mydie:star"
MYDIE_CARD = "mydie:card"
MYDIE_KEEP = "mydie:keep"
BONUS_CANCEL = "bonus:cancel"
TURN_END = "turn:end"
DISCARD_DRAWN = "choice:discard"
DONE = "choice:done"

# The same, as the view carries them to the board (`view["pieces"]`), so
# that no template spells a piece's name.
FIXED = {
    "draw_pile": DRAW_PILE,
    "sets_confirm": SETS_CONFIRM,
    "sets_clear": SETS_CLEAR,
    "mydie_star": MYDIE_STAR,
    "mydie_card": MYDIE_CARD,
    "mydie_keep": MYDIE_KEEP,
    "bonus_cancel": BONUS_CANCEL,
    "turn_end": TURN_END,
}


def effect_piece(element: str) -> str:
    return f"effect:{element}"


def bonus_piece(bonus: int | str) -> str:
    return f"bonus:{bonus}"


def player_piece(seat: int) -> str:
    return f"player:{seat}"


def marker_piece(by: int) -> str:
    return f"marker:{by}"


def count_piece(n: int) -> str:
    return f"count:{n}"


# Pieces every board draws under the same name: the season dice of the
# round, a card in play (its id is the card's own), a player's reserve as the
# others see it, the draw pile. The others are drawn on the acting seat's
# side only (its reserve, its die's symbols, its turn's buttons).
SHARED = ("die", "play", "player", "pile")


def public_piece(target: str, seat: int) -> str | None:
    return target if target.split(":", 1)[0] in SHARED else None
