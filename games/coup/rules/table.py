"""The Coup state: its layout, cheap copying, read-only queries and the deal.

State layout (plain JSON; per-seat data kept in parallel lists so a move
copies a few short lists instead of a tree of dicts):

- `options`, `num_players`, `rng` (the Rng integer: secret), `round`;
- `coins`, `hands` (living cards, secret), `dead` (public), `factions`
  (None without the variant), `wins`;
- `deck` (secret), `treasury`, `almshouse` (None without factions);
- `turn` (whose turn), `first` (who started the round), `phase`, `pending`
  (the action being resolved), `exchange_draw` (the actor's drawn cards
  still held during an Exchange: secret);
- `last_reveal`, `eliminations` (one list of seats per round),
  `round_winners`, `winner`, `log`;
- `answers`: per seat, how often it has challenged or blocked out of the
  windows it answered (public: everyone saw each answer). States saved
  before it existed get it on their next move.

Rules: COUP-3.1 and COUP-3.2 with COUP-OP2 (the deal and starting coins),
COUP-OP3 and COUP-OP18 (who starts a round), COUP-OP19 and COUP-OP19a
(factions and the empty almshouse), COUP-4.1 (seat order, skipping the
eliminated), COUP-10.2, COUP-10.3 and COUP-OP20 (teammates are shielded while
both factions have a living member),
and who may answer each window (COUP-OP9, COUP-6.3).
"""

from __future__ import annotations

from typing import Any

from games.coup.rules.cards import (
    ACTIONS,
    BLOCK,
    CHALLENGE_ACTION,
    CHALLENGE_BLOCK,
    CHARACTERS,
    COPIES,
    EXCHANGE,
    LOSE,
    LOYALIST,
    NOT_DUKE,
    REFORMIST,
    REVEAL,
    TOTAL_COINS,
    TURN,
    title,
)
from games.engine import Rng, State, line


def copy_state(state: State) -> State:
    """A copy that `apply` may change freely.

    Every list or dict that the flow changes in place is copied; values that
    are only ever replaced whole (`options`, `last_reveal`) are shared.
    """
    s = dict(state)
    s["coins"] = state["coins"][:]
    s["hands"] = [hand[:] for hand in state["hands"]]
    s["dead"] = [cards[:] for cards in state["dead"]]
    s["deck"] = state["deck"][:]
    s["wins"] = state["wins"][:]
    if state["factions"] is not None:
        s["factions"] = state["factions"][:]
    s["exchange_draw"] = state["exchange_draw"][:]
    # Only the current round's list grows; finished rounds are never changed.
    s["eliminations"] = [*state["eliminations"][:-1], state["eliminations"][-1][:]]
    s["round_winners"] = state["round_winners"][:]
    s["answers"] = [dict(record) for record in answers_of(state)]
    pending = state["pending"]
    if pending is not None:
        s["pending"] = {**pending, "responded": pending["responded"][:]}
    s["log"] = []
    return s


def no_answers(num_players: int) -> list[dict[str, int]]:
    return [
        {"challenges": 0, "challenge_windows": 0, "blocks": 0, "block_windows": 0}
        for _ in range(num_players)
    ]


def answers_of(state: State) -> list[dict[str, int]]:
    return state.get("answers") or no_answers(state["num_players"])


def say(s: State, text: str, to: list[int] | None = None) -> None:
    s["log"].append(line(text, to))


def who(seat: int) -> str:
    """The placeholder the platform replaces with a player's name."""
    return f"{{p{seat}}}"


# -- who is still in the round ------------------------------------------------


def is_alive(s: State, seat: int) -> bool:
    # During an Exchange the actor's hand keeps its size (see flow.return_card),
    # so a living hand is never empty.
    return bool(s["hands"][seat])


def living(s: State) -> list[int]:
    return [seat for seat, hand in enumerate(s["hands"]) if hand]


def _rotations(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple((seat + k) % n for k in range(1, n)) for seat in range(n))


# For each table size, the other seats in turn order after each seat.
ROTATIONS = {n: _rotations(n) for n in range(1, 7)}


def others_after(s: State, seat: int) -> list[int]:
    """The other living players in turn order, starting after `seat`."""
    hands = s["hands"]
    return [other for other in ROTATIONS[len(hands)][seat] if hands[other]]


def next_living(s: State, seat: int) -> int:
    """COUP-4.1: the next player in seat order, skipping the eliminated."""
    return others_after(s, seat)[0]


def shielded(s: State, actor: int, other: int) -> bool:
    """COUP-10.2: teammates cannot attack each other (or block a teammate's
    Foreign Aid) while both factions are in play."""
    return other in teammates_shielded(s, actor)


def teammates_shielded(s: State, seat: int) -> set[int] | tuple[()]:
    """The living seats `seat` may not attack now: its own faction, while
    the other faction also has a living member."""
    factions = s["factions"]
    if factions is None:
        return ()
    own = factions[seat]
    hands = s["hands"]
    mates = {other for other, hand in enumerate(hands) if hand and factions[other] == own}
    if len(mates) == sum(1 for hand in hands if hand):
        return ()
    return mates


def faction_left(s: State) -> str | None:
    """COUP-10.3, COUP-OP20: the faction of every living player, once only one
    is left in play (the faction limits are lifted); None before, or without
    the Factions variant."""
    factions = s["factions"]
    if factions is None:
        return None
    in_play = {factions[seat] for seat in living(s)}
    return in_play.pop() if len(in_play) == 1 else None


# -- who answers the current question ------------------------------------------


def claimant(pending: dict[str, Any]) -> int:
    """Whoever made the claim being challenged: the actor or the blocker."""
    return pending["actor"] if pending["challenged"] == "action" else pending["blocker"]


def claimed_card(pending: dict[str, Any]) -> str:
    return pending["claim"] if pending["challenged"] == "action" else pending["block_as"]


def block_seats(s: State) -> list[int]:
    """COUP-6.3: who may block the pending action."""
    pending = s["pending"]
    rule = ACTIONS[pending["action"]]
    if not rule.blocked_by:
        return []
    actor = pending["actor"]
    if rule.anyone_blocks:
        shield = teammates_shielded(s, actor)
        return [seat for seat in others_after(s, actor) if seat not in shield]
    target = pending["target"]
    # COUP-OP17: a target eliminated in a challenge is not asked to block.
    return [target] if is_alive(s, target) else []


def window_seats(s: State) -> list[int]:
    """Everyone asked in the open window, answered or not (COUP-OP9)."""
    phase = s["phase"]
    pending = s["pending"]
    if phase == CHALLENGE_ACTION:
        return others_after(s, pending["actor"])
    if phase == CHALLENGE_BLOCK:
        return others_after(s, pending["blocker"])
    return block_seats(s)


def to_act(s: State) -> list[int]:
    phase = s["phase"]
    if phase == TURN:
        return [s["turn"]]
    pending = s["pending"]
    if phase in (CHALLENGE_ACTION, BLOCK, CHALLENGE_BLOCK):
        answered = pending["responded"]
        return [seat for seat in window_seats(s) if seat not in answered]
    if phase == REVEAL:
        return [claimant(pending)]
    if phase == LOSE:
        return [pending["loser"]]
    if phase == EXCHANGE:
        return [pending["actor"]]
    return []


# -- setting up a round ----------------------------------------------------------


def new_state(num_players: int, options: dict[str, Any], seed: int) -> State:
    rng = Rng.from_seed(seed)
    # COUP-OP3: the first player of the game is drawn at random.
    first = rng.below(num_players)
    s: State = {
        "options": options,
        "num_players": num_players,
        "rng": rng.state,
        "round": 1,
        "wins": [0] * num_players,
        "round_winners": [],
        "eliminations": [],
        "winner": None,
        "last_reveal": None,
        "answers": no_answers(num_players),
        "log": [],
    }
    deal_round(s, first)
    return s


def starting_coins(s: State, first: int) -> list[int]:
    """COUP-3.2 with COUP-OP2."""
    n = s["num_players"]
    if n > 2:
        return [2] * n
    if s["options"]["two_player_coins"] == "first_one":
        return [1 if seat == first else 2 for seat in range(n)]
    return [1, 1]


def deal_round(s: State, first: int) -> None:
    """COUP-3.1 and the round reset of COUP-OP18: a fresh shuffle and deal,
    coins reset from the treasury, factions re-assigned, an empty almshouse."""
    n = s["num_players"]
    rng = Rng(s["rng"])
    deck = [card for card in CHARACTERS for _ in range(COPIES)]
    rng.shuffle(deck)
    s["rng"] = rng.state
    s["hands"] = [[deck.pop(), deck.pop()] for _ in range(n)]
    s["dead"] = [[] for _ in range(n)]
    s["deck"] = deck
    s["coins"] = starting_coins(s, first)
    s["treasury"] = TOTAL_COINS - sum(s["coins"])
    with_factions = s["options"]["factions"]
    s["almshouse"] = 0 if with_factions else None
    s["factions"] = None
    if with_factions:
        # COUP-OP19: alternate factions round the table from the first player.
        order = [(first + k) % n for k in range(n)]
        s["factions"] = [None] * n
        for k, seat in enumerate(order):
            s["factions"][seat] = LOYALIST if k % 2 == 0 else REFORMIST
    s["first"] = first
    s["turn"] = first
    s["phase"] = TURN
    s["pending"] = None
    s["exchange_draw"] = []
    s["last_reveal"] = None
    s["eliminations"].append([])
    announce_round(s)


def announce_round(s: State) -> None:
    say(s, f"Round {s['round']} begins; {who(s['first'])} plays first.")
    factions = s["factions"]
    if factions is not None:
        for faction, label in ((LOYALIST, "Loyalists"), (REFORMIST, "Reformists")):
            members = ", ".join(who(seat) for seat, f in enumerate(factions) if f == faction)
            say(s, f"{label}: {members}.")
    for seat, hand in enumerate(s["hands"]):
        cards = " and ".join(title(card) for card in hand)
        say(s, f"You are dealt {cards}.", to=[seat])


def new_pending(action: str, actor: int, target: int | None, cost: int) -> dict[str, Any]:
    return {
        "action": action,
        "actor": actor,
        "target": target,
        "claim": ACTIONS[action].claim,
        "cost": cost,
        "blocker": None,
        "block_as": None,
        "challenger": None,
        # Which claim the current challenge is against: "action" or "block".
        "challenged": None,
        "responded": [],
        # While someone chooses a card to lose: who, and what happens next.
        "loser": None,
        "then": None,
    }


def is_embezzle_challenge(pending: dict[str, Any]) -> bool:
    return pending["challenged"] == "action" and pending["claim"] == NOT_DUKE
