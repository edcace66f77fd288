from django.apps import AppConfig


class RepliesConfig(AppConfig):
    name = "replies"
    verbose_name = "Email replies"

    def ready(self) -> None:
        from replies import webhooks

        webhooks.connect()
