from tables.models import GameState


class TroyesState(GameState):
    """The current state of a Troyes table (see games/troyes/rules/)."""

    class Meta:
        verbose_name = "Troyes state"
