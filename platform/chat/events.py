"""What happens in a table's chat that other apps act on, sent by the chat's
services inside their transaction. Sent with `sender=Message`."""

from django.dispatch import Signal

# The messages of one channel of a table's chat changed (one written, hidden
# or shown again): table_id, channel. The live app tells the open pages that
# may read that channel once the transaction commits.
messages_changed = Signal()
