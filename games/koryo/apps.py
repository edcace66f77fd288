from games.apps import GameAppConfig


class KoryoConfig(GameAppConfig):
    default = True  # the app of this module (the base class is imported here too)
    name = "games.koryo"
    label = "koryo"
    verbose_name = "Koryo"
