from django.apps import AppConfig
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


class PushConfig(AppConfig):
    name = "push"
    verbose_name = "Push notifications"

    def ready(self) -> None:
        from push import keys

        # A wrong key would only show when the first push is refused: every
        # process (web, worker) refuses to start with one instead.
        found = keys.problems(
            settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY, settings.VAPID_SUBJECT
        )
        if found:
            raise ImproperlyConfigured(" ".join(found))
