"""An email backend whose server refuses everything."""

from django.core.mail.backends.base import BaseEmailBackend


class Backend(BaseEmailBackend):
    def send_messages(self, messages):
        raise ConnectionRefusedError("the mail server refused the connection")


class LongErrorBackend(BaseEmailBackend):
    """A server that refuses with an error longer than the row keeps."""

    def send_messages(self, messages):
        raise ConnectionRefusedError("refused: " + "x" * 400)
