"""The base of every game's Django app: it registers the game with the
platform when Django starts."""

from __future__ import annotations

from importlib import import_module

from django.apps import AppConfig

from games import registry


class GameAppConfig(AppConfig):
    """Subclasses name their state model; the engine is `<app>.rules.ENGINE`
    and the templates and stylesheet follow the app's label:
    `<label>/board.html`, `<label>/moves.html`, `<label>/<label>.css`."""

    state_model_name: str

    def ready(self) -> None:
        label = self.label
        registry.register(
            registry.GameEntry(
                engine=import_module(f"{self.name}.rules").ENGINE,
                state_model=self.get_model(self.state_model_name),
                board_template=f"{label}/board.html",
                moves_template=f"{label}/moves.html",
                stylesheet=f"{label}/{label}.css",
            )
        )
