"""Every game a test deals comes from a seed it can print: the seed the test
names, or else one derived from the test's node id and how many tables it has
dealt before, the same on every run. A failing test's report lists them
(tests/conftest.py adds a "Deals" section), so its games can be dealt again.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field


@dataclass
class _Deals:
    test: str = "outside a test"
    dealt: list[tuple[int, str, int, bool]] = field(default_factory=list)


_current = _Deals()


def begin(test: str) -> None:
    global _current
    _current = _Deals(test)


def derive() -> int:
    """The next seed of the current test: its node id and the count of its deals."""
    return zlib.crc32(f"{_current.test}#{len(_current.dealt)}".encode())


def seed_deal(table_id: int, seed: int | None = None) -> int:
    """Deal `table_id`, not started yet, from `seed` (or a derived one) when
    it starts; returns the seed."""
    from tables.models import Table

    chosen = derive() if seed is None else seed
    game = Table.objects.filter(pk=table_id).values_list("game", flat=True).get()
    Table.objects.filter(pk=table_id).update(seed=chosen)
    _current.dealt.append((table_id, game, chosen, seed is None))
    return chosen


def describe() -> str:
    return "\n".join(
        f"{game} table #{table_id}: seed {seed}"
        + (" (derived from the test's id)" if derived else "")
        for table_id, game, seed, derived in _current.dealt
    )
