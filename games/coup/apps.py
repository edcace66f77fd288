from games.apps import GameAppConfig


class CoupConfig(GameAppConfig):
    default = True  # the app of this module (the base class is imported here too)
    name = "games.coup"
    label = "coup"
    verbose_name = "Coup"
