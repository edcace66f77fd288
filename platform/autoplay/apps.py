from django.apps import AppConfig


class AutoplayConfig(AppConfig):
    """Bots at the tables: their accounts, the seats they play and the Celery
    tasks that move for them (its own name, not `bots`, so that it is never
    taken for the bots' thinking in `games.bots`)."""

    name = "autoplay"
    verbose_name = "Bots at the tables"

    def ready(self) -> None:
        from autoplay.tasks import on_table_played
        from tables import events

        events.table_played.connect(on_table_played, dispatch_uid="autoplay.queue")
