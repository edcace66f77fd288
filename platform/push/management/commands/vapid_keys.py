"""`manage.py vapid_keys`: a new VAPID key pair, as environment variables."""

from django.core.management.base import BaseCommand

from push import keys


class Command(BaseCommand):
    help = (
        "Print a new VAPID key pair for web push, as the environment takes it. "
        "Make it once: changing the keys later ends every device's subscription."
    )

    def handle(self, *args, **options) -> None:
        public, private = keys.new_pair()
        self.stderr.write(
            "# Set these once and keep them: with new keys, every device's push\n"
            "# subscription stops working. Add VAPID_SUBJECT=mailto:you@example.org too."
        )
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}")
        self.stdout.write(f"VAPID_PRIVATE_KEY={private}")
