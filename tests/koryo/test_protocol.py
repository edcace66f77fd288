"""The engine protocol around the rules: labels, prompts, summaries, timeouts,
refusals, purity and serialisation."""

import copy
import json

import pytest

from games.engine import IllegalMove
from games.koryo.rules import ENGINE

from .helpers import card_of, make_state, play


def _label(state, seat, move):
    return ENGINE.listed(state, seat, move).label


def test_order_labels():
    state = make_state(2, hands=[[6, 6, 2, "barbarians"], []], tableaux=[[5], []], phase="orders")
    assert _label(state, 0, {"action": "order_kind", "kind": 6}) == "Play Bankers"
    assert _label(state, 0, {"action": "order_kind", "kind": 2}) == "Play Spies"
    assert _label(state, 0, {"action": "order_kind", "kind": "barbarians"}) == "Play Barbarians"
    state = play(state, 0, {"action": "order_kind", "kind": 6})
    assert _label(state, 0, {"action": "order_count", "count": 1}) == "Play 1 Banker"
    assert _label(state, 0, {"action": "order_count", "count": 2}) == "Play 2 Bankers"
    pair = {"action": "order_pair", "kinds": [6, 2]}
    assert _label(state, 0, pair) == "Play 1 Banker and 1 Spy"
    assert _label(state, 0, {"action": "order_back"}) == "Choose another kind"


def test_action_labels():
    state = make_state(
        3,
        tableaux=[[6, 4, 2, "lobbying"], [7], [7]],
        orders=[[1, "barbarians"], [], []],
        tokens=[0, 1, 0],
    )
    omniscient = card_of(state, 0, 1, "orders")
    assert _label(state, 0, {"action": "reveal", "card": omniscient}) == "Reveal an Omniscient"
    assert _label(state, 0, {"action": "bank_take"}) == "Take a victory token from the bank"
    lobbying = card_of(state, 0, "lobbying")
    destroy = {"action": "priest_destroy", "card": lobbying}
    assert _label(state, 0, destroy) == "Destroy your Lobbying card"
    steal = {"action": "spy_steal", "target": 1}
    assert _label(state, 0, steal) == "Steal a victory token from {p1}"
    # KOR-7.1: the turn ends once every face-down card is revealed.
    revealed = make_state(2, tableaux=[[6], [7]], orders=[[], []])
    assert _label(revealed, 0, {"action": "end_turn"}) == "End turn"
    state = play(state, 0, {"action": "reveal", "card": card_of(state, 0, "barbarians", "orders")})
    guardian = {"action": "barbarians", "card": card_of(state, 1, 7)}
    assert _label(state, 0, guardian) == "Destroy {p1}'s Guardian"
    assert _label(state, 0, {"action": "decline"}) == "Let the Barbarians pass"


def test_lobbying_and_discard_labels():
    state = make_state(2, tableaux=[[9], [8]], orders=[["lobbying"], []])
    state = play(state, 0, {"action": "reveal", "card": state["orders"][0][0]})
    first = {"action": "lobby_first", "card": card_of(state, 1, 8)}
    assert _label(state, 0, first) == "Swap {p1}'s Journalist"
    assert _label(state, 0, {"action": "decline"}) == "Skip the Lobbying"
    state = make_state(2, tableaux=[[9, 9, 9, 8], []], phase="discard")
    assert _label(state, 0, {"action": "discard", "card": card_of(state, 0, 8)}) == (
        "Discard a Journalist"
    )


def test_prompts_and_summaries():
    state = ENGINE.setup(2, {}, seed=1)
    assert ENGINE.prompt(state) == "place orders"
    assert ENGINE.summary(state) == "Season 1 of 8 · orders"
    state = make_state(2, tableaux=[[], []], orders=[[9], [9]], round_no=3)
    assert ENGINE.prompt(state) == "reveal orders and use powers"
    assert ENGINE.summary(state) == "Season 3 of 8 · actions"
    state = make_state(2, tableaux=[[9, 9, 9, 9], []], phase="discard")
    assert ENGINE.summary(state) == "Season 1 of 8 · end of round"


def test_timeout_plays_one_card_of_the_kind_held_most():
    state = make_state(2, hands=[[2, 6, 6, "barbarians", "barbarians"], []], phase="orders")
    assert ENGINE.timeout_move(state, 0) == {"action": "order_kind", "kind": 6}
    state = play(state, 0, ENGINE.timeout_move(state, 0))
    assert ENGINE.timeout_move(state, 0) == {"action": "order_count", "count": 1}


def test_timeout_reveals_declines_and_ends_the_turn():
    state = make_state(2, tableaux=[[6], [9]], orders=[["barbarians"], [9]])
    move = ENGINE.timeout_move(state, 0)
    assert move["action"] == "reveal"
    state = play(state, 0, move)
    assert ENGINE.timeout_move(state, 0) == {"action": "decline"}
    state = play(state, 0, {"action": "decline"})
    # The Banker ability is left unused: the timeout ends the turn.
    assert ENGINE.timeout_move(state, 0) == {"action": "end_turn"}


def test_timeout_discards_the_lowest_family_first():
    state = make_state(2, tableaux=[[9, 6, 3, "barbarians"], []], phase="discard")
    assert ENGINE.timeout_move(state, 0) == {"action": "discard", "card": card_of(state, 0, 3)}


@pytest.mark.parametrize(
    ("seat", "move", "message"),
    [
        (1, {"action": "end_turn"}, "It is not your turn."),
        (0, {"action": "fly"}, "Unknown move."),
        (0, "reveal", "Unknown move."),
        (0, {"action": ["x"]}, "Unknown move."),
        (0, {"action": "discard", "card": 1}, "Not now: you must reveal orders and use powers."),
        (0, {"action": "reveal", "card": 54}, "That card is not one of your face-down cards."),
        (0, {"action": "end_turn"}, "Reveal all your face-down cards before ending your turn."),
    ],
)
def test_illegal_moves_are_refused_with_a_readable_message(seat, move, message):
    state = make_state(2, tableaux=[[], []], orders=[[9], [9]])
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, seat, move)
    assert str(refused.value) == message


def test_order_steps_are_refused_out_of_sequence():
    state = make_state(2, hands=[[6, 2], [9]], phase="orders")
    with pytest.raises(IllegalMove, match=r"Choose the kind of card to play first\."):
        ENGINE.apply(state, 0, {"action": "order_count", "count": 1})
    state = play(state, 0, {"action": "order_kind", "kind": 6})
    with pytest.raises(IllegalMove, match="already chose a kind"):
        ENGINE.apply(state, 0, {"action": "order_kind", "kind": 2})


def test_a_finished_game_refuses_every_move():
    state = make_state(2, tableaux=[[], []], phase="over", current=None)
    assert ENGINE.legal_moves(state, 0) == []
    with pytest.raises(IllegalMove, match=r"The game is over\."):
        ENGINE.apply(state, 0, {"action": "end_turn"})


def test_apply_refuses_look_alike_numbers_so_numbers_stay_ints():
    """6.0 and true equal 6 and 1 in Python, but are not the listed moves'
    values: the engine refuses them, as the move service does, and says why."""
    state = make_state(2, hands=[[6, 6, 1], [9]], phase="orders")
    before = copy.deepcopy(state)
    for fake in (6.0, True):
        with pytest.raises(IllegalMove, match=r"exactly as the legal moves list it"):
            ENGINE.apply(state, 0, {"action": "order_kind", "kind": fake})
    assert state == before
    state = play(state, 0, {"action": "order_kind", "kind": 6})
    assert state["order_kind"] == 6 and isinstance(state["order_kind"], int)


def test_apply_leaves_its_input_unchanged_and_states_are_json():
    state = ENGINE.setup(4, {}, seed=21)
    for _ in range(60):
        seat = ENGINE.to_act(state)[0]
        before = copy.deepcopy(state)
        moves = ENGINE.legal_moves(state, seat)
        new = ENGINE.apply(state, seat, moves[-1])
        assert state == before
        assert json.loads(json.dumps(new)) == new
        json.dumps(ENGINE.view(new, seat))
        state = new


def test_every_legal_move_is_listed_once():
    state = ENGINE.setup(3, {}, seed=5)
    for _ in range(120):
        seat = ENGINE.to_act(state)[0]
        moves = ENGINE.legal_moves(state, seat)
        assert len({json.dumps(m, sort_keys=True) for m in moves}) == len(moves)
        state = ENGINE.apply(state, seat, moves[len(moves) // 2])


def test_registry_style_export():
    from games import registry
    from games.koryo import rules

    # The site plays the engine these tests check, under the slug its URLs use.
    entry = registry.get("koryo")
    assert entry.engine is rules.ENGINE


def test_the_view_has_the_documented_shape():
    state = make_state(
        3, tableaux=[[6, "barbarians"], [], []], orders=[[9], [9], [9]], tokens=[1, 0, 0]
    )
    view = ENGINE.view(state, 0)
    assert set(view) == {
        "round",
        "rounds",
        "season",
        "first_player",
        "phase",
        "current",
        "to_act",
        "bank",
        "bank_size",
        "deck_size",
        "pieces",
        "players",
        "majorities",
        "pending",
        "used",
        "hand",
        "my_orders",
        "my_order_kind",
        "final_scores",
    }
    assert view["season"] == {"deal": 10, "limit": 3}
    assert view["deck_size"] == 50
    me = view["players"][0]
    assert me["tableau"] == [
        # "piece": the stack of the tableau the card is part of, as the
        # moves aimed at it name it.
        {
            "id": card_of(state, 0, 6),
            "kind": 6,
            "name": "Banker",
            "event": False,
            "points": 6,
            "piece": "tableau:0:6",
        },
        {
            "id": card_of(state, 0, "barbarians"),
            "kind": "barbarians",
            "name": "Barbarians",
            "event": True,
            # KOR-9.3: an event costs a point at the end.
            "points": -1,
            "piece": "tableau:0:barbarians",
        },
    ]
    assert me["tableau_groups"] == [
        {"kind": 6, "name": "Banker", "count": 1},
        {"kind": "barbarians", "name": "Barbarians", "count": 1},
    ]
    assert (me["orders_count"], me["tokens"], me["majorities"], me["score_now"]) == (1, 1, [6], 6)
    assert view["my_orders"] == [
        {"id": 36, "kind": 9, "name": "Merchant", "event": False, "points": 9, "piece": "orders:9"}
    ]


def test_kor_6_orders_from_the_hand_and_face_down_reveals_are_private_the_tableau_is_not():
    state = make_state(2, hands=[[6, 6, 2, "barbarians"], []], tableaux=[[5], []], phase="orders")
    assert ENGINE.listed(state, 0, {"action": "order_kind", "kind": 6}).private
    state = play(state, 0, {"action": "order_kind", "kind": 6})
    assert ENGINE.listed(state, 0, {"action": "order_count", "count": 1}).private
    state = make_state(
        3,
        tableaux=[[6, 4, 2, "lobbying"], [7], [7]],
        orders=[[1, "barbarians"], [], []],
        tokens=[0, 1, 0],
    )
    omniscient = card_of(state, 0, 1, "orders")
    assert ENGINE.listed(state, 0, {"action": "reveal", "card": omniscient}).private
    assert not ENGINE.listed(state, 0, {"action": "bank_take"}).private
