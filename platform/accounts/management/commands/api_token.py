"""`manage.py api_token USERNAME`: print a new API token for that user (last line)."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from accounts.tokens import token_create


class Command(BaseCommand):
    help = "Create an API token for a user and print it as the last line."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--name", default="command line")

    def handle(self, *args, username: str, name: str, **options):
        try:
            user = get_user_model().objects.get(username=username)
        except get_user_model().DoesNotExist:
            raise CommandError(f"No user called {username!r}.") from None
        _, key = token_create(user=user, name=name)
        self.stderr.write(f"Token {name!r} created for {username}. It is shown only once.")
        self.stdout.write(key)
