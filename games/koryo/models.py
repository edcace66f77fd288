from tables.models import GameState


class KoryoState(GameState):
    """The current state of a Koryo table (see games/koryo/rules/)."""

    class Meta:
        verbose_name = "Koryo state"
