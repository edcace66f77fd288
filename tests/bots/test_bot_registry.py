"""Each game's bot knowledge lives beside the game (`games/<game>/bot.py`) and
is registered on its entry like its engine; the shared search in
`games/bots` is handed it and never looks a game up by name."""

from __future__ import annotations

from pathlib import Path

from games import registry
from games.bots import LEVELS

SHARED = Path(__file__).resolve().parents[2] / "games" / "bots"


def test_every_game_registers_its_bot_with_its_engine_and_a_budget_per_level():
    for entry in registry.all_games():
        bot = entry.bot
        assert bot is not None, entry.slug
        assert bot.engine is entry.engine
        assert type(bot).__module__ == f"games.{entry.slug}.bot"
        assert set(bot.budgets) == set(LEVELS)


def test_the_shared_search_names_no_game_and_imports_none_by_name():
    for path in SHARED.glob("*.py"):
        text = path.read_text()
        assert "importlib" not in text and "import_module" not in text, path.name
        for entry in registry.all_games():
            assert f"games.{entry.slug}" not in text, (path.name, entry.slug)
