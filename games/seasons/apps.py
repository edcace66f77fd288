from games.apps import GameAppConfig


class SeasonsConfig(GameAppConfig):
    default = True  # the app of this module (the base class is imported here too)
    name = "games.seasons"
    label = "seasons"
    verbose_name = "Seasons"
