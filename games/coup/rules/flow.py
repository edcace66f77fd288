"""The Coup state machine of section 13: what each legal move does.

Every function takes a state already copied by `apply` and changes it in
place, writing log lines as it goes. Steps that need no decision run on
their own within the same move (resolving an action, a forced loss of the
last card, the next turn, the next round).

Rules: COUP-4.2 and COUP-5 (declaring and resolving actions, costs paid on
declaration), COUP-6 (blocks), COUP-7 (challenges, reveals, replacements),
COUP-8 (losing influence, elimination, victory), COUP-9 (rounds), COUP-10.4
to COUP-10.6 (Convert, Embezzle), and the open points COUP-OP8 (order of
answers), COUP-OP10 (refund), COUP-OP11 (challenged block), COUP-OP14
(stealing what there is), COUP-OP15 (Exchange), COUP-OP16 (double loss),
COUP-OP17 (lapses on elimination; coins to the treasury), COUP-OP18 (winner
starts the next round), COUP-OP21a (Embezzle reveal of one card).
"""

from __future__ import annotations

from games.coup.rules.cards import (
    ACTIONS,
    BLOCK,
    CHALLENGE_ACTION,
    CHALLENGE_BLOCK,
    DUKE,
    EXCHANGE,
    FACTION_TITLES,
    GAME_OVER,
    LOSE,
    REVEAL,
    TURN,
    convert_cost,
    other_faction,
    title,
    with_article,
)
from games.coup.rules.table import (
    block_seats,
    claimant,
    claimed_card,
    deal_round,
    is_alive,
    is_embezzle_challenge,
    living,
    new_pending,
    next_living,
    say,
    to_act,
    who,
)
from games.coup.rules.text import action_phrase, claim_phrase, coins_text
from games.engine import Move, Rng, State

# What happens once a player has chosen the card they lose.
STANDS = "stands"  # the action survived a challenge: on to blocks or resolution
BLOCKED = "blocked"  # the block survived a challenge: the action is cancelled
END = "end"  # the action is complete: next turn


# -- coins and cards -------------------------------------------------------------


def gain(s: State, seat: int, amount: int) -> None:
    s["coins"][seat] += amount
    s["treasury"] -= amount


def shuffle_deck(s: State) -> None:
    rng = Rng(s["rng"])
    rng.shuffle(s["deck"])
    s["rng"] = rng.state


def replace_cards(s: State, seat: int, cards: list[str]) -> None:
    """COUP-7.5: shuffle proven cards into the deck and draw as many back."""
    hand = s["hands"][seat]
    deck = s["deck"]
    for card in cards:
        hand.remove(card)
    deck.extend(cards)
    shuffle_deck(s)
    drawn = [deck.pop() for _ in cards]
    hand.extend(drawn)
    count = "a replacement card" if len(drawn) == 1 else f"{len(drawn)} replacement cards"
    say(s, f"{who(seat)} draws {count}.")
    say(s, f"You draw {' and '.join(with_article(c) for c in drawn)}.", to=[seat])


def kill(s: State, seat: int, card: str) -> bool:
    """Turn a living card face up (COUP-8.1, COUP-8.2), eliminating the player
    with no card left (COUP-8.3). Returns False if that ended the round."""
    s["hands"][seat].remove(card)
    s["dead"][seat].append(card)
    say(s, f"{who(seat)} loses {with_article(card)}.")
    if s["hands"][seat]:
        return True
    eliminate(s, seat)
    left = living(s)
    if len(left) == 1:
        end_round(s, left[0])
        return False
    return True


def eliminate(s: State, seat: int) -> None:
    # COUP-OP17: an eliminated player's coins go back to the treasury.
    coins = s["coins"][seat]
    s["coins"][seat] = 0
    s["treasury"] += coins
    s["eliminations"][-1].append(seat)
    verb = "goes" if coins == 1 else "go"
    back = f"; {coins_text(coins)} {verb} back to the treasury" if coins else ""
    say(s, f"{who(seat)} is eliminated{back}.")


# -- turns and rounds ------------------------------------------------------------


def end_turn(s: State) -> None:
    s["pending"] = None
    s["exchange_draw"] = []
    s["phase"] = TURN
    s["turn"] = next_living(s, s["turn"])


def end_round(s: State, winner: int) -> None:
    """COUP-8.4, COUP-9: record the win; deal again unless the game is won."""
    s["wins"][winner] += 1
    s["round_winners"].append(winner)
    if s["wins"][winner] >= s["options"]["rounds_to_win"]:
        s["phase"] = GAME_OVER
        s["winner"] = winner
        s["pending"] = None
        s["exchange_draw"] = []
        say(s, f"{who(winner)} wins the game.")
        return
    say(s, f"{who(winner)} wins round {s['round']}.")
    s["round"] += 1
    # COUP-OP18: the winner of the last round starts the next one.
    deal_round(s, winner)


# -- declaring an action (TURN_START) ------------------------------------------------


def declare(s: State, seat: int, move: Move) -> None:
    # The last challenge's cards belong to the action before this one.
    s["last_reveal"] = None
    action = move["action"]
    target = move.get("target")
    if action == "income":
        gain(s, seat, 1)
        say(s, f"{who(seat)} takes Income.")
        end_turn(s)
    elif action == "convert":
        convert(s, seat, target)
    else:
        declare_resolvable(s, seat, action, target)


def convert(s: State, seat: int, target: int) -> None:
    """COUP-10.4: no claim, no block: it takes effect at once."""
    cost = convert_cost(seat, target)
    s["coins"][seat] -= cost
    s["almshouse"] += cost
    joined = other_faction(s["factions"][target])
    s["factions"][target] = joined
    paid = f"{who(seat)} pays {coins_text(cost)} to the almshouse"
    if target == seat:
        say(s, f"{paid} and joins the {FACTION_TITLES[joined]}.")
    else:
        say(s, f"{paid} to convert {who(target)} to the {FACTION_TITLES[joined]}.")
    end_turn(s)


def declare_resolvable(s: State, seat: int, action: str, target: int | None) -> None:
    rule = ACTIONS[action]
    if rule.cost:
        # Section 13: costs are paid when the action is declared.
        s["coins"][seat] -= rule.cost
        s["treasury"] += rule.cost
    s["pending"] = new_pending(action, seat, target, rule.cost)
    say(s, declaration_text(s, seat, action, target))
    if action == "coup":
        lose(s, target, END)
    elif rule.claim is None:
        open_window(s, BLOCK)
    else:
        open_window(s, CHALLENGE_ACTION)


# The log's line for an action declared (Income and Convert are said where
# they resolve at once; Tax is the last left).
DECLARATIONS = {
    "foreign_aid": "{actor} takes Foreign Aid.",
    "coup": "{actor} pays 7 coins to launch a coup against {target}.",
    "embezzle": "{actor} claims not to be the Duke to embezzle the almshouse.",
    "assassinate": "{actor} claims the Assassin and pays 3 coins to assassinate {target}.",
    "steal": "{actor} claims the Captain to steal from {target}.",
    "exchange": "{actor} claims the Ambassador to exchange cards.",
}
TAX_DECLARED = "{actor} claims the Duke and takes Tax."


def declaration_text(s: State, seat: int, action: str, target: int | None) -> str:
    said = DECLARATIONS.get(action, TAX_DECLARED)
    return said.format(actor=who(seat), target=who(target) if target is not None else "")


# -- answer windows ----------------------------------------------------------------


def open_window(s: State, phase: str) -> None:
    pending = s["pending"]
    s["phase"] = phase
    pending["responded"] = []
    pending["challenger"] = None
    pending["challenged"] = None
    if not to_act(s):
        window_closed(s)


def window_closed(s: State) -> None:
    """Everyone asked has passed."""
    phase = s["phase"]
    if phase == CHALLENGE_ACTION:
        action_stands(s)
    elif phase == BLOCK:
        resolve(s)
    else:
        blocked(s)


# What a pass answered, for the log.
PASS_WORDS = {
    CHALLENGE_ACTION: "does not challenge",
    BLOCK: "does not block",
    CHALLENGE_BLOCK: "does not challenge the block",
}


def respond(s: State, seat: int, move: Move) -> None:
    """A pass, a challenge or a block. The first challenge or block received
    closes the window: moves arrive one at a time, so "first received" is how
    COUP-OP9's single resolved challenge (and the single Foreign Aid block of
    section 13) is chosen."""
    pending = s["pending"]
    answer = move["action"]
    record = s["answers"][seat]
    if s["phase"] == BLOCK:
        record["block_windows"] += 1
        record["blocks"] += answer == "block"
    else:
        record["challenge_windows"] += 1
        record["challenges"] += answer == "challenge"
    if answer == "pass":
        pending["responded"].append(seat)
        say(s, f"{who(seat)} {PASS_WORDS[s['phase']]}.")
        if not to_act(s):
            window_closed(s)
    elif answer == "challenge":
        pending["challenger"] = seat
        pending["challenged"] = "action" if s["phase"] == CHALLENGE_ACTION else "block"
        say(s, f"{who(seat)} challenges {claim_phrase(pending)}.")
        start_reveal(s)
    else:
        pending["blocker"] = seat
        pending["block_as"] = move["as"]
        say(s, f"{who(seat)} claims the {title(move['as'])} to block.")
        open_window(s, CHALLENGE_BLOCK)


def action_stands(s: State) -> None:
    """COUP-OP8: an unchallenged (or proven) claim may still be blocked."""
    if block_seats(s):
        open_window(s, BLOCK)
    else:
        resolve(s)


def blocked(s: State) -> None:
    """COUP-6.2, COUP-OP10: a blocked action does nothing; costs stay paid."""
    pending = s["pending"]
    say(s, f"{who(pending['actor'])}'s {action_phrase(pending)} is blocked.")
    end_turn(s)


# -- challenges (CHALLENGE_REVEAL) ---------------------------------------------------


def start_reveal(s: State) -> None:
    pending = s["pending"]
    seat = claimant(pending)
    hand = s["hands"][seat]
    if is_embezzle_challenge(pending):
        # COUP-10.6: every living card is shown, so there is nothing to choose.
        reveal_all(s, seat)
    elif len(hand) == 1:
        # Only one card can be shown; the count of living cards is public,
        # so skipping the question tells nobody anything.
        reveal(s, hand[0])
    else:
        s["phase"] = REVEAL


def reveal(s: State, card: str) -> None:
    """COUP-7.3 to COUP-7.5, COUP-OP12: the shown card decides the challenge."""
    pending = s["pending"]
    seat = claimant(pending)
    truthful = card == claimed_card(pending)
    s["last_reveal"] = {"seat": seat, "cards": [card], "truthful": truthful}
    if truthful:
        say(s, f"{who(seat)} reveals {with_article(card)} and shuffles it back into the deck.")
        replace_cards(s, seat, [card])
        challenger_loses(s)
    else:
        say(s, f"{who(seat)} reveals {with_article(card)}: a bluff.")
        claim_fails(s, seat, card)


def reveal_all(s: State, seat: int) -> None:
    """COUP-10.6, COUP-OP21a: the Embezzle claim is proven by showing no Duke."""
    cards = sorted(s["hands"][seat])
    truthful = DUKE not in cards
    s["last_reveal"] = {"seat": seat, "cards": cards, "truthful": truthful}
    shown = " and ".join(with_article(card) for card in cards)
    if truthful:
        say(s, f"{who(seat)} reveals {shown}, no Duke, and shuffles them into the deck.")
        replace_cards(s, seat, cards)
        challenger_loses(s)
        return
    say(s, f"{who(seat)} reveals {shown}: a bluff.")
    others = list(cards)
    others.remove(DUKE)
    if others:
        # The card shown beside the Duke was honest: it goes back and is replaced.
        say(s, f"{who(seat)} shuffles {with_article(others[0])} back into the deck.")
        replace_cards(s, seat, others)
    claim_fails(s, seat, DUKE)


def challenger_loses(s: State) -> None:
    pending = s["pending"]
    then = STANDS if pending["challenged"] == "action" else BLOCKED
    lose(s, pending["challenger"], then)


def claim_fails(s: State, seat: int, card: str) -> None:
    """COUP-7.4: the bluffer's shown card dies and the claim fails."""
    pending = s["pending"]
    if pending["challenged"] == "action":
        refund = pending["cost"]
        if refund:
            # COUP-OP10; paid back before the card dies, so that the coins of
            # a player eliminated now still end up in the treasury.
            gain(s, seat, refund)
        back = f"; {coins_text(refund)} are returned" if refund else ""
        say(s, f"{who(seat)}'s {action_phrase(pending)} fails{back}.")
        if kill(s, seat, card):
            end_turn(s)
    else:
        say(s, f"{who(seat)}'s block fails.")
        # COUP-OP11: the action goes ahead.
        if kill(s, seat, card):
            resolve(s)


# -- losing influence (LOSE_INFLUENCE) ---------------------------------------------


def lose(s: State, seat: int, then: str) -> None:
    """Ask `seat` to kill a card, then carry on with `then`."""
    hand = s["hands"][seat]
    if not hand:
        # COUP-OP17: what was due to an eliminated player lapses.
        carry_on(s, then)
        return
    if len(hand) == 1:
        if kill(s, seat, hand[0]):
            carry_on(s, then)
        return
    pending = s["pending"]
    pending["loser"] = seat
    pending["then"] = then
    s["phase"] = LOSE


def card_lost(s: State, seat: int, card: str) -> None:
    then = s["pending"]["then"]
    if kill(s, seat, card):
        carry_on(s, then)


def carry_on(s: State, then: str) -> None:
    pending = s["pending"]
    pending["loser"] = None
    pending["then"] = None
    if then == STANDS:
        action_stands(s)
    elif then == BLOCKED:
        blocked(s)
    else:
        end_turn(s)


# -- resolution (RESOLVE, EXCHANGE_RETURN) --------------------------------------------


def resolve(s: State) -> None:
    pending = s["pending"]
    action = pending["action"]
    actor = pending["actor"]
    target = pending["target"]
    if action == "foreign_aid":
        gain(s, actor, 2)
        say(s, f"{who(actor)} collects 2 coins of Foreign Aid.")
    elif action == "tax":
        gain(s, actor, 3)
        say(s, f"{who(actor)} collects 3 coins of Tax.")
    elif action == "steal":
        steal(s, actor, target)
    elif action == "embezzle":
        amount = s["almshouse"]
        s["almshouse"] = 0
        s["coins"][actor] += amount
        say(s, f"{who(actor)} embezzles {coins_text(amount)} from the almshouse.")
    elif action == "exchange":
        start_exchange(s, actor)
        return
    elif action == "assassinate":
        if is_alive(s, target):
            say(s, f"{who(actor)} assassinates {who(target)}.")
            lose(s, target, END)
            return
        # COUP-OP17: the target died answering a challenge.
        say(s, f"{who(target)} is already out; the assassination lapses.")
    end_turn(s)


def steal(s: State, actor: int, target: int) -> None:
    # COUP-OP14: take what there is, up to 2; COUP-OP17: nothing from the dead.
    amount = min(2, s["coins"][target]) if is_alive(s, target) else 0
    if amount == 0:
        say(s, f"{who(actor)} finds nothing to steal.")
        return
    s["coins"][target] -= amount
    s["coins"][actor] += amount
    say(s, f"{who(actor)} steals {coins_text(amount)} from {who(target)}.")


def start_exchange(s: State, actor: int) -> None:
    deck = s["deck"]
    s["exchange_draw"] = [deck.pop(), deck.pop()]
    s["phase"] = EXCHANGE
    say(s, f"{who(actor)} draws 2 cards from the court deck.")
    drawn = " and ".join(with_article(card) for card in s["exchange_draw"])
    say(s, f"You draw {drawn}.", to=[actor])


def return_card(s: State, seat: int, card: str) -> None:
    """COUP-OP15: return one card of living + drawn; two returns end it.

    The hand keeps its size throughout (when a held card goes back, a drawn
    card takes its place), so the public count of living cards never shows
    which cards were returned.
    """
    hand = s["hands"][seat]
    draw = s["exchange_draw"]
    if card in draw:
        draw.remove(card)
    else:
        hand.remove(card)
        hand.append(draw.pop(0))
    s["deck"].append(card)
    say(s, f"You return {with_article(card)} to the court deck.", to=[seat])
    if draw:
        return
    shuffle_deck(s)
    say(s, f"{who(seat)} returns 2 cards to the court deck.")
    end_turn(s)


def apply_move(s: State, seat: int, move: Move) -> None:
    """Dispatch a legal move to the step of the current phase."""
    phase = s["phase"]
    if phase == TURN:
        declare(s, seat, move)
    elif phase in (CHALLENGE_ACTION, BLOCK, CHALLENGE_BLOCK):
        respond(s, seat, move)
    elif phase == REVEAL:
        reveal(s, move["card"])
    elif phase == LOSE:
        card_lost(s, seat, move["card"])
    elif phase == EXCHANGE:
        return_card(s, seat, move["card"])
