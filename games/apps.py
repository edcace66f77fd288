"""The base of every game's Django app: it registers the game with the
platform when Django starts."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from django.apps import AppConfig

from games import registry


class GameAppConfig(AppConfig):
    """The engine is `<app>.rules.ENGINE`, the bots' knowledge of the game
    `<app>.bot.KNOWLEDGE` (where the game has bots); the templates and stylesheet
    follow the app's label: `<label>/board.html`, `<label>/<label>.css`, and
    `<label>/moves.html` where the game lays out its own moves (else the
    shared list of moves). A game app has no model: the state of its tables
    is kept by the platform's one state model (`tables.models.TableState`)."""

    def ready(self) -> None:
        label = self.label
        registry.register(
            registry.GameEntry(
                engine=import_module(f"{self.name}.rules").ENGINE,
                board_template=f"{label}/board.html",
                moves_template=(
                    f"{label}/moves.html"
                    if Path(self.path, "templates", label, "moves.html").exists()
                    else "tables/_moves_form.html"
                ),
                stylesheet=f"{label}/{label}.css",
                bot=(
                    import_module(f"{self.name}.bot").KNOWLEDGE
                    if Path(self.path, "bot.py").exists()
                    else None
                ),
            )
        )
