"""A person playing against bots, for the tests with a real worker.

Run in a subprocess against the database and broker of the test's choosing:
  python -m tests.bots.scenario setup GAME        -> "Play now against bots"
                                                    (easy), prints the table id
  python -m tests.bots.scenario drive ID N SECS   -> plays the person's turns
      (random legal moves) until the person moved and the bots made N moves,
      the game ended or SECS passed; prints the table as JSON
"""

from __future__ import annotations

import json
import random
import sys
import time


def setup(game: str) -> int:
    from django.contrib.auth import get_user_model

    from accounts.models import Profile
    from tables import services

    user = get_user_model().objects.create_user("ana", "ana@example.org", "x-long-pass-1")
    Profile.objects.create(user=user)
    table = services.table_play_now(user=user, game=game, level="easy", players=2)
    return table.pk


def report(table_id: int) -> dict:
    from tables.models import Move, Table

    table = Table.objects.get(pk=table_id)
    moves = list(Move.objects.filter(table=table).values_list("seat", "kind"))
    return {
        "status": table.status,
        "version": table.version,
        "person_moves": sum(seat == 0 for seat, _ in moves),
        "bot_moves": sum(seat == 1 for seat, _ in moves),
        "kinds": sorted({kind for _, kind in moves}),
    }


def drive(table_id: int, bot_moves: int, seconds: float) -> dict:
    from games import registry
    from tables import services
    from tables.selectors import table_read

    rng = random.Random(table_id)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = table_read(table_id)
        table = found.table
        so_far = report(table_id)
        # A bot's first turn can be N moves long: the person moves at least once.
        if not table.is_active or (so_far["bot_moves"] >= bot_moves and so_far["person_moves"]):
            break
        if 0 in table.to_act:
            engine = registry.get(table.game).engine
            move = rng.choice(engine.legal_moves(found.state, 0))
            services.move_submit(
                table_id=table_id, user=found.seats[0].user, version=table.version, move=move
            )
        else:
            time.sleep(0.2)
    return report(table_id)


if __name__ == "__main__":
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    command, *args = sys.argv[1:]
    if command == "setup":
        print(setup(args[0]))
    else:
        print(json.dumps(drive(int(args[0]), int(args[1]), float(args[2]))))
