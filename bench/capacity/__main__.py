"""`python -m bench.capacity`: see the package's docstring."""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import tempfile
import time
from pathlib import Path

import redis

from bench.capacity import __doc__ as DESCRIPTION
from bench.capacity.browser import Recorder
from bench.capacity.meter import Meter
from bench.capacity.report import print_calibration, print_idle, print_where_the_cpu_went
from bench.capacity.server import GAMES, REDIS, Site
from bench.capacity.steps import calibrate, idle, quiet, search
from bench.capacity.traffic import Load
from bench.load import percentile
from harness.processes import scratch_postgres

ROOT = Path(__file__).resolve().parents[2]


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=DESCRIPTION.splitlines()[0])
    parser.add_argument(
        "--tree",
        type=Path,
        action="append",
        help="a checkout whose site runs (this one by default); twice: both, one after the other",
    )
    parser.add_argument("--start", type=int, default=25, help="first P of the search")
    parser.add_argument("--max", type=int, default=3200, help="largest P the search tries")
    parser.add_argument(
        "--pages", type=int, nargs="+", help="run these P in turn instead of searching"
    )
    parser.add_argument("--step-seconds", type=float, default=60, help="measured time per step")
    parser.add_argument("--warmup", type=float, default=10, help="unmeasured time before each")
    parser.add_argument(
        "--resolution",
        type=float,
        default=0.1,
        help="stop when the failed P is within this share above the held one",
    )
    parser.add_argument("--p99-ms", type=float, default=300)
    parser.add_argument("--page-seconds-per-move", type=float, default=20, help="R = P / this")
    parser.add_argument(
        "--api-share", type=float, default=0.0, help="share of moves made through the JSON API"
    )
    parser.add_argument("--game", choices=sorted(GAMES), default="coup")
    parser.add_argument(
        "--tables-per-page", type=int, default=3, help="tables in play for each open page"
    )
    parser.add_argument("--poll-seconds", type=int, default=4, help="TABLE_POLL_SECONDS")
    parser.add_argument("--header-seconds", type=int, default=30, help="HEADER_POLL_SECONDS")
    parser.add_argument("--email-delay", type=int, default=5, help="TURN_EMAIL_DELAY_SECONDS")
    parser.add_argument("--present-seconds", type=int, default=40, help="PRESENT_SECONDS")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers")
    parser.add_argument("--celery-concurrency", type=int, default=1)
    parser.add_argument(
        "--calibrate", type=int, default=40, help="requests of each kind measured alone (0: none)"
    )
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument(
        "--idle-pages", type=int, default=1000, help="open pages of the idle step (0: none)"
    )
    parser.add_argument("--idle-seconds", type=float, default=60)
    parser.add_argument(
        "--quick", action="store_true", help="a smoke run: P = 10 then 20, 10 s steps"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.pages = args.pages or [10, 20]
        args.step_seconds, args.warmup = 10, 3
        args.calibrate = min(args.calibrate, 10)
        args.idle_pages, args.idle_seconds = min(args.idle_pages, 20), 10
    args.trees = [t.resolve() for t in (args.tree or [ROOT])]
    return args


async def run(site: Site, args) -> dict:
    rec = Recorder()
    load = Load(site, args, rec)
    meter = Meter(site)
    await load.open_pages(args.pages[0] if args.pages else args.start)
    # Memory with the first pages open, the site warmed up: what more pages
    # add to it is theirs.
    await asyncio.sleep(2)
    base_memory = {**meter.memory(), "pages": len(load.pages)}
    costs = {}
    if args.calibrate:
        costs = await calibrate(load, meter, args.calibrate)
        print_calibration(costs, args.calibrate)
        await quiet(site)
    held, steps = await search(load, meter, args)
    print()
    if held is None:
        print(f"No P held: even P = {min(s['pages'] for s in steps)} failed.")
    else:
        print(
            f"Largest P held: {held} open table pages, with {held / args.page_seconds_per_move:.1f}"
            f" moves a second arriving (p99 under {args.p99_ms:.0f} ms for every kind of request,"
            " no error, no email late)."
        )
    print_steps(steps)
    if held is not None and costs:
        print_where_the_cpu_went(
            next(s for s in steps if s["pages"] == held and not s["failures"]), costs
        )
    idled = None
    if args.idle_pages:
        await quiet(site)
        idled = await idle(load, meter, args.idle_pages, args)
        print_idle(idled, base_memory)
    for page in load.pages:
        page.close()
    return {"held": held, "steps": steps, "idle": idled, "base_memory": base_memory}


def print_steps(steps: list[dict]) -> None:
    print(
        "| P | held | moves/s | page p99 | board p99 | move p99 | poll p99 | chat p99 | header p99"
        " | live p50 / p99 | web / stream / PostgreSQL / worker / generator / others (cores) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in sorted(steps, key=lambda r: r["pages"]):
        p99 = {k: f"{percentile(v, 0.99):.0f}" for k, v in r["latency"].items()}
        live = r["latency"].get("live", [])
        c = r["cores"]
        print(
            f"| {r['pages']} | {'yes' if not r['failures'] else 'no'} "
            f"| {r['moves'] / r['seconds']:.1f} "
            + " ".join(
                f"| {p99.get(k, '-')}" for k in ("page", "board", "move", "poll", "chat", "header")
            )
            + f" | {percentile(live, 0.5):.0f} / {percentile(live, 0.99):.0f}"
            + f" | {c['web']:.2f} / {c['stream']:.2f} / {c['pg']:.2f} / {c['worker']:.2f}"
            f" / {c['bench']:.2f} / {c['others']:.2f} |"
        )


def print_comparison(results: list[tuple[Site, dict]]) -> None:
    """The trees side by side: the largest P each held, and at it the CPU of
    each process and the live latency; the idle step's cost per page."""
    print("\nThe sites side by side:")
    print(
        "| site | largest P held | web / stream / PostgreSQL (cores) at it | live p50 / p99 at"
        " P = 100 | live p50 / p99 at the largest P | idle page (% of a core) |"
    )
    print("|---|---|---|---|---|---|")
    for site, result in results:
        steps = {s["pages"]: s for s in result["steps"]}
        held = result["held"]
        at_held = steps.get(held)

        def live(step) -> str:
            values = step["latency"].get("live", []) if step else []
            return f"{percentile(values, 0.5):.0f} / {percentile(values, 0.99):.0f} ms"

        cores = (
            f"{at_held['cores']['web']:.2f} / {at_held['cores']['stream']:.2f}"
            f" / {at_held['cores']['pg']:.2f}"
            if at_held
            else "-"
        )
        idled = result["idle"]
        per_page = (
            f"{sum(idled['cores'][k] for k in ('web', 'stream', 'pg')) / idled['pages'] * 100:.4f}%"
            if idled
            else "-"
        )
        print(
            f"| {site.commit().split()[0]} | {held if held is not None else 'none'} | {cores}"
            f" | {live(steps.get(100))} | {live(at_held)} | {per_page} |"
        )


def main(argv=None) -> None:
    args = parse_args(argv)
    began = time.monotonic()
    results = []
    for tree in args.trees:
        results.append(run_tree(tree, args))
    if len(results) > 1:
        print_comparison(results)
    print(f"\nThe whole run took {(time.monotonic() - began) / 60:.1f} minutes.")


def run_tree(tree: Path, args) -> tuple[Site, dict]:
    """One checkout's site under the load, on a database and Redis of its own."""
    began = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix="tabletop-capacity-"))
    broker = redis.Redis.from_url(REDIS)
    broker.flushdb()
    try:
        with scratch_postgres() as database:
            site = Site(tree, tmp, database, args)
            print(
                f"\nbench.capacity: the site of {site.tree} ({site.commit()}), "
                f"gunicorn {args.workers} sync workers"
                + (", a stream process (uvicorn)" if site.streams else ", pages that poll")
                + f", a Celery worker (concurrency {args.celery_concurrency}) with beat;"
                f" {args.game}, two players a table; "
                f"polls every {args.poll_seconds} s, R = P / {args.page_seconds_per_move:g}; "
                f"steps of {args.step_seconds:g} s after {args.warmup:g} s of warm-up; "
                f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start."
            )
            try:
                site.start(args.workers, args.celery_concurrency)
                print(f"The site is up after {time.monotonic() - began:.0f} s.")
                result = asyncio.run(run(site, args))
            finally:
                site.stop()
    finally:
        broker.flushdb()
        shutil.rmtree(tmp, ignore_errors=True)
    return site, result


if __name__ == "__main__":
    main()
