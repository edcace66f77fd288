from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_save

        from accounts.names import remember_skeleton

        post_save.connect(remember_skeleton, sender=get_user_model(), dispatch_uid="name-skeleton")
