from games.apps import GameAppConfig


class TroyesConfig(GameAppConfig):
    default = True  # the app of this module (the base class is imported here too)
    name = "games.troyes"
    label = "troyes"
    verbose_name = "Troyes"
