"""The site's servers as production runs them, for tests: gunicorn, a
stream process (uvicorn), a Celery worker, a Redis of the test's own, each in
the background on a port of its own."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from harness.processes import BIN, Process, run, site_env, wait_for_port


def redis_site_env(tmp_path: Path, database: str, redis_port: int, **extra: str) -> dict:
    """The environment of a production-like site on `database` and a Redis of
    the test's own on `redis_port` (broker, cache and live events), the
    database migrated."""
    env = site_env(
        tmp_path,
        DATABASE_URL=database,
        CELERY_BROKER_URL=f"redis://127.0.0.1:{redis_port}/0",
        REDIS_URL=f"redis://127.0.0.1:{redis_port}/1",
        ALLOWED_HOSTS="127.0.0.1",
        **extra,
    )
    run(env, "manage.py", "migrate", "--noinput")
    return env


def worker(
    env: dict, tmp_path: Path, *, name: str = "worker", beat: bool = True, concurrency: int = 1
) -> Process:
    """A Celery worker (with beat inside it unless `beat` is False: a
    deployment runs exactly one beat)."""
    return Process(
        name,
        [
            str(BIN / "celery"),
            "-A",
            "config",
            "worker",
            *(["--beat", "--schedule", str(tmp_path / "beat-schedule")] if beat else []),
            "--hostname",
            f"{name}@%h",
            "--concurrency",
            str(concurrency),
            "-Q",
            "celery,bots",
            "--loglevel",
            "info",
        ],
        env,
        tmp_path,
    )


def redis_server(port: int, tmp_path: Path) -> Process:
    process = Process(
        f"redis-{port}",
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(tmp_path),
        ],
        os.environ.copy(),
        tmp_path,
    )
    wait_for_port(port)
    return process


def gunicorn(
    env: dict, tmp_path: Path, port: int, *, workers: int = 1, name: str = "web"
) -> Process:
    """The site as production runs it, on 127.0.0.1:`port` (waits until it listens)."""
    process = Process(
        name,
        [
            str(BIN / "gunicorn"),
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            "2",
        ],
        env,
        tmp_path,
    )
    return listening(process, port)


def listening(process: Process, port: int) -> Process:
    """The server process once it listens on `port` (stopped, with its log
    in the error, if it never does)."""
    try:
        wait_for_port(port)
    except TimeoutError:
        process.stop()
        raise AssertionError(f"{process.log_path.stem} did not start:\n{process.tail()}") from None
    return process


def uvicorn(env: dict, tmp_path: Path, port: int, *, name: str = "stream") -> Process:
    """A stream process as production runs it (config.asgi under uvicorn), on
    127.0.0.1:`port` (waits until it listens)."""
    process = Process(
        name,
        [
            str(BIN / "uvicorn"),
            "config.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--timeout-graceful-shutdown",
            "1",
        ],
        env,
        tmp_path,
    )
    return listening(process, port)


def stop_redis(port: int, process: Process) -> None:
    """Stop a Redis of the test's own, for real."""
    subprocess.run(["redis-cli", "-p", str(port), "shutdown", "nosave"], check=False)
    process.stop()
