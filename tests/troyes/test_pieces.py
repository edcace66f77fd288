"""Where each Troyes move sits on the board (its record), and
the defence in numbers in the view (TRO-9.4, TRO-9.5, TRO-9.9, TRO-OP10)."""

from __future__ import annotations

from games.troyes.rules import ENGINE
from games.troyes.rules import cards as C
from tests.troyes.helpers import placed, play, ready, set_dice


def infos(state, seat):
    return {str(m): ENGINE.listed(state, seat, m) for m in ENGINE.legal_moves(state, seat)}


def targets(state, seat):
    return {m.target: m for m in ENGINE.legal_moves(state, seat)}


def test_tro_4_1_each_empty_space_of_a_building_is_a_piece():
    state = ENGINE.setup(3, {}, 5)
    seat = state["current"]
    found = infos(state, seat)
    spaces = {f.target for f in found.values()}
    empty = [
        f"space:{colour}:{r}:{s}"
        for colour in C.COLOURS
        for r, row in enumerate(state["buildings"][colour])
        for s, who in enumerate(row)
        if who is None
    ]
    assert spaces == set(empty) and len(spaces) == len(found)
    assert {f.group for f in found.values()} == {"Place a starting citizen"}
    assert not any(f.forced for f in found.values())


def test_the_last_empty_space_of_the_placement_is_forced():
    state = ENGINE.setup(2, {}, 5)
    seat = state["current"]
    for colour in C.COLOURS:
        for row in state["buildings"][colour]:
            row[:] = [C.NEUTRAL] * len(row)
    state["buildings"][C.RED][2][0] = None
    (info,) = infos(state, seat).values()
    assert info.target == f"space:{C.RED}:2:0" and info.forced


def _defence(dice, black, ip=0):
    state = set_dice(placed(2, 1), dice)
    state.update(phase="defence", black=sorted(black, reverse=True), current=0, start=0)
    state["fight"] = {"black": [0], "own": []}
    state["ip"][0] = ip
    state["turning"] = None
    return state


def test_tro_9_9_defence_pieces_dice_black_dice_and_influence():
    state = _defence([(0, C.RED, 4), (0, C.WHITE, 6), (1, C.WHITE, 1)], [6, 3], ip=5)
    found = targets(state, 0)
    assert found["die:0"] == {"action": "select_own", "die": 0}
    assert found["die:1"] == {"action": "select_own", "die": 1}
    assert "die:2" not in found  # another district's die never defends
    assert found["reroll:0"]["action"] == "reroll" and found["turn:1"]["action"] == "turn"
    assert found["recruit"] == {"action": "recruit"}
    assert "black:1" not in found  # TRO-9.4: only while the chosen dice beat them all
    state = play(state, 0, found["die:0"], found["die:1"])
    assert targets(state, 0)["black:1"] == {"action": "select_black", "index": 1}
    spend = ("reroll", "turn", "recruit")
    groups = {f.group for f in infos(state, 0).values() if (f.target or "").startswith(spend)}
    assert groups == {"Spend influence"}


def test_tro_9_5_view_counts_red_double_and_says_why_the_fight_waits():
    state = _defence([(0, C.RED, 2), (0, C.WHITE, 1), (1, C.WHITE, 1)], [6])
    fight = ENGINE.view(state, 1)["fight"]
    assert fight["total"] == 0 and fight["against"] == 6
    assert fight["problem"] == "Choose your dice to fight with."
    state = play(state, 0, {"action": "select_own", "die": 0})
    fight = ENGINE.view(state, 1)["fight"]
    assert (fight["total"], fight["against"]) == (4, 6)
    assert fight["problem"] == "Your dice count 4: you need 6 or more."
    assert {"action": "fight"} not in ENGINE.legal_moves(state, 0)
    state = play(state, 0, {"action": "select_own", "die": 1})
    fight = ENGINE.view(state, 0)["fight"]
    assert (fight["total"], fight["problem"]) == (5, "Your dice count 5: you need 6 or more.")
    state = _defence([(0, C.RED, 3), (1, C.WHITE, 1)], [6])
    state = play(state, 0, {"action": "select_own", "die": 0})
    fight = ENGINE.view(state, 0)["fight"]
    assert (fight["total"], fight["against"], fight["problem"]) == (6, 6, None)  # TRO-OP8
    info = ENGINE.listed(state, 0, {"action": "fight"})
    assert info.target == "control:fight" and info.group == "Fight" and not info.forced


def test_tro_9_4_a_second_black_die_adds_to_what_must_be_beaten():
    state = _defence([(0, C.RED, 6), (0, C.RED, 5), (1, C.WHITE, 1)], [5, 4])
    state = play(state, 0, {"action": "select_own", "die": 0})
    state = play(state, 0, {"action": "select_black", "index": 1})
    fight = ENGINE.view(state, 0)["fight"]
    assert (fight["total"], fight["against"], fight["problem"]) == (12, 9, None)


def test_tro_op10_giving_up_with_no_die_is_forced():
    state = _defence([(1, C.WHITE, 1)], [6])
    (info,) = infos(state, 0).values()
    assert info.forced and info.target == "control:concede"
    state["ip"][0] = 5  # a new citizen could still be taken: a choice
    assert not any(f.forced for f in infos(state, 0).values())


def test_actions_target_cards_events_buildings_and_the_cathedral():
    state = ready([(0, C.RED, 5), (0, C.WHITE, 4), (0, C.YELLOW, 3), (1, C.WHITE, 2)])
    found = targets(state, 0)
    kinds = {t.split(":")[0] for t in found if t}
    assert {"card", "event", "building", "cathedral", "agriculture"} <= kinds
    assert found["event:looting"]["kind"] == "event"
    assert found["cathedral"] == {"action": "choose", "kind": "cathedral"}
    assert found["control:pass"] == {"action": "pass"}
    assert {
        ENGINE.listed(state, 0, m).group
        for m in ENGINE.legal_moves(state, 0)
        if m["action"] == "choose"
    } == {"Choose an action"}


def test_tro_10_4_dice_of_any_district_are_pieces_of_an_action():
    state = ready([(0, C.WHITE, 5), (1, C.WHITE, 4), (C.NEUTRAL, C.WHITE, 3)])
    state = play(state, 0, {"action": "choose", "kind": "cathedral"})
    found = targets(state, 0)
    assert {"die:0", "die:1", "die:2"} <= set(found)
    state = play(state, 0, found["die:1"])
    found = targets(state, 0)
    assert found["die:1"] == {"action": "remove_die", "die": 1}
    assert ENGINE.listed(state, 0, {"action": "confirm"}).target == "control:confirm"


def test_a_trade_card_used_at_most_once_asks_nothing():
    state = ready([(0, C.WHITE, 5)])
    state.update(phase="uses", uses={"card": "merchant", "max": 1})
    (info,) = infos(state, 0).values()
    assert info.forced and info.group == "How many uses"
    state["uses"]["max"] = 2
    assert not any(f.forced for f in infos(state, 0).values())


def test_no_troyes_move_is_private_all_of_them_are_seen_by_everyone():
    state = ENGINE.setup(3, {}, 5)
    for _ in range(60):
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_moves(state, seat)
        assert not any(ENGINE.listed(state, seat, m).private for m in legal)
        state = ENGINE.apply(state, seat, legal[len(legal) // 2])
