"""A two-player Coup table whose players have devices at the test's push
service, for the push test with a real worker.

Run in a subprocess against the test's database and broker:
  python -m tests.push.worker_scenario setup ENDPOINT_BASE KEYS_JSON
      -> JSON: the table and each player's seat
  python -m tests.push.worker_scenario tax TABLE -> the seat asked
  python -m tests.push.worker_scenario answer TABLE TOKEN -> JSON: the answer
  python -m tests.push.worker_scenario report TABLE -> JSON: the push rows
"""

from __future__ import annotations

import json
import os
import sys


def setup(base: str, keys: dict) -> dict:
    from django.contrib.auth import get_user_model

    from accounts.models import Profile
    from clocks import clock
    from push.models import PushSubscription
    from tables import services
    from tests.clocks.scenario import deal

    users = []
    for name in ("ana", "ben"):
        user = get_user_model().objects.create_user(name, f"{name}@example.org", "x-long-pass-1")
        Profile.objects.create(user=user)
        PushSubscription.objects.create(
            user=user,
            endpoint=f"{base}/push/{name}",
            p256dh=keys[name]["p256dh"],
            auth=keys[name]["auth"],
            label=f"{name}'s phone",
            created_at=clock.now(),
        )
        users.append(user)
    table = services.table_create(creator=users[0], game="coup", max_players=2)
    services.table_join(table_id=table.pk, user=users[1])
    deal(table.pk)
    services.table_start(table_id=table.pk, user=users[0])
    seats = dict(table.seats.values_list("user__username", "number"))
    return {"table": table.pk, "seats": seats}


def tax(table_id: int) -> int:
    from tables import services
    from tables.models import Table

    table = Table.objects.get(pk=table_id)
    actor = table.seats.select_related("user").get(number=table.to_act[0]).user
    result = services.move_submit(
        table_id=table_id, user=actor, version=table.version, move={"action": "tax"}
    )
    return result.table.to_act[0]


def answer(table_id: int, token: str) -> dict:
    from django.test import Client

    response = Client().post(f"/tables/{table_id}/answer/play/", {"token": token})
    return {"status": response.status_code, **response.json()}


def report(table_id: int) -> list:
    from notifications.models import Notification

    return list(
        Notification.objects.filter(table_id=table_id, channel="push")
        .order_by("pk")
        .values_list("user__username", "version", "status")
    )


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    command, args = sys.argv[1], sys.argv[2:]
    if command == "setup":
        print(json.dumps(setup(args[0], json.loads(args[1]))))
    elif command == "tax":
        print(tax(int(args[0])))
    elif command == "answer":
        print(json.dumps(answer(int(args[0]), args[1])))
    else:
        print(json.dumps(report(int(args[0]))))


if __name__ == "__main__":
    main()
