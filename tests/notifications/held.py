"""Turn emails held for a player's hours, for the test with a real worker.

Run in a subprocess against the test's database:
  python -m tests.notifications.held setup SECONDS -> JSON: when Ben's hours
      start (SECONDS from now) and his three tables
  python -m tests.notifications.held report -> JSON: Ben's rows and statuses

Ben keeps hours that start SECONDS from now (the site offers whole minutes;
the profile keeps seconds, which a test can use), and three games ask him to
move before then: at the opening, one email for the three.
"""

from __future__ import annotations

import json
import os
import sys
from datetime import UTC, datetime, timedelta


def setup(seconds: int) -> dict:
    from django.contrib.auth import get_user_model

    from accounts.models import Profile
    from tables import services
    from tests.clocks.scenario import deal

    users = []
    for name in ("ana", "ben"):
        user = get_user_model().objects.create_user(name, f"{name}@example.org", "x-long-pass-1")
        Profile.objects.create(user=user)
        users.append(user)
    ana, ben = users
    opening = (datetime.now(UTC) + timedelta(seconds=seconds)).replace(microsecond=0)
    Profile.objects.filter(user=ben).update(
        time_zone="UTC",
        hours_start=opening.time(),
        hours_end=(opening + timedelta(hours=9)).time(),
    )
    tables = []
    for _ in range(3):
        table = services.table_create(creator=ana, game="coup", max_players=2, time_control="fast")
        services.table_join(table_id=table.pk, user=ben)
        deal(table.pk)
        services.table_start(table_id=table.pk, user=ana)
        table.refresh_from_db()
        if table.to_act == [0]:
            services.move_submit(table_id=table.pk, user=ana, version=0, move={"action": "income"})
        tables.append(table.pk)
    return {"opening": opening.isoformat(), "tables": tables}


def report() -> dict:
    from notifications.models import Notification

    rows = Notification.objects.filter(user__username="ben")
    return {
        "rows": list(rows.values_list("kind", "status", "due_at")),
        "now": str(datetime.now(UTC)),
    }


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    if sys.argv[1] == "setup":
        print(json.dumps(setup(int(sys.argv[2]))))
    else:
        print(json.dumps(report(), default=str))


if __name__ == "__main__":
    main()
