"""What happens in a chat that other apps act on, sent by the chat's
services inside their transaction. Sent with `sender=Message`."""

from django.dispatch import Signal

# The messages of one channel of a chat changed (one written, hidden or
# shown again): table_id (None for a tournament's chat), tournament_id (None
# for a table's), channel. The live app tells the open pages that may read
# that channel once the transaction commits.
messages_changed = Signal()
