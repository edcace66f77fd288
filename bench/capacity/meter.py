"""What a step cost and what the worker did: CPU from /proc, the outbox and
the sweeps from the database and the worker's log."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from bench.capacity.server import Site

# A pending email due longer ago than this at the end of a step: the worker
# has fallen behind. A turn email due while its player is on the site waits
# for the drain, which runs every minute and takes rows 20 s past due, so
# one may wait some 80 s in the normal course.
EMAIL_LATE_SECONDS = 150


def schedstat_seconds(pids: list[int]) -> float:
    """CPU time these processes have run so far, to the nanosecond."""
    total = 0
    for pid in pids:
        try:
            total += int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total / 1e9


def machine_busy_seconds() -> float:
    """CPU time the whole machine has spent busy, all tenants together."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def pss_mib(pids: list[int]) -> float:
    """Memory of these processes (proportional set size: pages shared
    between them counted once)."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total / 1024


class Meter:
    """CPU of the web workers, the stream process, PostgreSQL's backends for
    the scratch database, the Celery worker, this process and the whole
    machine."""

    def __init__(self, site: Site):
        import psycopg

        self.site = site
        self.conn = psycopg.connect(site.database, autocommit=True)

    def backends(self) -> list[int]:
        return [
            pid
            for (pid,) in self.conn.execute(
                "SELECT pid FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        ]

    def read(self) -> dict:
        return {
            "at": time.monotonic(),
            "web": schedstat_seconds(self.site.web_pids()),
            "stream": schedstat_seconds(self.site.stream_pids()),
            "pg": {pid: schedstat_seconds([pid]) for pid in self.backends()},
            "worker": schedstat_seconds(self.site.worker_pids()),
            "bench": time.process_time(),
            "machine": machine_busy_seconds(),
        }

    @staticmethod
    def cores(before: dict, after: dict) -> dict:
        """Cores used in between (CPU seconds per second), by whom."""
        wall = after["at"] - before["at"]
        pg = sum(cpu - before["pg"].get(pid, 0.0) for pid, cpu in after["pg"].items())
        used = {
            "web": after["web"] - before["web"],
            "stream": after["stream"] - before["stream"],
            "pg": pg,
            "worker": after["worker"] - before["worker"],
            "bench": after["bench"] - before["bench"],
        }
        used["others"] = max(0.0, after["machine"] - before["machine"] - sum(used.values()))
        return {who: seconds / wall for who, seconds in used.items()}

    def memory(self) -> dict:
        """MiB of the web workers and of the stream process."""
        return {"web": pss_mib(self.site.web_pids()), "stream": pss_mib(self.site.stream_pids())}

    def outbox(self) -> dict:
        """The outbox's rows so far: written, sent and cancelled (no longer
        wanted when due), and those still pending long after they were due."""
        try:
            written, sent, cancelled, late = self.conn.execute(
                "SELECT count(*), count(*) FILTER (WHERE status = 'sent'),"
                " count(*) FILTER (WHERE status = 'cancelled'),"
                " count(*) FILTER (WHERE status = 'pending'"
                "   AND due_at < now() - make_interval(secs => %s))"
                " FROM notifications_notification",
                [EMAIL_LATE_SECONDS],
            ).fetchone()
        except Exception as exc:  # another version of the schema: say so, go on
            print(f"  (outbox not readable: {exc})")
            return {"written": 0, "sent": 0, "cancelled": 0, "late": 0}
        return {"written": written, "sent": sent, "cancelled": cancelled, "late": late}


SWEEP_DONE = re.compile(r"Task \S*sweep\S*\[[^\]]*\] succeeded in ([\d.]+)s")


def sweeps_between(log: Path, start: int, end: int) -> list[float]:
    """Seconds each sweep took, from the worker's log between two offsets."""
    with open(log, "rb") as f:
        f.seek(start)
        text = f.read(end - start).decode("utf-8", "replace")
    return [float(s) for s in SWEEP_DONE.findall(text)]
