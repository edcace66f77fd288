"""What the accounts app tells the rest of the site, without knowing who listens."""

from django.dispatch import Signal

# A user's days away changed (booked, cancelled, cut short): `user`. The tables
# app moves the deadlines of that user's running clocks; it runs inside the
# sender's transaction.
vacation_changed = Signal()

# A user's time zone or playing hours changed: `user`, `before` and `after`
# (accounts.pauses.Schedule). The tables app settles that user's running
# clocks; it runs inside the sender's transaction, which holds the user's
# profile row locked.
schedule_changed = Signal()
