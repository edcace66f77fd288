from django.apps import AppConfig


class KoryoConfig(AppConfig):
    name = "games.koryo"
    label = "koryo"
    verbose_name = "Koryo"

    def ready(self) -> None:
        from games import registry
        from games.koryo.models import KoryoState
        from games.koryo.rules import ENGINE

        registry.register(
            registry.GameEntry(
                engine=ENGINE,
                state_model=KoryoState,
                board_template="koryo/board.html",
                moves_template="koryo/moves.html",
                stylesheet="koryo/koryo.css",
            )
        )
