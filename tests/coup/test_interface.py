"""The platform-facing surface: views, prompts, labels, logs, timeouts,
standing orders and refusals (section 13 of the specification)."""

from __future__ import annotations

import copy
import json

import pytest

from games.coup.rules import ENGINE
from games.engine import IllegalMove, visible_lines
from tests.coup.helpers import act, block, everyone_passes, make_state

D, A, C, M, T = "duke", "assassin", "captain", "ambassador", "contessa"

# "piece": the player as a piece of the board, named as the moves aimed at them name it.
PLAYER_KEYS = {"seat", "coins", "influence", "dead", "alive", "faction", "wins", "shown", "piece"}
PENDING_KEYS = {"action", "actor", "target", "claim", "blocker", "block_as", "challenger"}


def three(coins=(3, 2, 2), **kwargs):
    return make_state([[D, C], [A, T], [M, D]], coins=list(coins), **kwargs)


# -- views -------------------------------------------------------------------------


def test_view_has_the_documented_shape():
    state = act(three(), 0, "steal", target=2)
    view = ENGINE.view(state, 1)
    assert {
        "players",
        "hand",
        "exchange_draw",
        "deck_size",
        "almshouse",
        "factions",
        "rounds_to_win",
        "round",
        "turn",
        "phase",
        "pending",
        "to_act",
        "last_reveal",
        "winner",
    } <= set(view)
    assert all(set(player) == PLAYER_KEYS for player in view["players"])
    assert view["hand"] == [A, T] and view["exchange_draw"] is None
    assert view["deck_size"] == 9 and "treasury" not in view  # unlimited: COUP-OP6
    assert view["pending"] == {
        "action": "steal",
        "actor": 0,
        "target": 2,
        "claim": "captain",
        "blocker": None,
        "block_as": None,
        "challenger": None,
        "responded": [],
    }
    assert view["to_act"] == [1, 2] and view["phase"] == "challenge_action"
    json.dumps(view)


def test_spectators_see_no_hand():
    view = ENGINE.view(three(), None)
    assert view["hand"] is None and view["exchange_draw"] is None


def test_only_the_exchanging_player_sees_the_draw():
    state = everyone_passes(act(three(), 0, "exchange"))
    assert ENGINE.view(state, 0)["exchange_draw"] == state["exchange_draw"]
    assert ENGINE.view(state, 1)["exchange_draw"] is None
    assert ENGINE.view(state, None)["exchange_draw"] is None
    assert ENGINE.view(state, 1)["players"][0]["influence"] == 2


def test_a_view_never_shares_objects_with_the_state():
    state = act(act(three(), 0, "tax"), 1, "challenge")
    state = act(state, 0, "reveal", card=C)
    view = ENGINE.view(state, 0)
    view["hand"].append("x")
    view["last_reveal"]["cards"].append("x")
    view["players"][0]["dead"].append("x")
    assert state["hands"][0] == [D] and state["last_reveal"]["cards"] == [C]


def test_view_responded_lists_who_passed():
    state = act(act(three(), 0, "tax"), 2, "pass")
    assert ENGINE.view(state, None)["pending"]["responded"] == [2]


# -- prompts, summary, labels ----------------------------------------------------------


def test_prompts_for_each_phase():
    state = three()
    assert ENGINE.prompt(state) == "take a turn"
    tax = act(state, 0, "tax")
    assert ENGINE.prompt(tax) == "respond to {p0}'s Tax"
    steal = everyone_passes(act(state, 0, "steal", target=2))
    assert ENGINE.prompt(steal) == "decide whether to block {p0}'s Steal from {p2}"
    blocked = block(steal, 2, M)
    assert ENGINE.prompt(blocked) == "respond to {p2}'s block as Ambassador"
    challenged = act(tax, 1, "challenge")
    assert ENGINE.prompt(challenged) == "answer {p1}'s challenge"
    losing = act(challenged, 0, "reveal", card=D)
    assert ENGINE.prompt(losing) == "choose a card to lose"
    exchange = everyone_passes(act(state, 0, "exchange"))
    assert ENGINE.prompt(exchange) == "choose cards to return to the court deck"
    aid = act(state, 0, "foreign_aid")
    assert ENGINE.prompt(aid) == "decide whether to block {p0}'s Foreign Aid"


def test_summary_line():
    assert ENGINE.summary(three()) == "3 players left"
    state = make_state([[D, C], [A, T], [], [M, D]], dead=[[], [], [C, T], []])
    state["options"] = {**state["options"], "rounds_to_win": 3}
    state["round"] = 2
    assert ENGINE.summary(state) == "Round 2 · 3 players left"


def test_move_labels():
    state = three(coins=(7, 2, 2))
    labels = {json.dumps(move): move.label for move in ENGINE.legal_moves(state, 0)}
    assert labels['{"action": "steal", "target": 2}'] == "Steal from {p2}"
    assert labels['{"action": "coup", "target": 1}'] == "Coup against {p1}"
    assert labels['{"action": "assassinate", "target": 1}'] == "Assassinate {p1}"
    assert labels['{"action": "income"}'] == "Income (+1)"
    tax = act(state, 0, "tax")
    assert ENGINE.listed(tax, 1, {"action": "challenge"}).label == "Challenge {p0}'s claim of Duke"
    assert ENGINE.listed(tax, 1, {"action": "pass"}).label == "Pass"
    losing = act(state, 0, "coup", target=1)
    assert ENGINE.listed(losing, 1, {"action": "lose", "card": A}).label == "Lose Assassin"
    steal = everyone_passes(act(three(), 0, "steal", target=2))
    assert ENGINE.listed(steal, 2, {"action": "block", "as": C}).label == "Block as Captain"
    blocked = block(steal, 2, C)
    assert ENGINE.listed(blocked, 0, {"action": "challenge"}).label == (
        "Challenge {p2}'s claim of Captain"
    )


def test_faction_labels():
    state = make_state([[D, C], [A, T], [M, D]], factions="LRL", almshouse=4)
    assert ENGINE.listed(state, 0, {"action": "convert", "target": 0}).label == (
        "Convert yourself to the Reformists (1 coin)"
    )
    assert ENGINE.listed(state, 0, {"action": "convert", "target": 1}).label == (
        "Convert {p1} to the Loyalists (2 coins)"
    )
    assert ENGINE.listed(state, 0, {"action": "embezzle"}).label == "Embezzle 4 coins"
    embezzle = act(state, 0, "embezzle")
    assert ENGINE.listed(embezzle, 1, {"action": "challenge"}).label == (
        "Challenge {p0}'s claim not to be the Duke"
    )


# -- log ----------------------------------------------------------------------------------


def test_each_apply_replaces_the_log():
    state = act(three(), 0, "tax")
    state = act(state, 1, "pass")
    assert [ln["text"] for ln in state["log"]] == ["{p1} does not challenge."]


def test_private_lines_reach_only_their_seat():
    state = act(act(three(), 0, "tax"), 1, "challenge")
    state = act(state, 0, "reveal", card=D)
    private = [ln for ln in state["log"] if ln["to"] is not None]
    assert [ln["to"] for ln in private] == [[0]]
    assert all(ln["to"] is None for ln in visible_lines(state["log"], 1))
    assert len(visible_lines(state["log"], 0)) == len(state["log"])


def test_exchange_returns_are_private():
    state = everyone_passes(act(three(), 0, "exchange"))
    state = act(state, 0, "return", card=D)
    assert state["log"] == [{"text": "You return a Duke to the court deck.", "to": [0]}]


# -- timeouts --------------------------------------------------------------------------------


def test_timeout_takes_income_or_the_first_forced_coup():
    assert ENGINE.timeout_move(three(), 0) == {"action": "income"}
    assert ENGINE.timeout_move(three(coins=(10, 2, 2)), 0) == {"action": "coup", "target": 1}


def test_timeout_passes_in_windows():
    tax = act(three(), 0, "tax")
    assert ENGINE.timeout_move(tax, 1) == {"action": "pass"}
    steal = everyone_passes(act(three(), 0, "steal", target=2))
    assert ENGINE.timeout_move(steal, 2) == {"action": "pass"}
    assert ENGINE.timeout_move(block(steal, 2, C), 0) == {"action": "pass"}


def test_timeout_reveals_the_claimed_card_when_held():
    tax = act(act(three(), 0, "tax"), 1, "challenge")
    assert ENGINE.timeout_move(tax, 0) == {"action": "reveal", "card": D}
    bluff = act(act(three(), 0, "assassinate", target=1), 1, "challenge")
    assert ENGINE.timeout_move(bluff, 0) == {"action": "reveal", "card": D}


def test_timeout_loses_the_first_card_and_returns_the_drawn_ones():
    losing = act(three(coins=(7, 2, 2)), 0, "coup", target=1)
    assert ENGINE.timeout_move(losing, 1) == {"action": "lose", "card": A}
    exchange = everyone_passes(act(three(), 0, "exchange"))
    drawn = list(exchange["exchange_draw"])
    exchange = ENGINE.apply(exchange, 0, ENGINE.timeout_move(exchange, 0))
    exchange = ENGINE.apply(exchange, 0, ENGINE.timeout_move(exchange, 0))
    assert exchange["hands"][0] == [D, C] and len(drawn) == 2


def test_timeout_for_a_seat_not_to_act_is_refused():
    with pytest.raises(IllegalMove):
        ENGINE.timeout_move(three(), 1)


# -- standing orders ---------------------------------------------------------------------------


def test_standing_orders_are_declared():
    assert [opt.key for opt in ENGINE.standing_orders] == ["challenges", "blocks"]
    assert ENGINE.clean_standing_orders({}) == {"challenges": "ask", "blocks": "ask"}


def test_always_pass_covers_challenge_windows_only():
    orders = {"challenges": "always_pass"}
    tax = act(three(), 0, "tax")
    assert ENGINE.standing_move(tax, 1, orders) == {"action": "pass"}
    steal = everyone_passes(act(three(), 0, "steal", target=2))
    assert ENGINE.standing_move(steal, 2, orders) is None
    assert ENGINE.standing_move(three(), 0, orders) is None, "never the actor's own turn"


def test_pass_unless_targeted():
    orders = {"challenges": "pass_unless_targeted"}
    steal = act(three(), 0, "steal", target=2)
    assert ENGINE.standing_move(steal, 1, orders) == {"action": "pass"}
    assert ENGINE.standing_move(steal, 2, orders) is None
    blocked = block(everyone_passes(steal), 2, C)
    assert ENGINE.standing_move(blocked, 0, orders) is None, "my own action was blocked"
    assert ENGINE.standing_move(blocked, 1, orders) == {"action": "pass"}


def test_block_orders():
    aid = act(three(), 0, "foreign_aid")
    assert ENGINE.standing_move(aid, 1, {"blocks": "never_block_foreign_aid"}) == {"action": "pass"}
    steal = everyone_passes(act(three(), 0, "steal", target=2))
    assert ENGINE.standing_move(steal, 2, {"blocks": "never_block_foreign_aid"}) is None
    assert ENGINE.standing_move(steal, 2, {"blocks": "never_block"}) == {"action": "pass"}
    assert ENGINE.standing_move(steal, 2, {"blocks": "ask"}) is None


def test_standing_orders_never_reveal_lose_or_exchange():
    orders = {"challenges": "always_pass", "blocks": "never_block"}
    challenged = act(act(three(), 0, "tax"), 1, "challenge")
    assert ENGINE.standing_move(challenged, 0, orders) is None
    losing = act(challenged, 0, "reveal", card=D)
    assert ENGINE.standing_move(losing, 1, orders) is None
    exchange = everyone_passes(act(three(), 0, "exchange"))
    assert ENGINE.standing_move(exchange, 0, orders) is None


def test_a_seat_that_has_answered_gets_no_standing_move():
    tax = act(act(three(), 0, "tax"), 1, "pass")
    assert ENGINE.standing_move(tax, 1, {"challenges": "always_pass"}) is None


# -- refusals and purity ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [
        "income",
        {},
        {"action": "fly"},
        {"action": "income", "extra": 1},
        {"action": "steal", "target": "2"},
        {"action": "steal", "target": 9},
        {"action": "coup", "target": True},
        {"action": "block", "as": "duke"},
        {"action": "reveal", "card": "duke"},
    ],
)
def test_bad_moves_are_refused_with_a_message(move):
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply(three(), 0, move)
    assert str(error.value)


def test_refusals_name_the_problem():
    with pytest.raises(IllegalMove, match="not your turn"):
        act(three(), 1, "income")
    with pytest.raises(IllegalMove, match="game is over"):
        state = make_state([[D, C], [T], []], dead=[[], [A], [M, D]], coins=[7, 0, 0])
        act(act(state, 0, "coup", target=1), 0, "income")
    challenged = act(act(three(), 0, "tax"), 1, "challenge")
    with pytest.raises(IllegalMove, match="living cards to reveal"):
        act(challenged, 0, "pass")


def test_apply_never_changes_its_input():
    state = act(three(), 0, "tax")
    before = copy.deepcopy(state)
    act(state, 1, "challenge")
    act(state, 1, "pass")
    assert state == before


def test_states_are_json():
    state = act(act(three(), 0, "tax"), 1, "challenge")
    assert json.loads(json.dumps(state)) == state
