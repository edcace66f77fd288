from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "live"
    verbose_name = "Live pages"

    def ready(self) -> None:
        from live import publish

        publish.connect()
