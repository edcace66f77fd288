"""The pairing module alone: score groups, repeats, byes, 2 to 6 seats, withdrawals (issue 41)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from tournaments.pairing import (
    Pairing,
    Player,
    TableResult,
    bye_points,
    elimination_round,
    elimination_winner,
    meetings,
    place_points,
    repeats_in,
    round_robin_round,
    round_robin_rounds,
    standings,
    swiss_round,
    table_shape,
)


def players(n: int, points: dict[int, float] | None = None, **extra) -> list[Player]:
    points = points or {}
    return [Player(i, points.get(i, 0.0), seed=i, **extra) for i in range(n)]


def seated(pairing: Pairing) -> list[int]:
    return [p for table in pairing.tables for p in table]


def test_place_points_give_first_n_minus_one_and_last_nothing():
    assert place_points([1, 2, 3, 4]) == [3, 2, 1, 0]
    assert place_points([2, 1]) == [0, 1]


def test_players_sharing_a_place_share_its_points():
    assert place_points([1, 2, 2, 4]) == [3, 1.5, 1.5, 0]
    assert place_points([1, 1, 1]) == [1, 1, 1]


def test_a_bye_is_worth_a_middle_result():
    assert bye_points(4) == 1.5
    assert bye_points(2) == 0.5


def test_thirteen_at_four_seats_three_tables_and_one_bye():
    assert table_shape(13, 4) == (3, 1)
    pairing = swiss_round(players(13), [], 4, random.Random(1))
    assert [len(t) for t in pairing.tables] == [4, 4, 4]
    assert len(pairing.byes) == 1
    assert sorted(seated(pairing) + pairing.byes) == list(range(13))


def test_every_size_from_two_to_six_fills_its_tables():
    for seats in range(2, 7):
        for n in range(2, 20):
            pairing = swiss_round(players(n), [], seats, random.Random(n))
            tables, byes = table_shape(n, seats)
            assert len(pairing.tables) == tables
            assert len(pairing.byes) == byes
            assert all(len(t) == min(seats, n) for t in pairing.tables)


def test_fewer_players_than_seats_play_at_one_smaller_table():
    pairing = swiss_round(players(3), [], 5, random.Random(0))
    assert [sorted(t) for t in pairing.tables] == [[0, 1, 2]]
    assert pairing.byes == []


def test_score_groups_sit_together():
    # Four leaders on 6 points and four on 0: the leaders make one table.
    points = {i: 6.0 for i in (1, 3, 5, 7)}
    pairing = swiss_round(players(8, points), [], 4, random.Random(0))
    assert sorted(map(sorted, pairing.tables)) == [[0, 2, 4, 6], [1, 3, 5, 7]]


def test_the_leaders_meet_when_they_have_not_met():
    history = [Pairing([(0, 1), (2, 3)])]
    pairing = swiss_round(
        players(4, {0: 1.0, 1: 0.0, 2: 1.0, 3: 0.0}), history, 2, random.Random(0)
    )
    # 0 and 2 lead, but 0 has met 1 and 2 has met 3: the leaders meet each other.
    assert sorted(map(sorted, pairing.tables)) == [[0, 2], [1, 3]]
    assert repeats_in(pairing.tables, meetings(history)) == 0


def test_repeats_are_avoided_rather_than_score_groups_kept():
    history = [Pairing([(0, 1), (2, 3)])]
    pts = {0: 1.0, 1: 1.0, 2: 0.0, 3: 0.0}
    pairing = swiss_round(players(4, pts), history, 2, random.Random(0))
    assert repeats_in(pairing.tables, meetings(history)) == 0


def test_the_bye_goes_to_the_fewest_byes_then_the_lowest_score():
    roster = [
        Player(0, 3.0, byes=0, seed=0),
        Player(1, 0.0, byes=1, seed=1),
        Player(2, 1.0, byes=0, seed=2),
    ]
    pairing = swiss_round(roster, [], 2, random.Random(0))
    assert pairing.byes == [2]


def test_nobody_gets_a_second_bye_before_everyone_had_one():
    roster = players(5)
    history: list[Pairing] = []
    rng = random.Random(3)
    for _ in range(5):
        pairing = swiss_round(roster, history, 2, rng)
        history.append(pairing)
        roster = [
            Player(p.id, p.points, p.byes + (p.id in pairing.byes), seed=p.seed) for p in roster
        ]
    assert sorted(p.byes for p in roster) == [1, 1, 1, 1, 1]


def test_a_withdrawn_player_is_never_seated_again():
    roster = players(9)
    roster[4] = Player(4, 2.0, withdrawn=True, seed=4)
    pairing = swiss_round(roster, [], 4, random.Random(0))
    assert 4 not in seated(pairing) and 4 not in pairing.byes
    assert len(pairing.tables) == 2 and pairing.byes == []


def test_round_robin_at_two_seats_meets_every_pair_once():
    for n in (4, 5, 6, 7):
        roster = players(n)
        rounds = [
            round_robin_round(roster, [], 2, r, random.Random(0))
            for r in range(1, round_robin_rounds(n, 2) + 1)
        ]
        met = meetings(rounds)
        assert set(met) == {frozenset(p) for p in itertools.combinations(range(n), 2)}
        assert set(met.values()) == {1}
        for pairing in rounds:
            assert sorted(seated(pairing) + pairing.byes) == list(range(n))


def test_round_robin_gives_a_withdrawn_players_opponent_a_bye():
    roster = players(4)
    roster[3] = Player(3, withdrawn=True, seed=3)
    pairing = round_robin_round(roster, [], 2, 1, random.Random(0))
    assert len(pairing.tables) == 1 and len(pairing.byes) == 1
    assert 3 not in seated(pairing) + pairing.byes


def test_round_robin_at_more_seats_meets_everyone_when_a_design_exists():
    # Nine players at three seats: four rounds can meet every pair exactly once.
    roster = players(9)
    history: list[Pairing] = []
    for number in range(1, round_robin_rounds(9, 3) + 1):
        history.append(round_robin_round(roster, history, 3, number, random.Random(number)))
    assert len(meetings(history)) == 36
    assert set(meetings(history).values()) == {1}


def test_elimination_spreads_the_top_seeds_and_passes_the_remainder_by_bye():
    pairing = elimination_round(players(10), 4)
    assert pairing.byes == [0, 1]
    assert [sorted(t) for t in pairing.tables] == [[2, 5, 6, 9], [3, 4, 7, 8]]


def test_elimination_sends_on_the_best_placed_player_who_has_not_withdrawn():
    result = TableResult(players=(5, 6, 7), ranks=(1, 2, 3))
    assert elimination_winner(result, set(), {5: 5, 6: 6, 7: 7}) == 5
    assert elimination_winner(result, {5}, {5: 5, 6: 6, 7: 7}) == 6


def test_an_elimination_ends_with_one_player_left():
    survivors = players(7)
    rounds = 0
    while len(survivors) > 1:
        pairing = elimination_round(survivors, 3)
        on = set(pairing.byes) | {min(t) for t in pairing.tables}
        survivors = [p for p in survivors if p.id in on]
        rounds += 1
    assert rounds == 2


def test_standings_break_ties_by_opponents_points_then_places():
    results = [
        TableResult((0, 1), (1, 2)),
        TableResult((2, 3), (1, 2)),
        TableResult((0, 2), (2, 1)),
        TableResult((1, 3), (1, 2)),
    ]
    roster = [
        Player(0, 1.0, seed=0),
        Player(1, 1.0, seed=1),
        Player(2, 2.0, seed=2),
        Player(3, 0.0, seed=3),
    ]
    rows = standings(roster, results, 2)
    assert [r.id for r in rows] == [2, 0, 1, 3]
    # 0 met 1 (1 point) and 2 (2 points); 1 met 0 (1) and 3 (0).
    assert rows[1].tie_break == 3.0 and rows[2].tie_break == 1.0


def test_standings_keep_a_withdrawn_player_with_their_points():
    roster = [Player(0, 3.0, withdrawn=True, seed=0), Player(1, 1.0, seed=1)]
    rows = standings(roster, [TableResult((0, 1), (1, 2))], 2)
    assert rows[0].id == 0 and rows[0].withdrawn


def test_pairing_is_the_same_for_the_same_generator():
    history = [swiss_round(players(21), [], 3, random.Random(5))]
    first = swiss_round(players(21), history, 3, random.Random(9))
    again = swiss_round(players(21), history, 3, random.Random(9))
    assert first == again
    assert Counter(len(t) for t in first.tables) == {3: 7}


def test_the_pairing_module_loads_no_django():
    import subprocess
    import sys

    code = "import sys, tournaments.pairing; assert 'django' not in sys.modules, 'django'"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
