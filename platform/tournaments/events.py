"""What happens to a tournament that other parts act on (its page, emails),
sent inside the transaction that made it happen, with `sender=Tournament`.

`tournament_changed`: tournament (its `revision` one more), joined and left
(users who entered or left before the start), round_started (the first
round, when it has just been paired; None otherwise), now.
"""

from django.dispatch import Signal

tournament_changed = Signal()
