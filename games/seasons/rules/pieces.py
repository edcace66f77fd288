"""Where each Seasons move sits on the board (`Engine.move_info`): the piece
it acts on, the group it is listed under, and whether it is forced.

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
  `supply:<element>` the energy not yet anyone's (tokens to take);
- `bonus:<n>`, `bonus:cancel`, `marker:<months>`, `count:<tokens>`,
  `player:<seat>` (whose reserve to copy), `pile:draw`, `turn:end`,
  `choice:done`.
"""

from __future__ import annotations

from games.engine import Move, MoveInfo, State
from games.seasons.rules import flow
from games.seasons.rules.data import ELEMENTS
from games.seasons.rules.table import head

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

# Energy tokens given from (or back to) the reserve, one per move.
FROM_RESERVE = ("transmute", "give_back", "return", "use")


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


def bonus_piece(bonus: int | str) -> str:
    return f"bonus:{bonus}"


def player_piece(seat: int) -> str:
    return f"player:{seat}"


def marker_piece(by: int) -> str:
    return f"marker:{by}"


def count_piece(n: int) -> str:
    return f"count:{n}"


def _target(state: State, kind: str, move: Move) -> str | None:
    action = move["action"]
    if action == "pick":
        return card_piece("packet", move["card"])
    if action == "assign":
        return set_piece(move["card"], move["year"])
    if action in ("confirm", "clear"):
        return f"sets:{action}"
    if action == "take_die":
        return die_piece(move["die"])
    if action == "proceed":
        return "mydie:keep"
    if action == "star":
        return "mydie:star"
    if action == "draw":  # the die's card symbol, or a card drawn for the Vampiric Crown
        return "pile:draw" if kind == "crown" else "mydie:card"
    if action in FROM_RESERVE:
        return reserve_piece(ELEMENTS[move["element"]])
    if action == "take":
        return supply_piece(ELEMENTS[move["element"]])
    if action == "summon":
        return card_piece("hand", move["card"])
    if action in ("activate", "sacrifice", "take_back"):
        return card_piece("play", move["card"])
    if action in ("pay", "orb_summon", "orb_back"):  # the card paid for, or seen in the Orb
        return card_piece("choice", head(state)["card"])
    if action == "bonus":
        return bonus_piece(move["bonus"])
    if action == "cancel":
        return "bonus:cancel"
    if action == "end_turn":
        return "turn:end"
    if action == "summon_free":  # the Potion of Dreams summons from hand
        return card_piece("hand" if kind == "dreams" else "choice", move["card"])
    if action in ("keep", "give"):
        return card_piece("choice", move["card"])
    if action == "discard":  # a card of the hand (Vampiric Crown) or the drawn card
        return card_piece("hand", move["card"]) if "card" in move else "choice:discard"
    if action == "copy":
        return player_piece(move["target"])
    if action == "move_marker":
        return marker_piece(move["by"])
    if action == "count":
        return count_piece(move["n"])
    if action == "done":
        return "choice:done"
    return None


def _forced(state: State, kind: str, seat: int, move: Move) -> bool:
    """The seat's only legal move: playing it for the seat decides nothing.
    The main part of a turn always offers ending it, so only that can be
    alone there (listing the turn's moves is not needed for the others)."""
    if kind == "main" and move["action"] != "end_turn":
        return False
    legal = flow.legal_moves(state, seat)
    return len(legal) == 1 and legal[0] == move


# Moves that name a card only the seat sees: the draft packet and the year
# sets (SEA-4), the hand, and the cards it is choosing among or paying for.
PRIVATE = (
    "pick",
    "assign",
    "summon",
    "summon_free",
    "keep",
    "give",
    "pay",
    "orb_summon",
    "orb_back",
)


def _private(move: Move) -> bool:
    action = move["action"]
    return action in PRIVATE or (action == "discard" and "card" in move)


# Pieces every board draws under the same name: the season dice of the
# round, a card in play (its id is the card's own), a player's reserve as the
# others see it, the draw pile. The others are drawn on the acting seat's
# side only (its reserve, its die's symbols, its turn's buttons).
SHARED = ("die", "play", "player", "pile")


def public_piece(target: str, seat: int) -> str | None:
    return target if target.split(":", 1)[0] in SHARED else None


def move_info(state: State, seat: int, move: Move) -> MoveInfo:
    task = head(state)
    kind = task["k"] if task else ""
    title = TITLE_OF.get(move["action"], "Choose")
    if move["action"] == "activate" and kind == "malice":
        title = "Die of Malice"
    return MoveInfo(
        target=_target(state, kind, move),
        group=title,
        forced=_forced(state, kind, seat, move),
        private=_private(move),
    )
