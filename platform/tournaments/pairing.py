"""Who sits with whom in each round of a tournament, and the standings: pure Python.

No Django, no clock, no global random: every function takes plain data (player
ids, points, the tables of the rounds played) and, where a choice is random, a
`random.Random` the caller seeds, so a round can be paired again identically.

The rules this module settles:

- **Table size.** Every table seats the tournament's player count, so every
  table plays the same game and points compare like with like. When the
  players left do not divide by it, the remainder (fewer than a table) sit
  out the round with a bye. With fewer players left than a table holds, they
  all play at one smaller table (two at the least).
- **Byes** go to the players with the fewest byes so far, the lowest score
  first, then the latest entry (the highest seed number). A Swiss bye is worth
  a middle result: the average of a table's points, `(seats - 1) / 2`.
- **Points** for a finishing place at a table of n: first n-1, second n-2, ...,
  last 0. Players who share a place (ranks "1224") share the points of the
  places they fill: two second places of four share 2 and 1, 1.5 each.
- **Standings**: points, then the sum of the points of every opponent met at
  a table (once per meeting; a Buchholz score for tables of any size), then
  the average finishing place (lower is better), then seed.
- **Swiss.** Each round seats players of equal or near score together and
  avoids repeat meetings where it can: a seating costs `REPEAT_COST` for
  every earlier meeting of two players at one table, plus the score gaps
  within each table. Small rounds are searched exhaustively for the cheapest
  seating; larger ones start from the standings cut into tables and swap
  players between tables while a swap lowers the cost, from a few starts.
- **Round robin** (small groups). At two seats, the circle method: everyone
  meets everyone once in n-1 rounds (n rounds and one bye each when n is
  odd). At more seats, `round_robin_rounds` rounds, each seated like a Swiss
  round with scores ignored, so repeat meetings are as few as the search finds.
- **Single elimination.** Seeds are dealt into tables in a snake (the top
  seeds at different tables); the remainder that does not fill a table goes
  on with a bye, best seeds first; the best-placed player of each table who
  has not withdrawn goes on. Ends when one player is left.
- **Withdrawals.** A withdrawn player is never seated again; their points
  stay and they stay in the standings, marked.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

REPEAT_COST = 1000.0
# Rounds with at most this many possible seatings are searched exhaustively.
EXHAUSTIVE_LIMIT = 20_000
RESTARTS = 6


@dataclass(frozen=True)
class Player:
    id: int
    points: float = 0.0
    byes: int = 0
    withdrawn: bool = False
    seed: int = 0  # entry order or rating rank: lower is stronger


@dataclass(frozen=True)
class Pairing:
    tables: list[tuple[int, ...]]
    byes: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class TableResult:
    """A finished table: its players and their competition ranks (1 = first)."""

    players: tuple[int, ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class Standing:
    id: int
    points: float
    tie_break: float
    average_place: float
    withdrawn: bool


def place_points(ranks: Sequence[int]) -> list[float]:
    """Points of each seat at a finished table, from its competition ranks."""
    n = len(ranks)
    points = []
    for rank in ranks:
        shared = sum(1 for other in ranks if other == rank)
        places = range(rank, rank + shared)  # the places the tied players fill
        points.append(sum(n - place for place in places) / shared)
    return points


def bye_points(seats: int) -> float:
    return (seats - 1) / 2


def meetings(history: Iterable[Pairing]) -> Counter[frozenset[int]]:
    """How often each pair of players has sat at one table."""
    met: Counter[frozenset[int]] = Counter()
    for pairing in history:
        for table in pairing.tables:
            for a, b in itertools.combinations(table, 2):
                met[frozenset((a, b))] += 1
    return met


def table_shape(players: int, seats: int) -> tuple[int, int]:
    """(tables, byes) for a round of `players` at tables of `seats`."""
    if players < 2:
        return 0, players
    if players < seats:
        return 1, 0
    return players // seats, players % seats


def _bye_order(players: Sequence[Player]) -> list[Player]:
    return sorted(players, key=lambda p: (p.byes, p.points, -p.seed))


def swiss_round(
    players: Sequence[Player], history: Sequence[Pairing], seats: int, rng: random.Random
) -> Pairing:
    active = [p for p in players if not p.withdrawn]
    tables, bye_count = table_shape(len(active), seats)
    byes = [p.id for p in _bye_order(active)[:bye_count]]
    seated = sorted((p for p in active if p.id not in byes), key=lambda p: (-p.points, p.seed))
    if not tables:
        return Pairing([], byes)
    size = len(seated) // tables
    score = {p.id: p.points for p in seated}
    groups = _seat([p.id for p in seated], size, meetings(history), score, rng)
    return Pairing([tuple(group) for group in groups], byes)


def _table_cost(table: Sequence[int], met: Counter, score: dict[int, float]) -> float:
    cost = 0.0
    for a, b in itertools.combinations(table, 2):
        cost += REPEAT_COST * met[frozenset((a, b))] + abs(score[a] - score[b])
    return cost


def repeats_in(tables: Iterable[Sequence[int]], met: Counter) -> int:
    """Earlier meetings repeated by these tables (a pair met twice before counts 2)."""
    return sum(
        met[frozenset(pair)] for table in tables for pair in itertools.combinations(table, 2)
    )


def _seatings_count(players: int, size: int) -> int:
    tables = players // size
    return math.factorial(players) // (math.factorial(size) ** tables * math.factorial(tables))


def _cheapest_partition(ids: list[int], size: int, pair_cost) -> list[tuple[int, ...]]:
    """Exhaustive search, cut short wherever a partial seating already costs more."""
    best: list = [math.inf, None]

    def search(left: list[int], tables: list[tuple[int, ...]], cost: float) -> None:
        if cost >= best[0]:
            return
        if not left:
            best[0], best[1] = cost, list(tables)
            return
        first, rest = left[0], left[1:]
        for companions in itertools.combinations(rest, size - 1):
            table = (first, *companions)
            added = sum(pair_cost(a, b) for a, b in itertools.combinations(table, 2))
            remaining = [i for i in rest if i not in companions]
            search(remaining, [*tables, table], cost + added)

    search(ids, [], 0.0)
    return best[1]


def _seat(
    order: list[int], size: int, met: Counter, score: dict[int, float], rng: random.Random
) -> list[list[int]]:
    """The cheapest seating found of `order` (best first) at tables of `size`."""
    if _seatings_count(len(order), size) <= EXHAUSTIVE_LIMIT:

        def pair_cost(a: int, b: int) -> float:
            return REPEAT_COST * met[frozenset((a, b))] + abs(score[a] - score[b])

        return [list(t) for t in _cheapest_partition(order, size, pair_cost)]
    best_tables, best_cost = None, math.inf
    start = list(order)
    for attempt in range(RESTARTS):
        if attempt:
            start = _shuffle_within_scores(order, score, rng)
        tables = _improve([start[i : i + size] for i in range(0, len(start), size)], met, score)
        cost = sum(_table_cost(t, met, score) for t in tables)
        if cost < best_cost:
            best_tables, best_cost = tables, cost
        if best_cost < REPEAT_COST:  # no repeat left: the score gaps are the rest
            break
    return best_tables


def _shuffle_within_scores(order: list[int], score: dict[int, float], rng: random.Random):
    shuffled = []
    for _, group in itertools.groupby(order, key=lambda i: score[i]):
        members = list(group)
        rng.shuffle(members)
        shuffled.extend(members)
    # A shift of a random length lets the next cut pass through other players.
    shift = rng.randrange(len(shuffled))
    return shuffled[shift:] + shuffled[:shift]


def _improve(tables: list[list[int]], met: Counter, score: dict[int, float]) -> list[list[int]]:
    """Swap two players of different tables while a swap lowers the cost."""
    costs = [_table_cost(t, met, score) for t in tables]
    improved = True
    while improved:
        improved = False
        for i, j in itertools.combinations(range(len(tables)), 2):
            for a, b in itertools.product(range(len(tables[i])), range(len(tables[j]))):
                ti, tj = list(tables[i]), list(tables[j])
                ti[a], tj[b] = tj[b], ti[a]
                ci, cj = _table_cost(ti, met, score), _table_cost(tj, met, score)
                if ci + cj < costs[i] + costs[j] - 1e-9:
                    tables[i], tables[j], costs[i], costs[j] = ti, tj, ci, cj
                    improved = True
    return tables


def round_robin_rounds(players: int, seats: int) -> int:
    """Rounds of a round robin: enough for everyone to meet everyone once."""
    if seats == 2:
        return players if players % 2 else players - 1
    return max(1, math.ceil((players - 1) / (seats - 1)))


def round_robin_round(
    players: Sequence[Player],
    history: Sequence[Pairing],
    seats: int,
    number: int,
    rng: random.Random,
) -> Pairing:
    """Round `number` (1-based) of a round robin over every entry, by seed order."""
    if seats > 2:
        blind = [Player(p.id, 0.0, p.byes, p.withdrawn, p.seed) for p in players]
        return swiss_round(blind, history, seats, rng)
    ordered = sorted(players, key=lambda p: p.seed)
    ids: list[int | None] = [p.id for p in ordered]
    if len(ids) % 2:
        ids.append(None)
    # The circle method: the first stays, the others turn one place a round.
    rest = ids[1:]
    turn = (number - 1) % len(rest)
    circle = [ids[0], *rest[len(rest) - turn :], *rest[: len(rest) - turn]]
    half = len(circle) // 2
    withdrawn = {p.id for p in players if p.withdrawn}
    tables, byes = [], []
    for a, b in zip(circle[:half], reversed(circle[half:]), strict=True):
        pair = [i for i in (a, b) if i is not None and i not in withdrawn]
        if len(pair) == 2:
            tables.append(tuple(pair))
        else:
            byes.extend(pair)
    return Pairing(tables, byes)


def elimination_round(survivors: Sequence[Player], seats: int) -> Pairing:
    """Tables of a knock-out round: seeds dealt in a snake, the remainder on with a bye."""
    ordered = sorted((p for p in survivors if not p.withdrawn), key=lambda p: p.seed)
    tables, bye_count = table_shape(len(ordered), seats)
    if not tables:
        return Pairing([], [p.id for p in ordered])
    byes = [p.id for p in ordered[:bye_count]]
    playing = ordered[bye_count:]
    groups: list[list[int]] = [[] for _ in range(tables)]
    for index, player in enumerate(playing):
        lap, position = divmod(index, tables)
        groups[position if lap % 2 == 0 else tables - 1 - position].append(player.id)
    return Pairing([tuple(g) for g in groups], byes)


def elimination_winner(result: TableResult, withdrawn: set[int], seed: dict[int, int]) -> int:
    """Who goes on from a knock-out table: the best place, not withdrawn, then the best seed."""
    candidates = [
        (rank, seed.get(player, 0), player)
        for player, rank in zip(result.players, result.ranks, strict=True)
        if player not in withdrawn
    ] or [
        (rank, seed.get(player, 0), player)
        for player, rank in zip(result.players, result.ranks, strict=True)
    ]
    return min(candidates)[2]


def standings(
    players: Sequence[Player], results: Sequence[TableResult], seats: int
) -> list[Standing]:
    """Every player, best first, from the finished tables and the byes counted in `points`."""
    points = {p.id: p.points for p in players}
    opponents_points: Counter[int] = Counter()
    places: dict[int, list[float]] = {p.id: [] for p in players}
    for result in results:
        for player, rank in zip(result.players, result.ranks, strict=True):
            places.setdefault(player, []).append(rank)
            for other in result.players:
                if other != player:
                    opponents_points[player] += points.get(other, 0.0)
    rows = [
        Standing(
            id=p.id,
            points=p.points,
            tie_break=float(opponents_points[p.id]),
            average_place=(sum(places[p.id]) / len(places[p.id])) if places[p.id] else 0.0,
            withdrawn=p.withdrawn,
        )
        for p in players
    ]
    seed = {p.id: p.seed for p in players}
    rows.sort(key=lambda s: (-s.points, -s.tie_break, s.average_place or math.inf, seed[s.id]))
    return rows
