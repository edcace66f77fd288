"""The registry of games, filled by each game app's `AppConfig.ready()`.

The platform finds games only here, never by importing one by name: adding a
game means adding one app that registers itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.engine import Engine

if TYPE_CHECKING:
    from games.bots import Knowledge


@dataclass(frozen=True)
class GameEntry:
    engine: Engine
    # Template drawing the board from a view (an HTMX partial).
    board_template: str
    # Template laying out the legal moves as buttons, inside the move form.
    moves_template: str
    # The game's own stylesheet (a static path), loaded by the table page.
    stylesheet: str | None = None
    # What the bots know of the game (`<app>.bot.KNOWLEDGE`): None while no
    # bot plays it.
    bot: Knowledge | None = None

    @property
    def slug(self) -> str:
        return self.engine.slug


_games: dict[str, GameEntry] = {}


def register(entry: GameEntry) -> None:
    _games[entry.slug] = entry


def get(slug: str) -> GameEntry:
    try:
        return _games[slug]
    except KeyError:
        raise LookupError(f"No game called {slug!r}.") from None


def all_games() -> list[GameEntry]:
    return sorted(_games.values(), key=lambda entry: entry.engine.name)
