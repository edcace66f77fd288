"""The engine protocol every game implements, and the pure helpers they share.

Nothing here imports Django or touches a clock, a file or the global random
generator: an engine is a set of pure functions over plain JSON-serialisable
state, so the same seed and the same moves always give the same states.

The platform talks to a game only through `Engine`:

- `setup(num_players, options, seed)` makes a new state;
- `to_act(state)` lists the seats that may move now (several at once in a
  simultaneous window, such as Coup's challenge window);
- `legal_moves(state, seat)` lists every move that seat may make now, each a
  record (`Legal`) of a small JSON object, as a player would click it;
- `apply(state, seat, move)` returns the next state and never changes its
  input; a move that is not listed raises `IllegalMove` with its `refusal`;
- `view(state, seat)` is everything that seat may see (None: a spectator);
  pages and API answers are built from it and nothing else;
- `timeout_move(state, seat)` is the move played for a seat whose time ran
  out, and for a dropped player;
- `outcome(state)` is None while the game runs, then the result;
- `apply_listed(state, seat, move)` is `apply` for a move taken from
  `legal_moves(state, seat)` itself, without checking it again: searches
  (the bots) play millions of such moves;
- `sample_state(view, seat, rng)` builds a whole state that `seat` could be
  in, given only its `view`: everything the view shows is kept, and every
  secret (other hands, decks, future dice, the table's generator) is drawn
  with the caller's `rng`, consistently with what the seat has seen. Bots
  search over such states, so they decide from what their seat knows and
  nothing more;
- `forward_moves(state, seat, moves)` is `moves` less those that only undo
  the seat's own choices of this turn (cancelling an action being built):
  a bot takes back only when nothing else is left, so its turn always goes
  forward;
- `refusal(state, seat, move)` is None for a legal move, else why it is not
  legal, in a player's words; it never raises, whatever `move` holds;
- `standing_move(state, seat, orders)` is the move a seat's standing orders
  (`standing_orders`, set in advance) make now, picked from its legal moves,
  or None; `order_mark` / `order_ended` let an order turn itself off when
  something the seat could not have known happens before it fires (news
  ends the order, as 18xx sites end a player's programmed passes);
- `listed(state, seat, move)` is the record of `move` among the seat's legal
  moves, or None: the one check of a move, for `apply`, the platform's move
  service and the moves the game makes for a seat (timeouts, standing orders,
  a dropped player's seat).

A legal move is one record (`Legal`): a dict that IS the move's JSON (so
`json.dumps`, `same_move` and every caller that reads it as a move see the
move only), carrying what a page needs to know of it (`About`: its label,
the piece it acts on, its group, forced, first, private, emphasis). Each game
builds its records where it lists its moves, with one describer per kind of
move; the description is made on first read, so a search that lists moves
millions of times never pays for a label.

Log lines. `apply` leaves the lines the move produced in `state["log"]`
(replaced on every move, so the state does not grow with the game). Each line
is `{"text": str, "to": None | [seat, ...]}`: `to` None is public, otherwise
only those seats (and nobody else, spectators included) may read it. Texts
name players as `{p0}`, `{p1}`... and the platform puts in their names.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Move = dict[str, Any]
State = dict[str, Any]
LogLine = dict[str, Any]


NOT_LISTED = "That move is not allowed now. Choose one of the legal moves."


class IllegalMove(ValueError):
    """A move the rules do not allow now. Its message is shown to the player."""


class InvalidOptions(ValueError):
    """Table options the game does not accept. Its message is shown to the player."""


@dataclass(frozen=True)
class Option:
    """One table option (a variant, a number of rounds...) or one standing order.

    `choices` lists (value, label) pairs; the first form field offers them in
    that order. Values are JSON scalars.
    """

    key: str
    label: str
    default: Any
    choices: tuple[tuple[Any, str], ...]
    help: str = ""
    # The player counts the option matters for (None: all); the new-table
    # form offers it only for those.
    players: tuple[int, ...] | None = None
    # Named in a table's description even at its default: a choice every
    # table makes (a level), not a variant that is either on or off.
    always_named: bool = False

    def label_of(self, value: Any) -> str:
        for choice, label in self.choices:
            if choice == value:
                return label
        return str(value)


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    `ranks[seat]` is 1 for the winner(s); equal ranks are shared places.
    `scores[seat]` is the final score where the game keeps one (else None).
    """

    ranks: list[int]
    scores: list[int | None]
    summary: str
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> list[int]:
        return [seat for seat, rank in enumerate(self.ranks) if rank == 1]

    def as_dict(self) -> dict[str, Any]:
        return {
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "winners": self.winners,
            "summary": self.summary,
            "details": self.details,
        }


@dataclass(frozen=True)
class About:
    """What a legal move says of itself, for the page that offers it.

    `label` is its button text, with `{pN}` placeholders for players.

    `target` names the piece the move acts on, in the game's own words
    ("hand:12", "die:3", "space:palace:2:1"; None: no piece, such as ending
    a turn). A board draws the piece with that name, and the page makes it a
    control for the moves that target it. `group` is the title of the group
    the move is listed under in the list of moves ("Take a die").

    `forced` marks a move the platform may play without asking: it is the
    seat's only legal move and choosing it reveals nothing the player could
    decide (the last year set, a payment with one way to pay). The platform
    plays a forced move right after the move that led to it, never guessing
    one itself.

    `first` lists the move first in its group, whatever the engine's order
    (the answer that wins a challenge before the one that loses).

    `private` marks a move that names what only this seat can see now (a card
    in its hand, a face-down order, a card it is choosing among): it is
    offered on the seat's own page only, never on a notification that a lock
    screen shows, and its piece is never pointed out to the other players.

    `emphasis` is "primary" for the move a turn is usually made of,
    "secondary" for one that only prepares or ends it, "" otherwise.
    """

    label: str = ""
    target: str | None = None
    group: str = ""
    forced: bool = False
    first: bool = False
    private: bool = False
    emphasis: str = ""


Describer = Callable[[Any, int, "Legal"], About]


class Listing:
    """What the records of one `legal_moves` list share: the state and seat
    they were listed for, and the game's describer. (A plain class: one is
    made per list, in every step of a bot's search.)"""

    __slots__ = ("describe", "seat", "state")

    def __init__(self, describe: Describer, state: Any, seat: int) -> None:
        self.describe = describe
        self.state = state
        self.seat = seat


class Legal(dict):
    """One legal move: the move's JSON itself, and its description (`About`),
    made from the state it was listed for the first time it is read.

    Read the description before that state changes: only a bot's search
    changes states in place (`apply_in_place`), on copies of its own, and it
    never reads descriptions. Copies and pickles are the plain move.
    """

    __slots__ = ("_about", "_listing")

    _listing: Listing
    _about: About

    @classmethod
    def described(cls, move: Mapping[str, Any], about: About) -> Legal:
        """A record whose description is already known (a page drawn from
        records made elsewhere, a test)."""
        record = cls(move)
        record._about = about
        return record

    @property
    def about(self) -> About:
        try:
            return self._about
        except AttributeError:
            listing = self._listing
            self._about = listing.describe(listing.state, listing.seat, self)
            return self._about

    @property
    def label(self) -> str:
        return self.about.label

    @property
    def target(self) -> str | None:
        return self.about.target

    @property
    def group(self) -> str:
        return self.about.group

    @property
    def forced(self) -> bool:
        return self.about.forced

    @property
    def first(self) -> bool:
        return self.about.first

    @property
    def private(self) -> bool:
        return self.about.private

    @property
    def emphasis(self) -> str:
        return self.about.emphasis

    def listed_for(self, state: Any, seat: int) -> bool:
        """Whether this record was listed for this very state object and seat."""
        listing = getattr(self, "_listing", None)
        return listing is not None and listing.state is state and listing.seat == seat

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self),))

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return copy.deepcopy(dict(self), memo)


def legal_records(
    moves: Iterable[Mapping[str, Any]], describe: Describer, state: Any, seat: int
) -> list[Legal]:
    """The records of `moves`, listed for `seat` in `state`, described by
    `describe(state, seat, record)` when first read."""
    listing = Listing(describe, state, seat)
    records = list(map(Legal, moves))
    for record in records:
        record._listing = listing
    return records


class Engine(ABC):
    """The rules of one game. Subclasses are stateless: all state is passed in."""

    slug: str
    name: str
    min_players: int
    max_players: int
    # Bump when a change to the rules would replay an old log differently.
    version: int = 1
    options: tuple[Option, ...] = ()
    # Standing orders a player may set for a table (e.g. "always pass"),
    # played for them by `standing_move` through the same move service.
    standing_orders: tuple[Option, ...] = ()
    # What the standing orders do, in the players' words, for the table page.
    standing_orders_text: str = ""
    # One line for the lobby: what the game is about.
    blurb: str = ""

    # -- options ----------------------------------------------------------

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """The smallest and largest player counts these options allow."""
        return self.min_players, self.max_players

    def clean_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill in defaults and check every value is one the game offers, by
        type as well as value: the engine's own choice is what is kept, so
        2.0 or true never stand in for 2."""
        return _clean_choices(self.options, options, "option")

    def check_player_count(self, num_players: int, options: Mapping[str, Any]) -> None:
        low, high = self.player_range(options)
        if not low <= num_players <= high:
            raise InvalidOptions(f"{self.name} with these options needs {low} to {high} players.")

    def clean_standing_orders(self, orders: Mapping[str, Any] | None) -> dict[str, Any]:
        """The same checks for a seat's standing orders."""
        return _clean_choices(self.standing_orders, orders, "standing order")

    # -- the game ---------------------------------------------------------

    @abstractmethod
    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> State: ...

    @abstractmethod
    def to_act(self, state: State) -> list[int]: ...

    @abstractmethod
    def legal_moves(self, state: State, seat: int) -> list[Legal]: ...

    def listed(self, state: State, seat: int, move: Any) -> Legal | None:
        """The record of `move` among the seat's legal moves, or None. A
        record listed for this very state is its own (the state is never
        changed in place but by `apply_in_place`)."""
        if type(move) is Legal and move.listed_for(state, seat):
            return move
        return find_move(self.legal_moves(state, seat), move)

    def refusal(self, state: State, seat: int, move: Any) -> str | None:
        """None if `move` is one of the seat's legal moves now, else why not,
        in a player's words. It never raises, whatever `move` holds. Games
        override it to say more than the default."""
        if self.listed(state, seat, move) is not None:
            return None
        return NOT_LISTED

    def apply(self, state: State, seat: int, move: Any) -> State:
        """The state after the seat's `move`, which must be one of its legal
        moves (its record goes on, with the engine's own types); any other
        raises IllegalMove with its refusal."""
        found = self.listed(state, seat, move)
        if found is None:
            raise IllegalMove(self.refusal(state, seat, move) or NOT_LISTED)
        return self.apply_listed(state, seat, found)

    @abstractmethod
    def apply_listed(self, state: State, seat: int, move: Move) -> State:
        """`apply` for a move that is one of `legal_moves(state, seat)`
        (that list's own record), without checking it again: searches (the
        bots) play millions of such moves."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]: ...

    @abstractmethod
    def timeout_move(self, state: State, seat: int) -> Move: ...

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None: ...

    def apply_in_place(self, state: State, seat: int, move: Move) -> State:
        """`apply_listed` on a state the caller owns and will not read again
        (a bot's search, on its own copies): an engine whose `apply` copies
        the whole state may change this one instead and return it. The
        default copies. The records listed from a state changed in place
        are no longer its records."""
        return self.apply_listed(state, seat, move)

    def forward_moves(self, state: State, seat: int, moves: list[Move]) -> list[Move]:
        """`moves` (the seat's legal moves) less those that only undo the
        seat's own choices of this turn: cancelling an action being built,
        taking a die back out of it, unticking a die. A bot plays a take-back
        only when nothing else is left, so its turn always goes forward: a
        search that finds taking back worth as much as going on would go
        round the same choices for ever. The default: nothing is undone."""
        return moves

    def sample_state(self, view: Mapping[str, Any], seat: int, rng: Rng) -> State:
        """A state `seat` cannot tell from the real one, built from its `view`
        (`self.view(state, seat)`) alone, with every hidden part drawn from
        `rng` (the caller's generator, never the table's).

        What it must hold, for every reachable state and seat that may act:
        `view(sample, seat) == view`, `legal_moves(sample, seat)` equals the
        real state's, every public part of the state is reproduced exactly,
        and the sample plays on like any state (`apply`, random playouts to
        the end). Hidden parts are drawn as the seat would guess them: cards
        it has not seen uniformly among the places it cannot see, in the
        counts the view shows; a fresh generator for the future.
        """
        raise NotImplementedError(f"{self.name} cannot sample its hidden state.")

    def public_piece(self, target: str, seat: int) -> str | None:
        """The name under which the other seats' boards draw the piece that
        a move of `seat` acted on (its `About.target`, named from that
        seat's side of the table), or None when their boards do not draw it
        under any name (the seat's own reserve, the buttons of its turn).
        The platform marks that piece on their boards ("ben took this die")
        when the move was not private. By default every name is the same
        for every seat."""
        return target

    def prompt(self, state: State) -> str:
        """What the seats in `to_act` are being asked, completing "Waiting for
        Ana and Ben to ..." (e.g. "respond to {p2}'s Tax"). Public.

        It also tells one decision from the next: a seat's consecutive moves
        under the same prompt are one decision (one clock, one timeout)."""
        return "move"

    def summary(self, state: State) -> str:
        """A short public line for lists ("Round 2 of 8")."""
        return ""

    def standing_move(self, state: State, seat: int, orders: Mapping[str, Any]) -> Move | None:
        """The move the seat's standing orders make now, or None to ask them.
        It is one of `legal_moves(state, seat)` (pick it with `pick_listed`),
        never a move built by hand: the platform refuses any other."""
        return None

    def order_mark(self, state: State, seat: int, key: str) -> Any:
        """What the seat knew, when it set standing order `key`, that the
        order's decision rests on (JSON: a round, a year...), read only from
        what `view(state, seat)` shows. The platform keeps it with the order."""
        return None

    def order_ended(self, state: State, seat: int, key: str, mark: Any) -> str | None:
        """Why standing order `key`, set when the seat knew `mark`, must turn
        itself off now instead of firing (something happened that the seat
        could not have known: a new year, its card destroyed), completing
        "Your order ... was turned off: ..."; None while it still holds. An
        order whose game defines no such news holds until it is changed."""
        return None

    def log(self, state: State) -> list[LogLine]:
        """The log lines the last `apply` produced."""
        return list(state.get("log", ()))


def _clean_choices(
    offered: Sequence[Option], given: Mapping[str, Any] | None, what: str
) -> dict[str, Any]:
    """Each offered key with its default or the matching choice; unknown keys
    and values that are not exactly a choice raise InvalidOptions."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise InvalidOptions(f"The {what}s must be a JSON object.")
    known = {opt.key: opt for opt in offered}
    unknown = sorted(str(key) for key in set(given) - set(known))
    if unknown:
        raise InvalidOptions(f"Unknown {what}: {', '.join(unknown)}.")
    cleaned = {}
    for key, opt in known.items():
        value = given.get(key, opt.default)
        allowed = [choice for choice, _ in opt.choices]
        choice = next((c for c in allowed if same_move(c, value)), None)
        if choice is None:
            shown = repr(value)
            if len(shown) > 40:
                shown = shown[:40] + "…"
            raise InvalidOptions(
                f"{opt.label}: {shown} is not one of {', '.join(repr(a) for a in allowed)}."
            )
        cleaned[key] = choice
    return cleaned


def same_move(a: Any, b: Any) -> bool:
    """Equal and of the same JSON types: 1.0 and true are not the seat 1. A
    record (`Legal`) is the dict it holds."""
    if a != b:  # the common answer, without walking the moves
        return False
    return _same_types(a, b)


def _same_types(a: Any, b: Any) -> bool:
    """Whether two equal values have the same JSON types throughout."""
    if isinstance(a, dict):
        return isinstance(b, dict) and all(_same_types(a[k], b[k]) for k in a)
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return all(_same_types(x, y) for x, y in zip(a, b, strict=True))
    return True


def find_move(moves: Iterable[Move], move: Any) -> Move | None:
    """The engine's own copy of `move` among `moves`, or None."""
    return next((m for m in moves if same_move(m, move)), None)


def pick_listed(moves: Iterable[Move], *wanted: Mapping[str, Any] | None) -> Move | None:
    """The first of `wanted` that `moves` (a seat's legal moves) list, as
    listed, or None: a standing order plays only what the seat could click."""
    listed = list(moves)
    for move in wanted:
        if move is not None and (found := find_move(listed, move)) is not None:
            return found
    return None


def shared_ranks(keys: Sequence[Any]) -> list[int]:
    """Competition ranks, best key first ("1224"): tied players share a
    place, and the places after them are skipped."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def line(text: str, to: Iterable[int] | None = None) -> LogLine:
    """A log line; `to` limits it to those seats."""
    return {"text": text, "to": None if to is None else sorted(set(to))}


def visible_lines(lines: Sequence[LogLine], seat: int | None) -> list[LogLine]:
    """The lines of a log a seat may read (None: a spectator, public lines only)."""
    return [ln for ln in lines if ln["to"] is None or (seat is not None and seat in ln["to"])]


# -- seeded randomness -------------------------------------------------------

_MASK = (1 << 64) - 1


class Rng:
    """A small deterministic generator (splitmix64) whose whole state is one
    integer, so it can live inside a JSON game state.

    Usage inside `apply`: `rng = Rng(state["rng"]); rng.shuffle(deck);
    state["rng"] = rng.state`. The generator state is a secret: it predicts
    every future draw, so no view may contain it.
    """

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        if isinstance(seed, str):
            value = 0
            for ch in seed.encode():
                value = (value * 131 + ch) & _MASK
            seed = value
        rng = cls(seed ^ 0x9E3779B97F4A7C15)
        rng.next64()
        return rng

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # Rejection sampling keeps the draw unbiased.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
