"""The calibration pass, one step of the load, and the search for P."""

from __future__ import annotations

import asyncio
import time

from bench.capacity.browser import read_board
from bench.capacity.meter import Meter, schedstat_seconds, sweeps_between
from bench.capacity.report import print_step
from bench.capacity.server import Site
from bench.capacity.traffic import Load, Page
from bench.load import percentile


async def calibrate(load: Load, meter: Meter, count: int) -> dict[str, tuple[float, float]]:
    """Each kind of request alone, one at a time, `count` of each: the CPU
    the web workers and PostgreSQL's backends spent meanwhile, per request
    (seconds). A move's player opens the table page first, outside the
    move's own measure."""
    pages = load.pages[:20]
    # The pages catch up with the moves made so far, so their polls say "nothing new".
    for page in pages:
        await page.redraw()

    def request(kind: str, page: Page):
        path = {
            "poll": page.board.poll_url,
            "chat": page.chat_url,
            "header": "/tables/waiting/",
            "board": f"/tables/{page.table.id}/board/",
            "page": f"/tables/{page.table.id}/",
        }[kind]
        return page.player.get(kind, path, htmx=kind != "page")

    def spent(before: dict, after: dict) -> tuple[float, float]:
        used = Meter.cores(before, after)
        wall = after["at"] - before["at"]
        return used["web"] * wall, used["pg"] * wall

    costs = {}
    for kind in ("poll", "chat", "header", "board", "page"):
        before = meter.read()
        for i in range(count):
            await request(kind, pages[i % len(pages)])
        await asyncio.sleep(0.05)  # what a worker does after its answer counts too
        web, pg = spent(before, meter.read())
        costs[kind] = (web / count, pg / count)
    web = pg = 0.0
    moves = 0
    for _ in range(count * 3):
        if moves == count or not load.idle:
            break
        table = load.idle.popleft()
        player = load.players[load.rng.choice(table.acting)]
        answer = await player.get("page", f"/tables/{table.id}/", htmx=False)
        board = read_board(answer.text) if answer else None
        if board and board.moves:
            await asyncio.sleep(0.05)
            before = meter.read()
            if await load.click(player, table, board):
                moves += 1
            await asyncio.sleep(0.05)
            web, pg = (a + b for a, b in zip((web, pg), spent(before, meter.read()), strict=True))
        if table.status == "active" and table.acting:
            load.idle.append(table)
    costs["move"] = (web / moves, pg / moves) if moves else (float("nan"), float("nan"))
    return costs


# -- one step: P pages for a fixed time -------------------------------------------


async def loop_lag(window: tuple[float, float], lags: list[float]) -> None:
    """How late this process's event loop wakes up in the window: the load
    generator's own delay, which every latency measured here includes."""
    loop = asyncio.get_running_loop()
    while loop.time() < window[1]:
        planned = loop.time() + 0.05
        await asyncio.sleep(0.05)
        if planned >= window[0]:
            lags.append(loop.time() - planned)


async def step(load: Load, meter: Meter, pages: int, args) -> dict:
    rec = load.rec
    rec.latencies.clear()
    rec.errors.clear()
    rec.samples.clear()
    load.skipped_polls = load.unserved = load.no_move = load.moves = load.arrived = 0
    opening = time.monotonic()
    await load.open_pages(pages)
    opening = time.monotonic() - opening
    loop = asyncio.get_running_loop()
    start = loop.time() + 0.5
    begin, end = start + args.warmup, start + args.warmup + args.step_seconds
    rec.window = (begin, end)
    rate = pages / args.page_seconds_per_move
    marks: dict[str, object] = {}

    async def at(when: float, name: str) -> None:
        await asyncio.sleep(max(0.0, when - loop.time()))
        marks[name] = meter.read()
        marks[name + "_log"] = load.site.worker_log.stat().st_size
        marks[name + "_outbox"] = meter.outbox()

    lags: list[float] = []
    await asyncio.sleep(max(0.0, start - loop.time()))
    await asyncio.gather(
        *(page.live(end) for page in load.pages),
        load.arrivals(rate, end),
        at(begin, "begin"),
        at(end, "end"),
        loop_lag((begin, end), lags),
    )
    await load.settle()
    rec.window = (float("inf"), float("inf"))
    outbox0, outbox1 = marks["begin_outbox"], marks["end_outbox"]
    result = {
        "pages": pages,
        "opening": opening,
        "rate": rate,
        "seconds": args.step_seconds,
        "latency": {k: sorted(v) for k, v in rec.latencies.items()},
        "errors": dict(rec.errors),
        "samples": list(rec.samples),
        "skipped_polls": load.skipped_polls,
        "unserved": load.unserved,
        "arrived": load.arrived,
        "no_move": load.no_move,
        "moves": load.moves,
        "cores": Meter.cores(marks["begin"], marks["end"]),
        "outbox": {k: outbox1[k] - outbox0[k] for k in ("written", "sent", "cancelled")},
        "late_emails": outbox1["late"],
        "sweeps": sweeps_between(load.site.worker_log, marks["begin_log"], marks["end_log"]),
        "lag_p99": percentile(lags, 0.99),
    }
    result["failures"] = verdict(result, args.p99_ms)
    return result


async def idle(load: Load, meter: Meter, pages: int, args) -> dict:
    """P pages open and no move for `--idle-seconds`: what the open pages
    alone cost the web workers and the stream process (the polls of a site
    without streams; the streams' heartbeats and presence of one with)."""
    rec = load.rec
    rec.latencies.clear()
    rec.errors.clear()
    rec.samples.clear()
    before_pages = meter.memory()
    await load.open_pages(pages)
    loop = asyncio.get_running_loop()
    begin = loop.time() + args.warmup
    end = begin + args.idle_seconds
    rec.window = (begin, end)
    await asyncio.sleep(max(0.0, begin - loop.time()))
    first = meter.read()
    await asyncio.gather(*(page.live(end) for page in load.pages))
    last = meter.read()
    memory = meter.memory()
    await load.settle()
    rec.window = (float("inf"), float("inf"))
    return {
        "pages": pages,
        "seconds": args.idle_seconds,
        "cores": Meter.cores(first, last),
        "memory": memory,
        "memory_before": before_pages,
        "requests": sum(len(v) for v in rec.latencies.values()),
        "errors": dict(rec.errors),
        "samples": list(rec.samples),
    }


# Not a request's answer: how long a move took to reach another player's
# open page (reported beside the requests, judged by its own goal).
NOT_REQUESTS = ("live",)


def verdict(r: dict, p99_ms: float) -> list[str]:
    """Why this step is not held (empty: held)."""
    why = []
    for kind, values in r["latency"].items():
        if kind in NOT_REQUESTS:
            continue
        if percentile(values, 0.99) >= p99_ms:
            why.append(f"{kind} p99 {percentile(values, 0.99):.0f} ms")
    if r["errors"]:
        why.append("errors " + ", ".join(f"{k} {n}" for k, n in r["errors"].items()))
    if r["late_emails"]:
        why.append(f"{r['late_emails']} emails late")
    return why


async def quiet(site: Site, most: float = 30.0) -> None:
    """Let the web workers finish what a failed step left queued."""
    end = time.monotonic() + most
    await asyncio.sleep(2)
    while time.monotonic() < end:
        before = schedstat_seconds(site.web_pids())
        await asyncio.sleep(1)
        if schedstat_seconds(site.web_pids()) - before < 0.05:
            return


# -- the search --------------------------------------------------------------------


def next_pages(held: int | None, failed: int | None, tried: int, args) -> int | None:
    """The next P to try: doubling until a step fails, then halving the gap
    between the largest held and the smallest failed; None when done."""
    if failed is None:
        nxt = tried * 2
        return nxt if nxt <= args.max else None
    if held is None:
        nxt = tried // 2
        return nxt if nxt >= 2 else None
    if failed - held <= max(2, args.resolution * held):
        return None
    return (held + failed) // 2


async def search(load: Load, meter: Meter, args) -> tuple[int | None, list[dict]]:
    steps = []
    held = failed = None
    plan = list(args.pages) if args.pages else None
    pages = plan.pop(0) if plan else args.start
    while pages is not None:
        result = await step(load, meter, pages, args)
        steps.append(result)
        print_step(result)
        if result["failures"]:
            failed = pages if failed is None else min(failed, pages)
        else:
            held = pages if held is None else max(held, pages)
        await quiet(load.site)
        if plan is not None:
            pages = plan.pop(0) if plan else None
        else:
            pages = next_pages(held, failed, pages, args)
    return held, steps
