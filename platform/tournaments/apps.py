from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from tournaments import receivers, tasks  # noqa: F401 - registers the tasks

        receivers.connect()
