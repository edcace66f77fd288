"""Majorities during play: KOR-2.1 to 2.4, KOR-OP4, KOR-OP4a, Example KOR-E2."""

from games.koryo.rules import ENGINE
from games.koryo.rules.cards import GUARDIAN, MERCHANT, OMNISCIENT
from games.koryo.rules.table import holder, play_majorities

from .helpers import make_state


def test_kor_2_1_strictly_more_cards_than_every_other_player():
    state = make_state(3, tableaux=[[9, 9, 9], [9, 9], [9]])
    assert holder(state["tableaux"], MERCHANT) == 0


def test_kor_2_1_a_tie_without_the_omniscient_gives_nobody_the_majority():
    state = make_state(3, tableaux=[[9, 9], [9, 9], [9]])
    assert holder(state["tableaux"], MERCHANT) is None


def test_kor_2_1_no_card_no_majority():
    state = make_state(3, tableaux=[[9], [], []])
    assert holder(state["tableaux"], GUARDIAN) is None


def _barbarian_target_owners(state, seat):
    state = dict(state, pending={"card": state["tableaux"][seat][-1], "first": None})
    cards = [m["card"] for m in ENGINE.legal_moves(state, seat) if m["action"] == "barbarians"]
    return {next(s for s, t in enumerate(state["tableaux"]) if c in t) for c in cards}


def test_kor_e2_three_players_with_two_guardians_only_the_omniscient_owner_is_protected():
    state = make_state(4, tableaux=[[7, 7], [1, 7, 7], [7, 7, 9], ["barbarians"]], current=3)
    assert holder(state["tableaux"], GUARDIAN) == 1
    assert _barbarian_target_owners(state, 3) == {0, 2}


def test_kor_e2_the_tied_players_without_the_omniscient_are_not_protected():
    state = make_state(3, tableaux=[[7, 7, "barbarians"], [1, 7, 7], [7, 7]], current=0)
    assert _barbarian_target_owners(state, 0) == {2}


def test_kor_op4a_the_omniscient_wins_no_tie_at_zero_cards():
    state = make_state(3, tableaux=[[1], [], [9]])
    assert holder(state["tableaux"], GUARDIAN) is None
    assert holder(state["tableaux"], MERCHANT) == 2


def test_kor_2_4_the_omniscient_holder_always_holds_family_1():
    state = make_state(3, tableaux=[[9], [1], []])
    assert holder(state["tableaux"], OMNISCIENT) == 1
    assert play_majorities(state["tableaux"])[OMNISCIENT] == 1


def test_kor_op4_face_down_orders_do_not_count():
    state = make_state(2, tableaux=[[6], [6]], orders=[[6, 6], []])
    assert play_majorities(state["tableaux"])[6] is None
    assert {"action": "bank_take"} not in ENGINE.legal_moves(state, 0)


def test_kor_2_2_majorities_are_checked_when_used():
    # Revealing a second Banker gives the majority, and the ability, mid-turn.
    state = make_state(2, tableaux=[[6], [6]], orders=[[6], []])
    assert {"action": "bank_take"} not in ENGINE.legal_moves(state, 0)
    banker = state["orders"][0][0]
    state = ENGINE.apply(state, 0, {"action": "reveal", "card": banker})
    assert {"action": "bank_take"} in ENGINE.legal_moves(state, 0)


def test_kor_2_3_views_show_majorities_with_the_tie_break():
    state = make_state(3, tableaux=[[7, 7], [7, 7, 1], [9]])
    view = ENGINE.view(state, None)
    by_family = {row["family"]: row["seat"] for row in view["majorities"]}
    assert by_family[GUARDIAN] == 1
    assert by_family[OMNISCIENT] == 1
    assert by_family[MERCHANT] == 2
    assert view["players"][1]["majorities"] == [OMNISCIENT, GUARDIAN]
