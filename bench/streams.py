"""Benchmark: what an open server-sent-events stream costs the machine, for
the two ways of holding them that the site could use.

- `eventstream`: django-eventstream under uvicorn (ASGI), one process, the
  processes hearing each other's events through Redis;
- `pushpin`: Pushpin holding the streams in front of Django (gunicorn, two
  sync workers) with GRIP: Django answers the opening request with
  instructions and publishes by posting to Pushpin.

For each: N streams are opened on N/10 channels; the server is left idle
for --idle-seconds (only the heartbeats go out) and the CPU of its
processes (from /proc/<pid>/schedstat) and their memory (proportional set
size, from /proc/<pid>/smaps_rollup, after less before the streams) are
read; then, with the N streams still open, a separate Django process
publishes --publishes events to one more stream's channel, 20 a second,
and the time from `send_event` to the event's arrival is taken.
Not a test.

    .venv/bin/python -m bench.streams [--streams 1000] [--idle-seconds 60]
                                      [--only eventstream|pushpin] [--quick]

Needs django-eventstream, django-grip, uvicorn (pip) and pushpin (apt);
the packages the site does not use are installed when missing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

from bench.capacity.meter import machine_busy_seconds, pss_mib, schedstat_seconds
from bench.load import children_of, percentile
from harness.processes import free_port, wait_for_port

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ["django-eventstream==5.3.4", "django-grip==3.5.2", "uvicorn==0.54.0"]
REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/4")


def ensure_packages() -> None:
    from importlib.util import find_spec

    if not all(find_spec(name) for name in ("django_eventstream", "django_grip", "uvicorn")):
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *PACKAGES], check=True)
    if not shutil.which("pushpin"):
        raise SystemExit("pushpin is not installed (apt-get install pushpin)")


class Server:
    """One candidate's processes, started in a scratch folder."""

    def __init__(self, mode: str, tmp: Path):
        self.mode = mode
        self.tmp = tmp
        self.procs: list[subprocess.Popen] = []
        self.port = free_port()
        self.env = {**os.environ, "STREAMS_MODE": "grip" if mode == "pushpin" else mode}
        self.env["PYTHONPATH"] = str(ROOT)
        redis = urlparse(REDIS)
        self.env.update(
            STREAMS_REDIS_HOST=redis.hostname or "127.0.0.1",
            STREAMS_REDIS_PORT=str(redis.port or 6379),
            STREAMS_REDIS_DB=(redis.path or "/0").lstrip("/") or "0",
        )

    def _spawn(self, name: str, args: list[str]) -> subprocess.Popen:
        log = open(self.tmp / f"{name}.log", "w")  # noqa: SIM115 - lives as long as the process
        proc = subprocess.Popen(args, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self.procs.append(proc)
        return proc

    def start(self) -> None:
        bin_dir = Path(sys.executable).parent
        if self.mode == "eventstream":
            self._spawn(
                "uvicorn",
                [
                    str(bin_dir / "uvicorn"),
                    "--factory",
                    "bench.stream_site:asgi",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--log-level",
                    "warning",
                    "--no-access-log",
                ],
            )
            wait_for_port(self.port)
            return
        django_port = free_port()
        offset = free_port() % 1000 + 20000 - 5560  # Pushpin's own ports, out of others' way
        self.env["STREAMS_GRIP_URL"] = (
            f"http://127.0.0.1:{5561 + offset}?iss=pushpin&key=bench-grip-key"
        )
        self._spawn(
            "gunicorn",
            [
                str(bin_dir / "gunicorn"),
                "bench.stream_site:wsgi()",
                "--bind",
                f"127.0.0.1:{django_port}",
                "--workers",
                "2",
            ],
        )
        wait_for_port(django_port)
        conf = write_pushpin_conf(self.tmp, self.port, offset, django_port, "bench-grip-key")
        self._spawn("pushpin", ["pushpin", "--config", str(conf)])
        wait_for_port(self.port)
        wait_for_port(5561 + offset)

    def pids(self) -> list[int]:
        found = []
        for proc in self.procs:
            found.append(proc.pid)
            stack = [proc.pid]
            while stack:
                for child in children_of(stack.pop()):
                    found.append(child)
                    stack.append(child)
        return found

    def stop(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    proc.kill()


def write_pushpin_conf(tmp: Path, port: int, offset: int, origin: int, key: str) -> Path:
    """Pushpin's packaged configuration, with its own ports, folders and route."""
    run = tmp / "pushpin-run"
    logs = tmp / "pushpin-log"
    run.mkdir(exist_ok=True)
    logs.mkdir(exist_ok=True)
    (tmp / "routes").write_text(f"* 127.0.0.1:{origin}\n")
    text = Path("/etc/pushpin/pushpin.conf").read_text()
    replace = {
        "rundir=": f"rundir={run}",
        "port_offset=": f"port_offset={offset}",
        "http_port=": f"http_port={port}",
        "logdir=": f"logdir={logs}",
        "routesfile=": f"routesfile={tmp / 'routes'}",
        "sig_key=": f"sig_key={key}",
        "log_level=": "log_level=2",
        # Its own zurl (the HTTP client that reaches Django), in its own folder.
        "services=": "services=condure,zurl,pushpin-proxy,pushpin-handler",
    }
    zurl = "ipc://{rundir}/{ipc_prefix}zurl-"
    lines = []
    for line in text.splitlines():
        for start, value in replace.items():
            if line.startswith(start):
                line = value
        lines.append(line)
        if line == "[proxy]":
            lines += [
                f"zurl_out_specs={zurl}in",
                f"zurl_out_stream_specs={zurl}in-stream",
                f"zurl_in_specs={zurl}out",
            ]
    conf = tmp / "pushpin.conf"
    conf.write_text("\n".join(lines) + "\n")
    return conf


async def open_stream(port: int, channel: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        (
            f"GET /events/?channel={channel} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Accept: text/event-stream\r\n\r\n"
        ).encode()
    )
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
    if b" 200 " not in head.split(b"\r\n", 1)[0]:
        raise RuntimeError(f"stream refused: {head[:200]!r}")
    return reader, writer


async def drain(reader: asyncio.StreamReader) -> None:
    """Read whatever the stream sends (heartbeats), as a browser does."""
    while await reader.read(65536):
        pass


async def probe_latencies(reader: asyncio.StreamReader, count: int) -> list[float]:
    latencies: list[float] = []
    buffer = b""
    while len(latencies) < count:
        chunk = await reader.read(65536)
        if not chunk:
            break
        buffer += chunk
        *lines, buffer = buffer.split(b"\n")
        for line in lines:
            line = line.strip()
            if line.startswith(b"data:") and b'"t"' in line:
                latencies.append(time.time() - json.loads(line[5:])["t"])
    return latencies


PUBLISHER = """
import sys, time
from bench import stream_site
count, interval = int(sys.argv[1]), float(sys.argv[2])
time.sleep(0.5)
for i in range(count):
    stream_site.publish("probe", {"t": time.time(), "i": i})
    time.sleep(interval)
time.sleep(1)
"""


async def measure(server: Server, streams: int, idle_seconds: float, publishes: int) -> dict:
    loop = asyncio.get_running_loop()
    await asyncio.sleep(2)
    base_mem = pss_mib(server.pids())
    gate = asyncio.Semaphore(100)
    held = []

    async def one(i: int) -> None:
        async with gate:
            held.append(await open_stream(server.port, f"idle-{i % max(1, streams // 10)}"))

    began = loop.time()
    await asyncio.gather(*(one(i) for i in range(streams)))
    opened_in = loop.time() - began
    drains = [loop.create_task(drain(r)) for r, _ in held]
    await asyncio.sleep(3)
    pids = server.pids()
    cpu0, machine0, at0 = schedstat_seconds(pids), machine_busy_seconds(), time.monotonic()
    await asyncio.sleep(idle_seconds)
    pids = server.pids()
    cpu1, machine1, at1 = schedstat_seconds(pids), machine_busy_seconds(), time.monotonic()
    mem = pss_mib(pids)
    probe_reader, probe_writer = await open_stream(server.port, "probe")
    await asyncio.sleep(0.5)
    publisher = await asyncio.create_subprocess_exec(
        sys.executable, "-c", PUBLISHER, str(publishes), "0.05", cwd=ROOT, env=server.env
    )
    latencies = await asyncio.wait_for(probe_latencies(probe_reader, publishes), 120)
    await publisher.wait()
    for task in drains:
        task.cancel()
    for _, writer in [*held, (probe_reader, probe_writer)]:
        writer.close()
    return {
        "streams": streams,
        "opened_in": opened_in,
        "idle_cores": (cpu1 - cpu0) / (at1 - at0),
        "machine_cores": (machine1 - machine0) / (at1 - at0),
        "base_mib": base_mem,
        "per_1000_mib": (mem - base_mem) / streams * 1000,
        "latencies": sorted(latencies),
        "publishes": publishes,
    }


def report(mode: str, r: dict) -> None:
    lat = r["latencies"]
    per_1000 = r["idle_cores"] / r["streams"] * 1000
    print(
        f"| {mode} | {r['streams']} | {r['opened_in']:.1f} s | {per_1000 * 100:.3f}% "
        f"| {r['base_mib']:.0f} MiB | {r['per_1000_mib']:.1f} MiB "
        f"| {percentile(lat, 0.5):.1f} / {percentile(lat, 0.99):.1f} ms "
        f"| {len(lat)} of {r['publishes']} | {r['machine_cores']:.2f} |",
        flush=True,
    )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--idle-seconds", type=float, default=60)
    parser.add_argument("--publishes", type=int, default=200)
    parser.add_argument("--only", choices=["eventstream", "pushpin"])
    parser.add_argument("--quick", action="store_true", help="100 streams, 10 s idle")
    args = parser.parse_args(argv)
    if args.quick:
        args.streams, args.idle_seconds, args.publishes = 100, 10, 40
    ensure_packages()
    print(
        f"bench.streams: {args.streams} streams idle {args.idle_seconds:g} s, then"
        f" {args.publishes} publishes; {os.cpu_count()} cores, load average"
        f" {os.getloadavg()[0]:.1f} at the start."
    )
    print(
        "| server | streams | opened in | idle CPU per 1,000 streams (of a core) | memory before"
        " | memory per 1,000 streams | publish to arrival p50 / p99 | arrived"
        " | machine busy (cores) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for mode in [args.only] if args.only else ["eventstream", "pushpin"]:
        tmp = Path(tempfile.mkdtemp(prefix=f"tabletop-streams-{mode}-"))
        server = Server(mode, tmp)
        try:
            server.start()
            result = asyncio.run(measure(server, args.streams, args.idle_seconds, args.publishes))
            report(mode, result)
        finally:
            server.stop()
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
