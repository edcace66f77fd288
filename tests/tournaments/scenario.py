"""Whole tournaments played against a real Celery worker, for the end-to-end test.

Run in a subprocess against the database and broker of the test's choosing,
while a worker with beat runs:
  python -m tests.tournaments.scenario swiss        -> 13 players, Troyes, four a table, 3 rounds
  python -m tests.tournaments.scenario round_robin  -> 4 players, Coup, two a table
  python -m tests.tournaments.scenario elimination  -> 7 players, Coup, three a table
Each prints, as JSON, the tournament as the API gives it and what happened.

This process only plays the tables' moves (Troyes by each seat's timeout
move, chosen as the player's own, to be quick; Coup by random legal moves)
and, in the Swiss, lets one player's clock run out at the first two tables
they sit at. It never starts a tournament or a round: those services are
replaced here by ones that fail, so every start is the worker's (beat's task
at the start time, then the round task queued as each round's last table
ends).
"""

from __future__ import annotations

import json
import random
import sys
import time
from datetime import timedelta

SETUPS = {
    "swiss": {"game": "troyes", "seats_per_table": 4, "players": 13, "rounds": 3},
    "round_robin": {"game": "coup", "seats_per_table": 2, "players": 4},
    "elimination": {"game": "coup", "seats_per_table": 3, "players": 7},
}
WAIT_SECONDS = 90


def wait_for(what: str, check):
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.3)
    raise SystemExit(f"timed out waiting for {what}")


def forbid_starts() -> None:
    from tournaments import services

    def refused(**_):
        raise AssertionError("only the worker starts tournaments and rounds")

    services.round_start_due = refused
    services.due_tournaments_start = refused


def make_players(prefix: str, count: int) -> list:
    from django.contrib.auth import get_user_model

    from accounts.models import Profile

    users = []
    for index in range(count):
        name = f"{prefix}{index:02d}"
        user = get_user_model().objects.create_user(name, f"{name}@example.org", "x-long-pass-1")
        Profile.objects.create(user=user)
        users.append(user)
    return users


def play_table(table, rng: random.Random) -> None:
    from games import registry
    from tables import services as table_services
    from tables.models import TableState

    engine = registry.get(table.game).engine
    users = {seat.number: seat.user for seat in table.seats.select_related("user")}
    while True:
        table.refresh_from_db()
        if not table.is_active:
            return
        state = TableState.objects.get(pk=table.pk).state
        seat = rng.choice(table.to_act)
        if table.game == "troyes":
            move = engine.timeout_move(state, seat)
        else:
            move = dict(rng.choice(engine.legal_moves(state, seat)))
        table_services.move_submit(
            table_id=table.pk, user=users[seat], version=table.version, move=move
        )


def run_out_of_time(table, user, rng: random.Random) -> None:
    """Play on until `user` alone must act, then play their timeout as the
    sweep would once their clock had run out."""
    from clocks import clock
    from games import registry
    from tables import services as table_services
    from tables.models import TableState

    engine = registry.get(table.game).engine
    users = {seat.number: seat.user for seat in table.seats.select_related("user")}
    mine = next(number for number, u in users.items() if u == user)
    while True:
        table.refresh_from_db()
        if table.to_act == [mine]:
            break
        state = TableState.objects.get(pk=table.pk).state
        seat = rng.choice(table.to_act)
        table_services.move_submit(
            table_id=table.pk,
            user=users[seat],
            version=table.version,
            move=engine.timeout_move(state, seat),
        )
    late = table.seats.get(number=mine).deadline_at + timedelta(seconds=1)
    clock.set_now(late)
    try:
        table_services.table_timeouts_play(table_id=table.pk, now=late)
    finally:
        clock.set_now(None)


def run(kind: str) -> dict:
    from clocks import clock
    from tournaments import services
    from tournaments.models import Round, Tournament, TournamentTable
    from tournaments.selectors import tournament_detail

    setup = SETUPS[kind]
    people = make_players(kind[:2], setup["players"])
    made = services.tournament_create(
        creator=people[0],
        game=setup["game"],
        seats_per_table=setup["seats_per_table"],
        format=kind,
        rounds=setup.get("rounds"),
        max_entries=setup["players"],
        time_control="quick",
        starts_at=clock.now() + timedelta(seconds=2),
    )
    for user in people:
        services.tournament_join(tournament_id=made.pk, user=user)
    forbid_starts()
    rng = random.Random(41)
    victim = people[0] if kind == "swiss" else None
    timed_out_at: list[int] = []
    number = 0
    while True:
        number += 1

        def next_round(number=number):
            done = Tournament.objects.filter(pk=made.pk, status="finished").exists()
            exists = Round.objects.filter(tournament=made, number=number).exists()
            return "finished" if done else ("round" if exists else None)

        if wait_for(f"round {number}", next_round) == "finished":
            break
        links = TournamentTable.objects.filter(round__tournament=made, round__number=number)
        for link in links.select_related("table"):
            table = link.table
            if victim and len(timed_out_at) < 2 and table.seats.filter(user=victim).exists():
                run_out_of_time(table, victim, rng)
                timed_out_at.append(number)
            play_table(table, rng)
    report = tournament_detail(made.pk).as_api()
    report["timed_out_at"] = timed_out_at
    report["victim"] = victim.username if victim else None
    return report


if __name__ == "__main__":
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    print(json.dumps(run(sys.argv[1])))
