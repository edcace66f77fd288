"""Hidden information (section 2): what a seat is shown never depends on a
secret it cannot see. Checked by scrambling those secrets
(`tests.coup.secrets.scramble_secrets`) on many reachable states."""

from __future__ import annotations

import random
import re

from games.coup.rules import ENGINE
from games.coup.rules.cards import CHARACTERS
from games.engine import State, visible_lines
from tests.coup.helpers import all_cards, reachable_states
from tests.coup.secrets import scramble_secrets

ORDERS = [
    {},
    {"challenges": "pass_unless_targeted", "blocks": "never_block_foreign_aid"},
    {"challenges": "always_pass", "blocks": "never_block"},
]


def seats_of(state: State) -> list[int | None]:
    return [None, *range(state["num_players"])]


def what_seat_is_shown(state: State, seat: int | None) -> dict:
    shown = {
        "view": without_the_final_reveal(ENGINE.view(state, seat)),
        "prompt": ENGINE.prompt(state),
        "summary": ENGINE.summary(state),
        "to_act": ENGINE.to_act(state),
        "log": visible_lines(state["log"], seat),
        "outcome": ENGINE.outcome(state),
    }
    if seat is not None:
        moves = ENGINE.legal_moves(state, seat)
        shown["moves"] = moves
        shown["labels"] = [move.label for move in moves]
        shown["standing"] = [ENGINE.standing_move(state, seat, orders) for orders in ORDERS]
        if seat in shown["to_act"]:
            shown["timeout"] = ENGINE.timeout_move(state, seat)
    return shown


def without_the_final_reveal(view: dict) -> dict:
    """Once the game is over every card is turned face up: not a secret."""
    for player in view["players"]:
        player.pop("shown")
    return view


def test_coup_2_what_a_seat_is_shown_does_not_change_when_its_unseen_secrets_do():
    rng = random.Random(1)
    changed = 0
    for state in reachable_states():
        for seat in seats_of(state):
            scrambled = scramble_secrets(state, seat, rng)
            changed += scrambled["hands"] != state["hands"]
            assert what_seat_is_shown(scrambled, seat) == what_seat_is_shown(state, seat)
    assert changed > 1000, "the scramble must actually move hidden cards"


def test_scramble_keeps_what_the_seat_knows_and_changes_the_rest():
    state = next(s for s in reachable_states() if s["num_players"] == 6)
    scrambled = scramble_secrets(state, 2, random.Random(0))
    assert scrambled["hands"][2] == state["hands"][2]
    assert scrambled["dead"] == state["dead"]
    assert scrambled["rng"] != state["rng"]
    assert sorted(all_cards(scrambled)) == sorted(all_cards(state))
    assert state == next(s for s in reachable_states() if s["num_players"] == 6), "no change"


def keys_in(value) -> set[str]:
    """Every key of every mapping in a view, however deep."""
    if isinstance(value, dict):
        return set(value).union(*(keys_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_in(v) for v in value))
    return set()


def test_coup_2_views_hold_no_deck_rng_or_other_hands():
    for state in reachable_states(games=3):
        for seat in seats_of(state):
            view = ENGINE.view(state, seat)
            assert not {"deck", "rng", "hands"} & keys_in(view)
            if seat is None:
                assert view["hand"] is None and view["exchange_draw"] is None


# -- consequences of a move --------------------------------------------------------------

_CARD = re.compile(r"\b(?:an? )?(?:" + "|".join(c.capitalize() for c in CHARACTERS) + r")\b")


def masked(state: State) -> dict:
    """The spectator's picture with dead cards' names hidden."""
    view = without_the_final_reveal(ENGINE.view(state, None))
    for player in view["players"]:
        player["dead"] = len(player["dead"])
    public = [_CARD.sub("a card", ln["text"]) for ln in state["log"] if ln["to"] is None]
    return {"view": view, "log": public, "prompt": ENGINE.prompt(state)}


def shown(state) -> bool:
    """Whether the move just applied showed a card in a challenge."""
    return any(" reveals " in ln["text"] for ln in state["log"] if ln["to"] is None)


def test_coup_2_public_results_of_a_move_do_not_depend_on_hidden_cards():
    """Play the same move in a state and in its scramble (as the mover sees
    it): unless a challenge showed a card, the public results are the same
    apart from which card died. This catches decisions skipped or texts
    chosen because of a hidden card (e.g. not asking a player whose two
    living cards are identical which one to lose)."""
    rng = random.Random(2)
    compared = 0
    for state in reachable_states(games=10, every=1):
        if ENGINE.outcome(state) is not None:
            continue
        seat = rng.choice(ENGINE.to_act(state))
        move = rng.choice(ENGINE.legal_moves(state, seat))
        scrambled = scramble_secrets(state, seat, rng)
        after = ENGINE.apply(state, seat, move)
        after_scrambled = ENGINE.apply(scrambled, seat, move)
        if shown(after) or shown(after_scrambled):
            continue  # a card was shown: the story may rightly differ
        assert masked(after) == masked(after_scrambled)
        compared += 1
    assert compared > 1000
