from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "bots"
    verbose_name = "Bots"

    def ready(self) -> None:
        from bots.tasks import on_table_played
        from tables import events

        events.table_played.connect(on_table_played, dispatch_uid="bots.queue")
