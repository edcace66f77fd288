"""Random Swiss tournaments: nobody sits twice in a round, repeats as few as the counts allow.

The bound checked for repeats: a round after a first round of at least `seats`
tables repeats no meeting (one player from each earlier table can always make
a table), and a round small enough to search every seating has the fewest
repeats any seating has (checked against a count of every seating). Byes: the
active players' bye counts never differ by more than one (issue 41).
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    Pairing,
    Player,
    bye_points,
    meetings,
    place_points,
    repeats_in,
    swiss_round,
    table_shape,
)


def fewest_repeats(ids: list[int], seats: int, met) -> int:
    def partitions(left):
        if not left:
            yield []
            return
        first, rest = left[0], left[1:]
        for others in itertools.combinations(rest, seats - 1):
            remaining = [i for i in rest if i not in others]
            for tail in partitions(remaining):
                yield [(first, *others), *tail]

    return min(repeats_in(p, met) for p in partitions(ids))


tournaments = st.tuples(
    st.integers(2, 6),  # seats
    st.integers(2, 30),  # players
    st.integers(1, 5),  # rounds
    st.integers(0, 2**32),  # seed
    st.lists(st.integers(0, 29), max_size=3),  # who withdraws (after the round of that index)
)


@settings(max_examples=60, deadline=None)
@given(tournaments)
def test_random_swiss_tournaments_seat_everyone_once_with_few_repeats(case):
    seats, n, rounds, seed, withdrawals = case
    rng = random.Random(seed)
    roster = {i: Player(i, seed=i) for i in range(n)}
    history: list[Pairing] = []
    for number in range(1, rounds + 1):
        active = [p for p in roster.values() if not p.withdrawn]
        pairing = swiss_round(list(roster.values()), history, seats, rng)
        placed = [p for t in pairing.tables for p in t] + pairing.byes
        # Nobody sits twice in a round, every active player is placed, no withdrawn one is.
        assert sorted(placed) == sorted(p.id for p in active)
        tables, _ = table_shape(len(active), seats)
        assert len(pairing.tables) == tables
        met = meetings(history)
        repeats = repeats_in(pairing.tables, met)
        if number == 2 and len(history[0].tables) >= seats and not withdrawals:
            assert repeats == 0
        seated = sorted(p for t in pairing.tables for p in t)
        size = len(seated) // max(1, len(pairing.tables))
        if pairing.tables and len(seated) <= 12:
            assert repeats == fewest_repeats(seated, size, met)
        history.append(pairing)
        for table in pairing.tables:
            ranks = list(range(1, len(table) + 1))
            rng.shuffle(ranks)
            for player, points in zip(table, place_points(ranks), strict=True):
                p = roster[player]
                roster[player] = Player(p.id, p.points + points, p.byes, p.withdrawn, p.seed)
        for player in pairing.byes:
            p = roster[player]
            roster[player] = Player(p.id, p.points + bye_points(seats), p.byes + 1, False, p.seed)
        byes = [p.byes for p in roster.values() if not p.withdrawn]
        assert max(byes) - min(byes) <= 1
        for index in withdrawals:
            if index < n and index % rounds == number - 1:
                p = roster[index]
                roster[index] = Player(p.id, p.points, p.byes, True, p.seed)
