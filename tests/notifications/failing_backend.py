"""An email backend whose server refuses everything."""

from django.core.mail.backends.base import BaseEmailBackend


class Backend(BaseEmailBackend):
    def send_messages(self, messages):
        raise ConnectionRefusedError("the mail server refused the connection")
