"""A three-player Coup game for the turn-email test with a real worker.

Run in a subprocess against the test's database and broker, with a worker
sending emails:
  python -m tests.notifications.attention setup -> the table id
  python -m tests.notifications.attention play ID -> JSON: turn emails sent to
      each player after each phase

Ana, Ben and Carl all have the table open and play briskly (phase "lively");
then Carl goes away and the clock plays his moves (phase "away"); then he
looks in once and leaves again ("back"). Present players answer at once.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from datetime import timedelta

SAFE = ("pass", "reveal", "lose", "return", "income", "coup")
PAUSE = 0.3


def setup() -> int:
    from django.contrib.auth import get_user_model

    from accounts.models import Profile
    from clocks import controls
    from tables import services
    from tests.clocks.scenario import deal

    users = []
    for name in ("ana", "ben", "carl"):
        user = get_user_model().objects.create_user(name, f"{name}@example.org", "x-long-pass-1")
        Profile.objects.create(user=user)
        users.append(user)
    span = timedelta(seconds=6)
    table = services.table_create(
        creator=users[0],
        game="coup",
        max_players=3,
        time_control=controls.custom(span, span, span),
        max_timeouts=10,
    )
    for user in users[1:]:
        services.table_join(table_id=table.pk, user=user)
    deal(table.pk)
    return table.pk


class Game:
    def __init__(self, table_id: int):
        from django.test import Client

        from accounts import presence
        from tables.models import Table

        self.table = Table.objects.get(pk=table_id)
        self.users = {s.number: s.user for s in self.table.seats.select_related("user")}
        self.tokens = {n: presence.token(u.pk) for n, u in self.users.items()}
        self.client = Client()

    def poll(self, seats) -> None:
        """Each present player's open page asks whether anything changed."""
        for seat in seats:
            self.client.get(f"/tables/{self.table.pk}/poll/?p={self.tokens[seat]}")

    def step(self, present) -> None:
        """Present players answer what they are asked; absent ones do not."""
        from games import registry
        from tables import services
        from tables.errors import ServiceError
        from tables.models import TableState

        engine = registry.get("coup").engine
        self.table.refresh_from_db()
        for seat in self.table.to_act:
            if seat not in present:
                continue
            state = TableState.objects.get(pk=self.table.pk).state
            legal = engine.legal_moves(state, seat)
            move = next((m for a in SAFE for m in legal if m["action"] == a), legal[0])
            # If the sweep played first, the move is refused: look again next step.
            with contextlib.suppress(ServiceError):
                services.move_submit(
                    table_id=self.table.pk,
                    user=self.users[seat],
                    version=self.table.version,
                    move=move,
                )
            return

    def run(self, present, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end and self.table.status == "active":
            self.poll(present)
            self.step(present)
            time.sleep(PAUSE)

    def sent(self) -> dict[str, int]:
        from notifications.models import Notification

        return {
            u.username: Notification.objects.filter(
                user=u, table=self.table, kind="turn", status="sent"
            ).count()
            for u in self.users.values()
        }

    def asked(self, seat: int) -> bool:
        self.table.refresh_from_db()
        return seat in self.table.to_act


def play(table_id: int) -> dict:
    from tables import services

    before = Game(table_id)
    before.poll(before.users)  # all three have the page open when the game starts
    services.table_start(table_id=table_id, user=before.table.creator)
    game = Game(table_id)  # seats are numbered at the start
    carl = next(n for n, u in game.users.items() if u.username == "carl")
    everyone = {0, 1, 2}
    others = everyone - {carl}
    report = {}
    game.run(everyone, 6)
    report["lively"] = game.sent()
    # Carl leaves; the others play on, the clock answering for him.
    game.run(others, 14)
    report["away"] = game.sent()
    # He looks in once (the lobby or his page), then leaves again.
    while not game.asked(carl):
        game.run(others, 0.5)
    game.poll([carl])
    game.run(others, 8)
    # On a loaded machine his next turn (a 6 s clock, then the sweep, then
    # the email's delay) can take longer: play on a while, never less.
    deadline = time.monotonic() + 30
    while game.sent()["carl"] < 2 and time.monotonic() < deadline:
        game.run(others, 1)
    report["back"] = game.sent()
    report["status"] = game.table.status
    return report


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    if sys.argv[1] == "setup":
        print(setup())
    else:
        print(json.dumps(play(int(sys.argv[2]))))


if __name__ == "__main__":
    main()
