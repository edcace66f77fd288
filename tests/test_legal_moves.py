"""A legal move is one record, and there is one way to check a move.

Each game's `legal_moves` gives records (`Legal`): the move's JSON itself,
with its label, the piece it acts on, its group and flags, described when
read. `refusal` says why a move is not legal, never raises, and changes
nothing; `apply` of a move that is not listed raises `IllegalMove` with it.
Bots play one of the moves they were given.
"""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from games import registry
from games.bots import choose_with_budget
from games.bots.lookahead import LookaheadBudget
from games.bots.search import SearchBudget
from games.coup.rules import ENGINE as COUP
from games.engine import About, IllegalMove, Legal, Rng, find_move, legal_records, same_move
from games.koryo.rules import ENGINE as KORYO
from games.seasons.rules import ENGINE as SEASONS
from games.troyes.rules import ENGINE as TROYES
from tests.coup.helpers import make_state as coup_state
from tests.koryo.helpers import make_state as koryo_state
from tests.troyes.helpers import actions as troyes_actions

ENGINES = [COUP, KORYO, SEASONS, TROYES]
ORDERS = "Place face down: choose one kind; the rest of your hand goes back to the deck"


def about(records: list[Legal]) -> dict[str, About]:
    return {json.dumps(m, sort_keys=True): m.about for m in records}


# -- what a record says, as the page showed it --------------------------------------


def test_coup_6_3_the_duke_blocks_foreign_aid_as_an_answer_on_no_piece():
    state = coup_state([["duke", "captain"], ["assassin", "contessa"], ["ambassador", "duke"]])
    state = COUP.apply(state, 0, {"action": "foreign_aid"})
    assert about(COUP.legal_moves(state, 1)) == {
        '{"action": "pass"}': About("Pass", group="Answer"),
        '{"action": "block", "as": "duke"}': About("Block as Duke", group="Answer"),
    }


def test_coup_5_3_a_steal_names_its_target_and_its_terms():
    state = coup_state([["duke", "captain"], ["assassin", "contessa"]], coins=[2, 2])
    (steal,) = [m for m in COUP.legal_moves(state, 0) if m["action"] == "steal"]
    assert steal.label == "Steal from {p1}"
    assert steal.target == "player:1"
    assert steal.group == (
        "Steal: claims the Captain; the target may block as the Ambassador or the Captain"
    )
    assert not (steal.private or steal.forced or steal.first)


def test_kor_6_1_orders_are_chosen_on_the_hand_privately():
    state = koryo_state(2, hands=[[6, 6, 2], []], phase="orders")
    assert about(KORYO.legal_moves(state, 0)) == {
        '{"action": "order_kind", "kind": 2}': About(
            "Play Spies", target="hand:2", group=ORDERS, private=True
        ),
        '{"action": "order_kind", "kind": 6}': About(
            "Play Bankers", target="hand:6", group=ORDERS, private=True
        ),
    }
    state = KORYO.apply(state, 0, {"action": "order_kind", "kind": 6})
    labels = [(m.label, m.target, m.group) for m in KORYO.legal_moves(state, 0)]
    assert labels == [
        ("Play 1 Banker", "hand:6", "How many Bankers?"),
        ("Play 2 Bankers", "hand:6", "How many Bankers?"),
        ("Choose another kind", None, ""),
    ]


def test_sea_4_1_a_draft_pick_names_the_card_of_the_packet_privately():
    state = SEASONS.setup(2, {"level": "wizard"}, 5)
    state["p"][0]["packet"] = [9, 45]  # the Balance of Ishtar, the Potion of Power
    assert about(SEASONS.legal_moves(state, 0)) == {
        '{"action": "pick", "card": 9}': About(
            "Pick the Balance of Ishtar", target="packet:9", group="Draft", private=True
        ),
        '{"action": "pick", "card": 45}': About(
            "Pick the Potion of Power", target="packet:45", group="Draft", private=True
        ),
    }


def test_tro_4_1_a_starting_citizen_is_placed_on_a_space_named_by_its_row():
    state = TROYES.setup(2, {}, 1)
    seat = TROYES.to_act(state)[0]
    palace = {
        m.label: (m.target, m.group)
        for m in TROYES.legal_moves(state, seat)
        if m["building"] == "red"
    }
    # TRO-14.3: the Palace has one space per die value.
    assert palace["Palace: the space for a 4"] == ("space:red:3:0", "Place a starting citizen")


def test_troyes_passing_is_the_turns_secondary_button():
    state = troyes_actions()
    seat = TROYES.to_act(state)[0]
    (passing,) = [m for m in TROYES.legal_moves(state, seat) if m["action"] == "pass"]
    assert (passing.label, passing.target, passing.emphasis) == (
        "Pass",
        "control:pass",
        "secondary",
    )
    assert {m.emphasis for m in TROYES.legal_moves(state, seat) if m["action"] == "choose"} == {""}


# -- a record is its move -----------------------------------------------------------


def test_a_record_is_the_moves_json_and_compares_as_the_move():
    state = COUP.setup(2, {}, 1)
    (record, *_) = COUP.legal_moves(state, state["turn"])
    move = {"action": "income"}
    assert record == move and same_move(record, move) and same_move(move, record)
    assert json.dumps(record) == json.dumps(move)
    assert find_move([record], move) is record
    assert not same_move(record, {"action": "income", "extra": 1})
    for kept in (copy.copy(record), copy.deepcopy(record), pickle.loads(pickle.dumps(record))):
        assert type(kept) is dict and kept == move


def test_a_records_description_is_made_only_when_read_and_once():
    made = []

    def describe(state, seat, move):
        made.append(dict(move))
        return About(f"Take {move['n']}")

    records = legal_records([{"n": 1}, {"n": 2}], describe, {}, 0)
    assert made == []
    assert records[1].label == "Take 2" and records[1].target is None
    assert records[1].group == "" and made == [{"n": 2}]


def test_same_move_still_tells_json_types_apart():
    assert not same_move({"target": 1}, {"target": True})
    assert not same_move({"target": 1}, {"target": 1.0})
    assert not same_move({"kinds": [1, 2]}, {"kinds": [1, 2.0]})
    assert same_move({"kinds": [1, {"a": "b"}]}, {"kinds": [1, {"a": "b"}]})


# -- one way to check a move --------------------------------------------------------


def refused(engine, state, seat, move, reason):
    before = copy.deepcopy(state)
    assert engine.refusal(state, seat, move) == reason
    with pytest.raises(IllegalMove) as err:
        engine.apply(state, seat, move)
    assert str(err.value) == reason
    assert state == before


def test_coup_refuses_a_coup_without_seven_coins():
    state = COUP.setup(3, {}, 1)
    refused(
        COUP,
        state,
        state["turn"],
        {"action": "coup", "target": 1},
        ("You need 7 coins to launch a coup."),
    )


def test_kor_7_1_the_turn_ends_only_once_every_order_is_revealed():
    state = koryo_state(2, tableaux=[[6], [7]], orders=[[1], []])
    refused(
        KORYO,
        state,
        0,
        {"action": "end_turn"},
        ("Reveal all your face-down cards before ending your turn."),
    )


def test_seasons_refuses_a_move_of_another_step_with_what_is_asked():
    state = SEASONS.setup(2, {"level": "wizard"}, 5)
    refused(
        SEASONS,
        state,
        0,
        {"action": "end_turn"},
        ("That move is not allowed now: you must pick a card from the draft packet."),
    )


def test_troyes_refuses_passing_while_starting_citizens_are_placed():
    state = TROYES.setup(2, {}, 1)
    refused(
        TROYES,
        state,
        TROYES.to_act(state)[0],
        {"action": "pass"},
        ("Not now: you must place a starting citizen."),
    )


def test_a_listed_move_is_not_refused():
    for engine in ENGINES:
        state = engine.setup(engine.min_players, {}, 3)
        seat = engine.to_act(state)[0]
        for move in engine.legal_moves(state, seat):
            assert engine.refusal(state, seat, json.loads(json.dumps(move))) is None


def malformed(legal: list[Legal]) -> list[object]:
    """Moves that are not dicts of the expected shape: wrong types, unknown
    actions, missing and extra keys, built from the listed ones."""
    odd = [None, 3, "income", [], [{"action": "pass"}], {}, {"action": None}, {"action": 7}]
    odd += [{"action": "no such action"}, {"action": ["pass"]}, {"action": {"a": 1}}]
    for move in legal[:4]:
        odd.append({**move, "extra": 1})
        for key in move:
            odd.append({k: v for k, v in move.items() if k != key})
            if key != "action":
                odd += [{**move, key: value} for value in (None, "x", [1], {"a": 1}, 1.5, True)]
    return odd


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_a_malformed_move_gets_a_refusal_not_an_exception(engine):
    rng = random.Random(5)
    state = engine.setup(engine.min_players, {}, 5)
    for _ in range(40):
        if engine.outcome(state) is not None:
            break
        seat = rng.choice(engine.to_act(state))
        legal = engine.legal_moves(state, seat)
        before = copy.deepcopy(state)
        for move in malformed(legal):
            reason = engine.refusal(state, seat, move)
            assert isinstance(reason, str) and reason, move
            with pytest.raises(IllegalMove):
                engine.apply(state, seat, move)
        assert state == before
        state = engine.apply(state, seat, rng.choice(legal))


# -- bots play the moves they were given --------------------------------------------

SMALL = {
    "easy": LookaheadBudget(samples=1, horizon=3, noise=0.1),
    "medium": SearchBudget(iterations=8, rollout_moves=6),
}


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_bots_return_one_of_the_listed_moves(engine):
    knowledge = registry.get(engine.slug).bot
    for seed in range(2):
        rng = Rng.from_seed(seed)
        state = engine.setup(engine.min_players, {}, seed)
        for step in range(30):
            if engine.outcome(state) is not None:
                break
            seat = engine.to_act(state)[rng.below(len(engine.to_act(state)))]
            legal = engine.legal_moves(state, seat)
            # The quick player of the search picks among what it is given.
            quick = knowledge.policy(engine, state, seat, legal, Rng(seed * 100 + step))
            assert any(quick is m for m in legal), quick
            budget = SMALL["easy" if step % 2 else "medium"]
            view = engine.view(state, seat)
            move = choose_with_budget(knowledge, view, legal, seat, budget=budget, seed=step)
            assert any(move is m for m in legal), move
            state = engine.apply(state, seat, move)
