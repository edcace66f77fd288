from tables.models import GameState


class CoupState(GameState):
    """The current state of a Coup table (see games/coup/rules/)."""

    class Meta:
        verbose_name = "Coup state"
