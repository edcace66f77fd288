"""Whole tournaments with a real Celery worker (and beat) starting them and
each of their rounds, on Redis and PostgreSQL (issue 41, "Done when"): a
Swiss of 13 players at four-player Troyes tables over three rounds, with
byes and a withdrawal after two timeouts; a round robin and a single
elimination of Coup, to the end. The tables are played by a separate process
(tests/tournaments/scenario.py), which is refused any start of its own."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

from harness.processes import run, scratch_postgres, site_env
from tests.support.servers import worker

pytestmark = pytest.mark.celery


@pytest.fixture
def site(tmp_path, redis_broker):
    with scratch_postgres() as url:
        env = site_env(tmp_path, DATABASE_URL=url, CELERY_BROKER_URL=redis_broker)
        run(env, "manage.py", "migrate", "--noinput")
        process = worker(env, tmp_path)
        try:
            yield env
        finally:
            process.stop()


def play(env, kind: str) -> dict:
    return json.loads(run(env, "-m", "tests.tournaments.scenario", kind).splitlines()[-1])


def seated(round_: dict) -> list[str]:
    return [user for table in round_["tables"] for user in table["users"]]


def test_a_swiss_of_thirteen_at_troyes_runs_to_its_standings(site):
    found = play(site, "swiss")
    assert found["status"] == "finished"
    rounds = found["rounds"]
    assert [r["number"] for r in rounds] == [1, 2, 3]
    victim = found["victim"]
    assert len(found["timed_out_at"]) == 2
    withdrawn_after = found["timed_out_at"][-1]
    for round_ in rounds:
        assert all(len(t["users"]) == 4 and t["status"] == "finished" for t in round_["tables"])
        players = seated(round_) + round_["byes"]
        assert len(players) == len(set(players))  # nobody twice in a round
        active = 13 if round_["number"] <= withdrawn_after else 12
        assert len(players) == active
        assert len(round_["byes"]) == active % 4
        if round_["number"] > withdrawn_after:
            assert victim not in players
    standings = {s["user"]: s for s in found["standings"]}
    assert standings[victim]["withdrawn"]
    assert sum(s["byes"] for s in found["standings"]) == sum(len(r["byes"]) for r in rounds)
    assert max(s["byes"] for s in found["standings"]) == 1
    # Points: 3-2-1-0 a table (shared places share), a bye 1.5.
    total = sum(s["points"] for s in found["standings"])
    tables = sum(len(r["tables"]) for r in rounds)
    assert total == pytest.approx(6 * tables + 1.5 * sum(len(r["byes"]) for r in rounds))
    order = [(-s["points"], -s["tie_break"]) for s in found["standings"]]
    assert order == sorted(order)


def test_a_round_robin_of_coup_meets_every_pair_once(site):
    found = play(site, "round_robin")
    assert found["status"] == "finished"
    assert len(found["rounds"]) == 3
    pairs = Counter(
        frozenset(table["users"]) for round_ in found["rounds"] for table in round_["tables"]
    )
    players = found["entries"]
    assert set(pairs) == {frozenset(p) for p in itertools.combinations(players, 2)}
    assert set(pairs.values()) == {1}
    assert sum(s["points"] for s in found["standings"]) == 6


def test_an_elimination_of_coup_plays_down_to_one(site):
    found = play(site, "elimination")
    assert found["status"] == "finished"
    first, second = found["rounds"]
    assert [len(t["users"]) for t in first["tables"]] == [3, 3] and len(first["byes"]) == 1
    assert len(second["tables"]) == 1 and len(second["tables"][0]["users"]) == 3
    still_in = [s for s in found["standings"] if not s["eliminated"]]
    assert len(still_in) == 1 and still_in[0] == found["standings"][0]
    assert still_in[0]["user"] in second["tables"][0]["users"]
