from django.apps import AppConfig


class CoupConfig(AppConfig):
    name = "games.coup"
    label = "coup"
    verbose_name = "Coup"

    def ready(self) -> None:
        from games import registry
        from games.coup.models import CoupState
        from games.coup.rules import ENGINE

        registry.register(
            registry.GameEntry(
                engine=ENGINE,
                state_model=CoupState,
                board_template="coup/board.html",
                moves_template="coup/moves.html",
                stylesheet="coup/coup.css",
            )
        )
