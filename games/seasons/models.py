from tables.models import GameState


class SeasonsState(GameState):
    """The current state of a Seasons table (see games/seasons/rules/)."""

    class Meta:
        verbose_name = "Seasons state"
