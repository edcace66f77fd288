"""Which moves a seat may make, why another move is refused, and the moves
made for a seat by a timeout (standing orders are in `orders`).

Rules: COUP-4.2 and COUP-OP4 (one action, no passing), COUP-4.3 and
COUP-OP5 (forced Coup at 10+), COUP-5 costs and targets, COUP-OP7 (targets
named on declaration), COUP-OP14 (no Steal from a player with no coins),
COUP-6.3 (who may block, with which claim), COUP-OP9 (any living opponent may
challenge), COUP-OP12 (the challenged player picks the card to show),
COUP-8.1 (the loser picks the card), COUP-OP15 (Exchange returns),
COUP-10.2 and COUP-10.3 (faction restrictions), COUP-10.4 (Convert costs),
COUP-OP21 (no Embezzle from an empty almshouse); timeouts as in section 13.
"""

from __future__ import annotations

from typing import Any

from games.coup.rules.cards import (
    ACTIONS,
    BLOCK,
    CHALLENGE_ACTION,
    CHALLENGE_BLOCK,
    CHARACTERS,
    COUP_COST,
    EXCHANGE,
    FORCED_COUP,
    GAME_OVER,
    LOSE,
    REVEAL,
    TURN,
    convert_cost,
    title,
)
from games.coup.rules.table import (
    block_seats,
    claimant,
    claimed_card,
    is_alive,
    others_after,
    shielded,
    teammates_shielded,
    to_act,
    window_seats,
)
from games.engine import Move, State

RESPONSES = ("pass", "challenge", "block")


def distinct(cards: list[str]) -> list[str]:
    """Identical cards are interchangeable: offer each kind once."""
    return list(dict.fromkeys(cards))


# -- legal moves ------------------------------------------------------------------


def legal_moves(s: State, seat: int) -> list[Move]:
    if seat not in to_act(s):
        return []
    phase = s["phase"]
    if phase == TURN:
        return turn_moves(s, seat)
    if phase in (CHALLENGE_ACTION, CHALLENGE_BLOCK):
        return [{"action": "pass"}, {"action": "challenge"}]
    if phase == BLOCK:
        blockers = ACTIONS[s["pending"]["action"]].blocked_by
        return [{"action": "pass"}] + [{"action": "block", "as": card} for card in blockers]
    if phase == REVEAL:
        return [{"action": "reveal", "card": card} for card in distinct(s["hands"][seat])]
    if phase == LOSE:
        return [{"action": "lose", "card": card} for card in distinct(s["hands"][seat])]
    if phase == EXCHANGE:
        options = distinct(s["hands"][seat] + s["exchange_draw"])
        return [{"action": "return", "card": card} for card in options]
    return []


def turn_moves(s: State, seat: int) -> list[Move]:
    coins = s["coins"][seat]
    others = others_after(s, seat)
    shield = teammates_shielded(s, seat)
    opponents = [other for other in others if other not in shield] if shield else others
    coups = [{"action": "coup", "target": other} for other in opponents]
    if coins >= FORCED_COUP:
        return coups
    moves: list[Move] = [{"action": "income"}, {"action": "foreign_aid"}]
    if coins >= COUP_COST:
        moves += coups
    moves.append({"action": "tax"})
    moves += [{"action": "steal", "target": t} for t in opponents if s["coins"][t] > 0]
    moves.append({"action": "exchange"})
    if coins >= ACTIONS["assassinate"].cost:
        moves += [{"action": "assassinate", "target": t} for t in opponents]
    if s["factions"] is not None:
        moves += convert_moves(seat, others, coins)
        if s["almshouse"] > 0:
            moves.append({"action": "embezzle"})
    return moves


def convert_moves(seat: int, others: list[int], coins: int) -> list[Move]:
    """COUP-10.4: yourself for 1 coin, any other living player for 2."""
    targets = [seat, *others]
    return [
        {"action": "convert", "target": target}
        for target in targets
        if coins >= convert_cost(seat, target)
    ]


# -- refusals ---------------------------------------------------------------------
#
# `problem` is exact: it returns None for precisely the moves `legal_moves`
# lists (a test checks this on many reachable states), so `apply` can check
# a move without building the whole list, and can say what is wrong with it.


def problem(s: State, seat: int, move: Any) -> str | None:
    """None if `move` is legal for `seat` now, else a player-readable reason."""
    if not isinstance(move, dict) or not isinstance(move.get("action"), str):
        return 'A move names an action, such as {"action": "income"}.'
    phase = s["phase"]
    if phase == GAME_OVER:
        return "The game is over."
    if not isinstance(seat, int) or not 0 <= seat < s["num_players"]:
        return "You are not playing at this table."
    if not is_alive(s, seat):
        return "You are out of this round."
    return PROBLEMS[phase](s, seat, move)


def turn_problem(s: State, seat: int, move: Move) -> str | None:
    if seat != s["turn"]:
        return "It is not your turn."
    action = move["action"]
    if action == "pass":
        return "You cannot pass your turn; Income is always available."
    if action in RESPONSES:
        return "There is no claim to answer now: choose an action for your turn."
    rule = ACTIONS.get(action)
    if rule is None:
        return f"There is no action called {action!r}."
    if rule.factions_only and s["factions"] is None:
        return f"{rule.title} is only played with the Factions variant."
    coins = s["coins"][seat]
    if coins >= FORCED_COUP and action != "coup":
        return "With 10 or more coins you must launch a coup."
    if set(move) != ({"action", "target"} if rule.targeted else {"action"}):
        return "Choose a player to target." if rule.targeted else "That move has unexpected fields."
    if action == "coup" and coins < COUP_COST:
        return "You need 7 coins to launch a coup."
    if action == "assassinate" and coins < rule.cost:
        return "You need 3 coins to pay the Assassin."
    if action == "embezzle" and s["almshouse"] <= 0:
        return "The almshouse is empty: there is nothing to embezzle."
    if rule.targeted:
        return target_problem(s, seat, action, move["target"])
    return None


def target_problem(s: State, seat: int, action: str, target: Any) -> str | None:
    # bool is an int in Python, and 1.0 == 1: only true integers name a seat.
    if type(target) is not int:
        return "Choose a player to target."
    if not 0 <= target < s["num_players"] or not is_alive(s, target):
        return "That player is not in the round."
    if action == "convert":
        if s["coins"][seat] < convert_cost(seat, target):
            if target == seat:
                return "You need 1 coin to convert yourself."
            return "You need 2 coins to convert another player."
        return None
    if target == seat:
        return "You cannot target yourself."
    if shielded(s, seat, target):
        return "While both factions are in play you cannot target your own faction."
    if action == "steal" and s["coins"][target] == 0:
        return "That player has no coins to steal."
    return None


def challenge_problem(s: State, seat: int, move: Move) -> str | None:
    pending = s["pending"]
    against_block = s["phase"] == CHALLENGE_BLOCK
    maker = pending["blocker"] if against_block else pending["actor"]
    if seat == maker:
        return "Nobody can challenge their own claim."
    if seat not in window_seats(s):
        return "It is not your turn to act."
    if seat in pending["responded"]:
        return "You have already answered."
    action = move["action"]
    if action == "block":
        if against_block:
            return "A block cannot itself be blocked; challenge it or pass."
        return "Challenges come first: pass now, and you may block next."
    if action not in ("pass", "challenge"):
        return "Answer with Pass or Challenge."
    if set(move) != {"action"}:
        return "That move has unexpected fields."
    return None


def block_problem(s: State, seat: int, move: Move) -> str | None:
    pending = s["pending"]
    rule = ACTIONS[pending["action"]]
    action = move["action"]
    if action == "challenge":
        if rule.claim is None:
            return f"{rule.title} claims no character, so it cannot be challenged."
        return "The time to challenge that claim has passed."
    if seat == pending["actor"]:
        return "You cannot block your own action."
    if seat not in block_seats(s):
        if not rule.anyone_blocks:
            noun = "a steal" if pending["action"] == "steal" else "an assassination"
            return f"Only the target may block {noun}."
        return "While both factions are in play you cannot block your own faction's Foreign Aid."
    if seat in pending["responded"]:
        return "You have already answered."
    if action == "pass":
        return None if set(move) == {"action"} else "That move has unexpected fields."
    if action != "block":
        return "Answer with Pass or Block."
    if move.get("as") not in rule.blocked_by:
        claims = " or the ".join(title(card) for card in rule.blocked_by)
        return f"Only a claim of the {claims} blocks {rule.title}."
    return None if set(move) == {"action", "as"} else "That move has unexpected fields."


def reveal_problem(s: State, seat: int, move: Move) -> str | None:
    if seat != claimant(s["pending"]):
        return "Only the challenged player reveals a card now."
    if move["action"] != "reveal":
        return "Choose one of your living cards to reveal."
    return card_problem(s["hands"][seat], move, "to reveal")


def lose_problem(s: State, seat: int, move: Move) -> str | None:
    if seat != s["pending"]["loser"]:
        return "It is not your turn to act."
    if move["action"] != "lose":
        return "Choose one of your living cards to lose."
    return card_problem(s["hands"][seat], move, "to lose")


def exchange_problem(s: State, seat: int, move: Move) -> str | None:
    if seat != s["pending"]["actor"]:
        return "It is not your turn to act."
    if move["action"] != "return":
        return "Choose a card to return to the court deck."
    return card_problem(s["hands"][seat] + s["exchange_draw"], move, "to return")


def card_problem(cards: list[str], move: Move, purpose: str) -> str | None:
    card = move.get("card")
    if card not in CHARACTERS:
        return "Name a character card: duke, assassin, captain, ambassador or contessa."
    if card not in cards:
        return f"You have no {title(card)} {purpose}."
    if set(move) != {"action", "card"}:
        return "That move has unexpected fields."
    return None


PROBLEMS = {
    TURN: turn_problem,
    CHALLENGE_ACTION: challenge_problem,
    CHALLENGE_BLOCK: challenge_problem,
    BLOCK: block_problem,
    REVEAL: reveal_problem,
    LOSE: lose_problem,
    EXCHANGE: exchange_problem,
}


# -- moves made for a seat ------------------------------------------------------------


def timeout_move(s: State, seat: int) -> Move:
    """Section 13 defaults: the quietest legal move."""
    phase = s["phase"]
    if phase == TURN:
        if s["coins"][seat] >= FORCED_COUP:
            return turn_moves(s, seat)[0]
        return {"action": "income"}
    if phase in (CHALLENGE_ACTION, BLOCK, CHALLENGE_BLOCK):
        return {"action": "pass"}
    hand = s["hands"][seat]
    if phase == REVEAL:
        claim = claimed_card(s["pending"])
        return {"action": "reveal", "card": claim if claim in hand else hand[0]}
    if phase == LOSE:
        return {"action": "lose", "card": hand[0]}
    # Exchange: keep the cards held before, sending the drawn ones back.
    return {"action": "return", "card": s["exchange_draw"][0]}
