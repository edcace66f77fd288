"""Schemathesis fuzzes the JSON API of a live server (gunicorn on a scratch
PostgreSQL database) from /api/openapi.json: no response may be a 5xx, and
every response must match the schema (status codes, content types, bodies)."""

from __future__ import annotations

import json
import os
import subprocess

from harness.processes import (
    BIN,
    Process,
    free_port,
    run,
    scratch_postgres,
    site_env,
    wait_for_port,
)
from push import keys

EXAMPLES = os.environ.get("FUZZ_EXAMPLES", "30")
CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_schema_conformance",
    ]
)


def test_the_api_holds_up_to_schemathesis(tmp_path):
    port = free_port()
    # Push on, so that its calls are fuzzed past "push is off".
    public, private = keys.new_pair()
    with scratch_postgres() as database:
        env = site_env(
            tmp_path,
            DATABASE_URL=database,
            ALLOWED_HOSTS="127.0.0.1",
            RATELIMIT_ENABLE="0",
            VAPID_PUBLIC_KEY=public,
            VAPID_PRIVATE_KEY=private,
            VAPID_SUBJECT="mailto:operators@example.org",
        )
        run(env, "manage.py", "migrate", "--noinput")
        setup = json.loads(run(env, "-m", "tests.clocks.scenario", "bots").splitlines()[-1])
        web = Process(
            "web",
            [str(BIN / "gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "2"],
            env,
            tmp_path,
        )
        try:
            wait_for_port(port)
            done = subprocess.run(
                [
                    str(BIN / "schemathesis"),
                    "run",
                    f"http://127.0.0.1:{port}/api/openapi.json",
                    "--header",
                    f"Authorization: Bearer {setup['tokens']['0']}",
                    "--checks",
                    CHECKS,
                    "--max-examples",
                    EXAMPLES,
                    "--seed",
                    "20261129",
                    "--workers",
                    "2",
                    "--generation-database",
                    "none",
                    "--no-color",
                ],
                env=env,
                capture_output=True,
                text=True,
                timeout=600,
            )
            print(done.stdout[-2500:])
            assert done.returncode == 0, done.stdout[-6000:] + web.tail()
        finally:
            web.stop()
