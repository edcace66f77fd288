"""Coup's bots challenge, block and bluff when what their seat knows makes it
pay (issue 27, point 6). Each position is built so that one answer is right
by the rules, whatever the hidden cards are."""

from __future__ import annotations

import copy

import pytest

from games.bots import choose_move
from games.coup.bot import KNOWLEDGE
from games.coup.rules import ENGINE
from games.coup.rules.cards import ACTIONS
from tests.coup.helpers import act, make_state

D, A, C, M, T = "duke", "assassin", "captain", "ambassador", "contessa"
SEARCHING = ["medium", "hard"]


def bot_move(state, seat, level, seed):
    legal = ENGINE.legal_moves(state, seat)
    return choose_move(KNOWLEDGE, ENGINE.view(state, seat), legal, seat, level=level, seed=seed)


@pytest.mark.parametrize("level", SEARCHING)
def test_coup_7_4_a_bot_challenges_a_claim_it_can_see_is_false(level):
    """Seat 0 holds two Dukes and seat 1's dead card is the third: seat 1's
    Tax must be a bluff, and losing the challenge costs seat 1 its last card."""
    state = make_state([[D, D], [C]], dead=[[], [D]], coins=[2, 2], turn=1)
    state = act(state, 1, "tax")
    for seed in range(3):
        assert bot_move(state, 0, level, seed) == {"action": "challenge"}


@pytest.mark.parametrize("level", ["hard"])
def test_coup_5_3_a_bot_bluffs_the_captain_when_only_a_steal_can_save_it(level):
    """Seat 0 has one card (no Captain) and 1 coin; seat 1 has two cards and
    7 coins, and launches a Coup next turn. Income, Foreign Aid, Tax and
    Exchange all leave seat 1 at 7 coins with a card to spare whatever
    happens (even a won challenge takes only one of its cards); only a Steal,
    claiming a Captain seat 0 does not hold, takes seat 1 below the Coup's
    price."""
    state = make_state([[T], [D, M]], dead=[[D], []], coins=[1, 7], turn=0)
    for seed in range(3):
        move = bot_move(state, 0, level, seed)
        assert move == {"action": "steal", "target": 1}
        assert C not in state["hands"][0], "a claim the bot does not hold"


@pytest.mark.parametrize("level", SEARCHING)
def test_coup_6_3_a_bot_blocks_an_assassination_with_the_contessa_it_holds(level):
    state = make_state([[A, D], [T, C]], coins=[3, 2], turn=0)
    state = act(state, 0, "assassinate", target=1)
    state = act(state, 1, "pass")  # no challenge: the block window opens
    assert ENGINE.to_act(state) == [1] and state["phase"] == "block"
    for seed in range(3):
        assert bot_move(state, 1, level, seed) == {"action": "block", "as": T}


@pytest.mark.parametrize("level", SEARCHING)
def test_coup_6_3_a_bot_bluffs_the_contessa_when_passing_loses_the_game(level):
    """Seat 1's last card is a Captain and seat 0 assassinates it: passing
    loses the game at once (COUP-5.7, COUP-8.4), a Contessa block it does not hold
    (COUP-6.3) loses only if seat 0 challenges it (COUP-7.4)."""
    state = make_state([[A, D], [C]], dead=[[], [D]], coins=[3, 2], turn=0)
    state = act(state, 0, "assassinate", target=1)
    state = act(state, 1, "pass")  # no challenge: the block window opens
    assert ENGINE.to_act(state) == [1] and state["phase"] == "block"
    for seed in range(3):
        assert bot_move(state, 1, level, seed) == {"action": "block", "as": T}
    assert T not in state["hands"][1], "a block the bot cannot back"


@pytest.mark.parametrize("level", SEARCHING)
def test_coup_7_3_a_challenged_bot_shows_the_card_it_claimed(level):
    state = make_state([[D, C], [A, T]], coins=[2, 2], turn=0)
    state = act(act(state, 0, "tax"), 1, "challenge")
    assert state["phase"] == "reveal"
    for seed in range(3):
        assert bot_move(state, 0, level, seed) == {"action": "reveal", "card": D}


def test_the_same_view_and_seed_give_the_same_move_and_other_seeds_may_differ():
    state = ENGINE.setup(4, {}, 3)
    seat = ENGINE.to_act(state)[0]
    moves = {seed: bot_move(state, seat, "medium", seed) for seed in range(6)}
    assert all(bot_move(state, seat, "medium", seed) == moves[seed] for seed in range(6))
    assert len({str(m) for m in moves.values()}) > 1


def imagined_challenges(state, seat, tries=400):
    from games.engine import Rng

    legal = ENGINE.legal_moves(state, seat)
    rng = Rng.from_seed(5)
    answers = [KNOWLEDGE.policy(ENGINE, state, seat, legal, rng) for _ in range(tries)]
    return sum(answer == {"action": "challenge"} for answer in answers) / tries


def test_the_players_a_search_imagines_challenge_as_often_as_they_were_seen_to():
    """A seat that has challenged every claim so far is imagined challenging
    this one too, more often than a seat that never has: a bluff against a
    habitual challenger is priced as such. Seat 1 holds two of the three
    Dukes, so seat 0's Tax is doubtful to it even before any record."""
    state = act(make_state([[A, C], [D, D]], coins=[2, 2], turn=0), 0, "tax")
    doubter, trusting = copy.deepcopy(state), copy.deepcopy(state)
    doubter["answers"][1].update(challenges=12, challenge_windows=12)
    trusting["answers"][1].update(challenges=0, challenge_windows=12)
    fresh = imagined_challenges(state, 1)
    assert imagined_challenges(trusting, 1) < fresh < imagined_challenges(doubter, 1)


def test_coup_7_4_hard_bluffs_against_a_seat_that_never_challenges_but_not_one_that_always_does():
    """Seat 0 holds a Captain and a Contessa. A bluffed claim against a seat
    that has challenged every claim so far costs seat 0 a card (COUP-7.4);
    against a seat that has let twelve claims pass, a Tax it cannot back
    most likely goes through."""
    state = make_state([[C, T], [A, M]], coins=[2, 2], turn=0)
    doubter, trusting = copy.deepcopy(state), copy.deepcopy(state)
    doubter["answers"][1].update(challenges=6, challenge_windows=6)
    trusting["answers"][1].update(challenges=0, challenge_windows=12)
    for seed in range(3):
        honest = bot_move(doubter, 0, "hard", seed)
        assert ACTIONS[honest["action"]].claim in (None, C, T), honest
    bluffs = [bot_move(trusting, 0, "hard", seed) for seed in range(3)]
    assert any(ACTIONS[move["action"]].claim not in (None, C, T) for move in bluffs)
