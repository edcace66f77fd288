"""More than one machine, as the README's production recipe scales out: two
web servers (gunicorn, two workers each) and two Celery workers, one of them
running beat, on one PostgreSQL database and one Redis. Moves for one table
race across both servers; tables opened through the API with a quick time
control are left alone until their timeouts have dropped both players and
the game has played itself out. Then no move, email, timeout or rating has
happened twice, and none is missing."""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections import Counter

import psycopg
import pytest

from harness.processes import free_port, run, scratch_postgres, site_env
from tests.support.http import Bot
from tests.support.servers import gunicorn, redis_server, worker

pytestmark = [pytest.mark.celery, pytest.mark.site, pytest.mark.slow]

TIMED_TABLES = 3
# Seconds: the reminder falls due at 80% of a turn, so a sweep a second
# finds each turn's last two seconds to send it in.
BANK = 10
MAX_TIMEOUTS = 2
RACERS = 4  # posts of one move at once, half to each server


def open_timed_table(ana: Bot, ben: Bot, db: psycopg.Connection, seed: int) -> int:
    """ana opens it on one server, ben joins on the other, ana starts it there."""
    created = ana.post(
        "/api/tables",
        {
            "game": "coup",
            "options": {"rounds_to_win": 1},
            "max_players": 2,
            "time_control": "custom",
            "time_bank_seconds": BANK,
            "time_increment_seconds": 1,
            "time_cap_seconds": BANK,
            "max_timeouts": MAX_TIMEOUTS,
            "bot_takeover": False,  # dropped seats play their timeout moves
        },
    )
    assert created.status == 201, created.body
    table_id = created.json()["id"]
    assert ben.post(f"/api/tables/{table_id}/join").status == 200
    db.execute("UPDATE tables_table SET seed = %s WHERE id = %s", (seed, table_id))
    started = Bot(ben.base, ana.token).post(f"/api/tables/{table_id}/start")
    assert started.status == 200, started.body
    return table_id


def race(posts: list[tuple[Bot, str, dict]]) -> list:
    """Send every post at the same moment, each from its own thread."""
    barrier = threading.Barrier(len(posts))
    answers: list = [None] * len(posts)

    def send(index: int, bot: Bot, path: str, body: dict) -> None:
        barrier.wait()
        answers[index] = bot.post(path, body)

    threads = [threading.Thread(target=send, args=(i, *post)) for i, post in enumerate(posts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return answers


def play_racing(bases: list[str], tokens: dict[str, str], table_id: int, seed: int) -> int:
    """Play the table to its end, each move posted RACERS times at once to
    both servers (two different moves when the seat has a choice): exactly
    one post of each race is taken. Returns how many races were run."""
    rng = random.Random(seed)
    path = f"/api/tables/{table_id}"
    for step in range(1000):
        table = Bot(bases[step % 2], tokens["0"]).get(path).json()
        if table["status"] != "active":
            assert table["status"] == "finished", table["status"]
            return step
        seat = rng.choice(table["to_act"])
        mine = Bot(bases[step % 2], tokens[str(seat)]).get(path).json()
        choices = rng.sample(mine["legal_moves"], min(2, len(mine["legal_moves"])))
        posts = [
            (
                Bot(bases[i % 2], tokens[str(seat)]),
                f"{path}/moves",
                {"version": mine["version"], "move": choices[i % len(choices)]},
            )
            for i in range(RACERS)
        ]
        statuses = sorted(answer.status for answer in race(posts))
        assert statuses == [200] + [409] * (RACERS - 1), (step, statuses)
    raise AssertionError("the raced game did not end in 1,000 moves")


def rows(db: psycopg.Connection, sql: str, *args) -> list[tuple]:
    return db.execute(sql, args).fetchall()


def wait_for(what: str, done, timeout: float, logs) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if done():
            return
        time.sleep(1)
    raise AssertionError(f"{what} did not happen in {timeout:.0f} s\n" + logs())


def emails(mail_dir) -> list[tuple[str, str]]:
    """(To, Subject) of every email the site sent (the file backend writes
    each message, followed by a line of dashes, into a file per batch)."""
    sent = []
    for path in sorted(mail_dir.iterdir()) if mail_dir.exists() else []:
        for message in path.read_text().split("\n" + "-" * 79 + "\n"):
            to = re.search(r"^To: (.+)$", message, re.M)
            subject = re.search(r"^Subject: (.+)$", message, re.M)
            if to and subject:
                sent.append((to.group(1), subject.group(1)))
    return sent


def test_two_servers_and_two_workers_do_everything_once_and_lose_nothing(tmp_path):
    redis_port = free_port()
    with scratch_postgres() as database:
        env = site_env(
            tmp_path,
            DATABASE_URL=database,
            CELERY_BROKER_URL=f"redis://127.0.0.1:{redis_port}/0",
            REDIS_URL=f"redis://127.0.0.1:{redis_port}/1",
            OUTBOX_RETRY_SECONDS="2",
            ALLOWED_HOSTS="127.0.0.1",
            # The races post each move four times; the limits are not under test.
            MOVE_RATE_PER_TABLE="100000/m",
            MOVE_RATE_PER_USER="100000/m",
        )
        run(env, "manage.py", "migrate", "--noinput")
        processes = [redis_server(redis_port, tmp_path)]
        db = psycopg.connect(database, autocommit=True)
        try:
            ports = [free_port(), free_port()]
            for number, port in enumerate(ports, start=1):
                processes.append(gunicorn(env, tmp_path, port, workers=2, name=f"web{number}"))
            processes.append(worker(env, tmp_path, name="worker1", beat=True))
            processes.append(worker(env, tmp_path, name="worker2", beat=False))

            def logs() -> str:
                return "\n".join(f"== {p.log_path.name}\n{p.tail(1500)}" for p in processes)

            bases = [f"http://127.0.0.1:{port}" for port in ports]
            setup = json.loads(run(env, "-m", "tests.clocks.scenario", "bots").splitlines()[-1])
            raced, tokens = setup["table"], setup["tokens"]  # seat 0: ana, seat 1: ben
            ana, ben = Bot(bases[0], tokens["0"]), Bot(bases[1], tokens["1"])
            timed = [open_timed_table(ana, ben, db, seed) for seed in range(TIMED_TABLES)]
            everything = [raced, *timed]

            races = play_racing(bases, tokens, raced, seed=5)
            assert races > 5

            def finished() -> bool:
                statuses = rows(
                    db, "SELECT status FROM tables_table WHERE id = ANY(%s)", everything
                )
                return {s for (s,) in statuses} == {"finished"}

            wait_for("the end of every game", finished, 180, logs)

            def drained() -> bool:
                left = rows(
                    db,
                    "SELECT count(*) FROM notifications_notification"
                    " WHERE status IN ('pending', 'failed')",
                )
                return left == [(0,)]

            wait_for("the sending of every email", drained, 120, logs)

            # Moves: each table's log has every number once, from 1 to its version.
            for table_id in everything:
                ((version,),) = rows(db, "SELECT version FROM tables_table WHERE id = %s", table_id)
                seqs = rows(
                    db, "SELECT seq FROM tables_move WHERE table_id = %s ORDER BY seq", table_id
                )
                assert [s for (s,) in seqs] == list(range(1, version + 1)), table_id

            # Timeouts: each seat of a timed table timed out exactly MAX_TIMEOUTS
            # times, was dropped then, and its log says so once per timeout.
            seats = rows(
                db,
                "SELECT table_id, number, timeouts, dropped_at IS NOT NULL FROM tables_seat"
                " WHERE table_id = ANY(%s)",
                timed,
            )
            assert sorted(seats) == [
                (t, n, MAX_TIMEOUTS, True) for t in sorted(timed) for n in (0, 1)
            ]
            timeouts = Counter(
                rows(
                    db,
                    "SELECT table_id, seat FROM tables_move WHERE kind = 'timeout'"
                    " AND table_id = ANY(%s)",
                    timed,
                )
            )
            assert timeouts == {(t, n): MAX_TIMEOUTS for t in timed for n in (0, 1)}

            # Ratings: one change per game and player, and each player's count
            # of rated games is the number of games.
            changes = Counter(
                rows(
                    db,
                    "SELECT table_id, user_id FROM players_ratingchange WHERE table_id = ANY(%s)",
                    everything,
                )
            )
            assert len(changes) == 2 * len(everything) and set(changes.values()) == {1}
            games = rows(db, "SELECT game, games FROM players_rating ORDER BY user_id")
            assert games == [("coup", len(everything))] * 2

            # Emails: each one the outbox marks sent was sent once, and each
            # player heard once of the end of each game.
            sent = emails(tmp_path / "mail")
            (marked,) = rows(
                db, "SELECT count(*) FROM notifications_notification WHERE status = 'sent'"
            )[0]
            assert len(sent) == marked, Counter(sent).most_common(5)
            for table_id in everything:
                for address in ("ana@example.org", "ben@example.org"):
                    subject = f"[Tabletop] Game over: Coup #{table_id}"
                    assert sent.count((address, subject)) == 1, (address, subject)
            # One notice per timeout; reminders as the sweeps found them due.
            kinds = Counter(k for (k,) in rows(db, "SELECT kind FROM notifications_notification"))
            assert kinds["timeout"] == 2 * MAX_TIMEOUTS * TIMED_TABLES, kinds
            assert kinds["reminder"] >= 1, kinds
        finally:
            db.close()
            for process in reversed(processes):
                process.stop()
