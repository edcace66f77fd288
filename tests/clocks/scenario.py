"""A table left alone, for the end-to-end test with a real worker.

Run in a subprocess against the database and broker of the test's choosing:
  python -m tests.clocks.scenario setup     -> prints the table id
  python -m tests.clocks.scenario bots      -> a table with no time limit and an
                                               API token per seat, as JSON
  python -m tests.clocks.scenario report ID -> prints the table's state as JSON
"""

from __future__ import annotations

import json
import os
import sys
from datetime import timedelta


def players() -> list:
    from django.contrib.auth import get_user_model

    from accounts.models import Profile

    users = []
    for name in ("ana", "ben"):
        user = get_user_model().objects.create_user(name, f"{name}@example.org", "x-long-pass-1")
        Profile.objects.create(user=user)
        users.append(user)
    return users


def deal(table_id: int) -> None:
    """Every run deals the same game (SCENARIO_SEED, 1 unless set)."""
    from tables.models import Table

    seed = int(os.environ.get("SCENARIO_SEED", "1"))
    Table.objects.filter(pk=table_id).update(seed=seed)


def bots() -> dict:
    from accounts.tokens import token_create
    from tables import services

    users = players()
    table = services.table_create(creator=users[0], game="coup", max_players=2, time_control="none")
    services.table_join(table_id=table.pk, user=users[1])
    deal(table.pk)
    services.table_start(table_id=table.pk, user=users[0])
    tokens = {}
    for seat in table.seats.all():
        tokens[seat.number] = token_create(user=seat.user, name="bot")[1]
    return {"table": table.pk, "tokens": tokens}


def setup() -> int:
    from clocks import controls
    from tables import services

    users = players()
    seconds = int(os.environ.get("SCENARIO_BANK_SECONDS", "8"))
    control = controls.custom(
        timedelta(seconds=seconds), timedelta(seconds=1), timedelta(seconds=seconds)
    )
    table = services.table_create(
        creator=users[0],
        game="coup",
        max_players=2,
        time_control=control,
        max_timeouts=2,
        bot_takeover=False,  # dropped seats play their timeout moves
    )
    services.table_join(table_id=table.pk, user=users[1])
    deal(table.pk)
    services.table_start(table_id=table.pk, user=users[0])
    return table.pk


def report(table_id: int) -> dict:
    from notifications.models import Notification
    from tables.models import Seat, Table

    table = Table.objects.get(pk=table_id)
    return {
        "status": table.status,
        "version": table.version,
        "kinds": list(table.moves.order_by("seq").values_list("kind", flat=True)),
        "dropped": list(
            Seat.objects.filter(table=table, dropped_at__isnull=False).values_list(
                "number", flat=True
            )
        ),
        "notifications": list(
            Notification.objects.filter(table=table).values_list("kind", "status")
        ),
        "outcome": table.outcome,
    }


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    command = sys.argv[1]
    if command == "setup":
        print(setup())
    elif command == "bots":
        print(json.dumps(bots()))
    elif command == "report":
        print(json.dumps(report(int(sys.argv[2]))))


if __name__ == "__main__":
    main()
