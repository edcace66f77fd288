"""Each game as the bot tests see it: its configurations (every player count
and option), the parts of its state that are secret from a seat, an
independent way to redeal those secrets, and reachable states to test on."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from games import registry
from games.bots import Knowledge
from games.engine import Engine, State


@dataclass(frozen=True)
class Case:
    engine: Engine
    # (players, options): every player count, each option on its own and together.
    configs: list[tuple[int, dict[str, Any]]]
    # Top-level state keys that may hold secrets (compared through the view).
    secret_keys: frozenset[str]
    # The game's own test helper redealing what `seat` cannot see.
    scramble: Callable[[State, int | None, Any], State]
    # The game's invariants, checked on sampled states.
    check: Callable[[State], None] | None = None
    # Everything in a state but its secrets, for games whose secrets sit
    # deeper than the top level (default: the state less `secret_keys`).
    public: Callable[[State], Any] | None = None
    # How many seeded games per configuration the tests walk through: long
    # games need fewer to meet as many states.
    games: int = 3
    # Moves between the states the fairness test takes, so that they spread
    # over a whole game.
    stride: int = 4

    def public_part(self, state: State) -> Any:
        if self.public is not None:
            return self.public(state)
        return {key: value for key, value in state.items() if key not in self.secret_keys}

    @property
    def slug(self) -> str:
        return self.engine.slug

    @property
    def bot(self) -> Knowledge:
        """The game's bot, as its app registers it."""
        return registry.get(self.slug).bot


def coup_case() -> Case:
    from games.coup.rules import ENGINE
    from tests.coup.helpers import check_invariants
    from tests.coup.secrets import scramble_secrets

    configs = [(n, {}) for n in range(2, 7)]
    configs += [(n, {"factions": True}) for n in (3, 6)]
    configs += [(2, {"rounds_to_win": 2, "two_player_coins": "first_one"})]
    configs += [(4, {"factions": True, "rounds_to_win": 2})]
    return Case(
        engine=ENGINE,
        configs=configs,
        secret_keys=frozenset({"hands", "deck", "rng", "exchange_draw", "log"}),
        scramble=scramble_secrets,
        check=check_invariants,
    )


def koryo_case() -> Case:
    from games.koryo.rules import ENGINE
    from games.koryo.rules.cards import CARD_COUNT
    from tests.koryo.helpers import everything
    from tests.koryo.secrets import scramble_secrets

    def check(state: State) -> None:
        # KOR-1.1, KOR-1.2: 45 characters and 10 events, each exactly once.
        assert everything(state) == list(range(CARD_COUNT))
        assert all(t == sorted(t) for t in state["tableaux"])

    return Case(
        engine=ENGINE,
        configs=[(n, {}) for n in range(2, 5)],
        secret_keys=frozenset({"deck", "hands", "orders", "rng", "order_kind", "log"}),
        scramble=scramble_secrets,
        check=check,
    )


def seasons_case() -> Case:
    from games.seasons.rules import ENGINE
    from games.seasons.rules.sample import public_task
    from tests.seasons.helpers import everything
    from tests.seasons.secrets import scramble_secrets

    hidden = ("hand", "years", "packet", "picked", "pick", "assign")

    def public(state: State) -> Any:
        shown = {k: v for k, v in state.items() if k not in ("deck", "discard", "rng", "log")}
        shown["p"] = [{k: v for k, v in p.items() if k not in hidden} for p in state["p"]]
        shown["queue"] = [public_task(task, None) for task in state["queue"]]
        shown["sizes"] = [
            (len(p["hand"]), [len(y) for y in p["years"]], len(p["packet"]), len(p["picked"]))
            for p in state["p"]
        ] + [len(state["deck"]), len(state["discard"])]
        return shown

    def check(state: State) -> None:
        # SEA-1.7, SEA-3.2: each card of the level, both copies, exactly once.
        top = 50 if state["level"] == "archmage" else 30
        assert everything(state) == list(range(2 * top))

    return Case(
        engine=ENGINE,
        configs=[
            (n, {"level": level})
            for n in range(2, 5)
            for level in ("apprentice", "wizard", "archmage")
        ],
        secret_keys=frozenset(),
        scramble=scramble_secrets,
        check=check,
        public=public,
        games=1,
        stride=29,
    )


def troyes_case() -> Case:
    from games.troyes.rules import ENGINE
    from games.troyes.rules import table as T
    from tests.troyes.secrets import scramble_secrets
    from tests.troyes.test_playouts import check

    def public(state: State) -> Any:
        shown = {
            k: v
            for k, v in state.items()
            if k not in ("characters", "vp", "activity", "decks", "rng", "log")
        }
        levels = T.revealed_levels(state)
        shown["activity"] = {colour: ids[:levels] for colour, ids in state["activity"].items()}
        shown["decks"] = {colour: len(ids) for colour, ids in state["decks"].items()}
        shown["counts"] = [len(chars) for chars in state["characters"]]
        return shown

    return Case(
        engine=ENGINE,
        configs=[(n, {}) for n in range(2, 5)],
        secret_keys=frozenset(),
        scramble=scramble_secrets,
        check=check,
        public=public,
        games=1,
        stride=29,
    )


CASES = {
    "coup": coup_case,
    "koryo": koryo_case,
    "seasons": seasons_case,
    "troyes": troyes_case,
}


def case(slug: str) -> Case:
    return CASES[slug]()


def reachable(
    case: Case, *, games: int, every: int, configs: list | None = None
) -> Iterator[tuple[State, int, int]]:
    """(state, players, seed) for one state in `every` of seeded random games,
    over the case's configurations; the final states too."""
    engine = case.engine
    for players, options in configs or case.configs:
        for seed in range(games):
            picker = random.Random(f"{players} {options} {seed}")
            state = engine.setup(players, options, seed)
            count = 0
            while engine.outcome(state) is None:
                if count % every == 0:
                    yield state, players, seed
                seat = picker.choice(engine.to_act(state))
                state = engine.apply(state, seat, picker.choice(engine.legal_moves(state, seat)))
                count += 1
            yield state, players, seed
