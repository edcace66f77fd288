"""What happens at a table that other apps act on (emails now; anything that
must follow a game's end), sent by the services inside the transaction that
made it happen, so a receiver's rows commit or roll back with the move;
`game_result_committed` alone is sent once that transaction has committed.
What follows a play is set off in one place: `services.consequences`.

The tables app knows no receiver: the apps that care connect in their
`AppConfig.ready()`. Every signal is sent with `sender=Table`.
"""

from django.dispatch import Signal

# Seats newly asked to act, leaving out whoever just moved: table, seats
# (with their users and profiles), now.
turns_asked = Signal()
# A play of the table was saved (a move, a start, a drop): table (its to_act
# set), seats (with their users and profiles), now. The autoplay app queues the
# moves of the bot seats asked.
table_played = Signal()
# The game is over: table (status, outcome set), seats, now.
game_finished = Signal()
# The transaction that ended the game has committed, and the table's lock is
# released: table_id. May come more than once (a retry): receivers act once.
game_result_committed = Signal()
# A player's turn is 80% used, once per turn: table, seat, now.
reminder_due = Signal()
# A clock ran out and the game played the seat's move: table, seat, now.
seat_timed_out = Signal()
# A player was invited to an open table: table, user, now.
player_invited = Signal()
# Something an open page of the table shows changed (a move, a seat taken or
# left, a bot seated or removed, an invitation, the start, the end, a
# cancel): table (its `revision` one more, under its row lock), users: {user
# id: what changed for them} for the people whose own lists it changes (see
# `tables.services.changes`). The live app publishes it once the transaction
# commits; nothing of the game travels with it.
table_changed = Signal()
