"""What a step and the calibration print."""

from __future__ import annotations

import os

from bench.load import percentile

KINDS = ("page", "board", "move", "poll", "chat", "header", "api read", "api move", "live")


def print_step(r: dict) -> None:
    requests = sum(len(v) for v in r["latency"].values())
    c = r["cores"]
    print(
        f"\nP = {r['pages']} pages, R = {r['rate']:.2f} moves/s, {r['seconds']:.0f} s"
        f" (new tables and pages opened in {r['opening']:.0f} s before): "
        f"{'held' if not r['failures'] else 'NOT held (' + '; '.join(r['failures']) + ')'}"
    )
    requests -= len(r["latency"].get("live", ()))
    print(
        f"  {requests / r['seconds']:.0f} requests/s; {r['arrived']} moves arrived,"
        f" {r['moves']} made ({r['unserved']} found no table free, {r['no_move']} no move to make);"
        f" {r['skipped_polls']} polls skipped (the last one unanswered)"
    )
    print("  | kind | requests/s | p50 | p95 | p99 | max (ms) |  (live: a move's answer to the")
    print("  | | | | | | |  redraw of the other player's open page)")
    for kind in KINDS:
        values = r["latency"].get(kind)
        if not values:
            continue
        print(
            f"  | {kind} | {len(values) / r['seconds']:.1f} | {percentile(values, 0.5):.0f} "
            f"| {percentile(values, 0.95):.0f} | {percentile(values, 0.99):.0f} "
            f"| {values[-1] * 1000:.0f} |"
        )
    print(
        f"  CPU (cores): web {c['web']:.2f}, stream {c['stream']:.2f}, PostgreSQL {c['pg']:.2f},"
        f" worker {c['worker']:.2f}, "
        f"this load generator {c['bench']:.2f}, others on the machine {c['others']:.2f}"
        f" (of {os.cpu_count()});"
        f" web {c['web'] * 1000 / max(requests / r['seconds'], 1e-9):.2f} ms per request"
    )
    sweeps = r["sweeps"]
    print(
        f"  outbox: {r['outbox']['written']} emails written, {r['outbox']['sent']} sent,"
        f" {r['outbox']['cancelled']} cancelled when due, {r['late_emails']} late;"
        f" sweeps {len(sweeps)}"
        + (f" ({', '.join(f'{s * 1000:.0f} ms' for s in sweeps)})" if sweeps else "")
        + f"; generator's loop lag p99 {r['lag_p99']:.0f} ms"
    )
    for sample in r["samples"]:
        print(f"  failed: {sample}")
    if c["others"] > 0.25 * (os.cpu_count() or 1):
        print(
            "  The machine was busy with other work during this step: its latencies are"
            " longer, and the P it holds smaller, than on a quiet machine."
        )


def print_idle(r: dict, base: dict) -> None:
    """The idle step: what P open pages cost with no move."""
    c, per = r["cores"], 1000 / r["pages"]
    # Memory per page: what the pages beyond the first ones added.
    more = r["pages"] - base["pages"]
    grown = (r["memory"]["stream"] - base["stream"]) * 1000 / more if more > 0 else float("nan")
    print(
        f"\nIdle: P = {r['pages']} open pages, no move, {r['seconds']:.0f} s:"
        f" {r['requests'] / r['seconds']:.1f} requests/s,"
        f" errors {sum(r['errors'].values())}"
    )
    print("| process | cores | per 1,000 pages (% of a core) | memory (MiB) | per 1,000 pages |")
    print("|---|---|---|---|---|")
    print(
        f"| web (gunicorn) | {c['web']:.3f} | {c['web'] * per * 100:.2f}%"
        f" | {r['memory']['web']:.0f} | - |"
    )
    print(
        f"| stream (uvicorn) | {c['stream']:.3f} | {c['stream'] * per * 100:.2f}%"
        f" | {r['memory']['stream']:.0f} | {grown:.0f} MiB |"
    )
    print(f"| PostgreSQL | {c['pg']:.3f} | {c['pg'] * per * 100:.2f}% | | |")
    print(
        f"An open page costs {(c['web'] + c['stream'] + c['pg']) / r['pages'] * 100:.4f}% of a"
        " core (web, stream and PostgreSQL together)."
    )
    for sample in r["samples"]:
        print(f"  failed: {sample}")


def print_calibration(costs: dict[str, tuple[float, float]], count: int) -> None:
    print(f"\nCPU per request, each kind alone, one at a time ({count} of each):")
    print("| kind | web workers (ms) | PostgreSQL (ms) |")
    print("|---|---|---|")
    labels = {
        "poll": "poll, nothing new (204)",
        "chat": "chat poll, nothing new (204)",
        "header": "header's count",
        "board": "board redraw",
        "page": "table page",
        "move": "move through the page's form (answers the board)",
    }
    for kind, label in labels.items():
        web, pg = costs[kind]
        print(f"| {label} | {web * 1000:.2f} | {pg * 1000:.2f} |")


def print_where_the_cpu_went(r: dict, costs: dict[str, tuple[float, float]]) -> None:
    """The held step's requests, priced at the calibration's CPU per request:
    what each kind cost the web workers and PostgreSQL, beside what they
    used in all."""
    print(
        f"\nAt P = {r['pages']}, the web workers' and PostgreSQL's CPU by kind of request"
        " (rate x the calibration's CPU per request):"
    )
    print("| kind | requests/s | web (CPU ms/s) | PostgreSQL (CPU ms/s) |")
    print("|---|---|---|---|")
    total_web = total_pg = 0.0
    for kind in KINDS:
        rate = len(r["latency"].get(kind, ())) / r["seconds"]
        if not rate:
            continue
        if kind not in costs:
            print(f"| {kind} | {rate:.1f} | not calibrated | not calibrated |")
            continue
        web, pg = (rate * cost for cost in costs[kind])
        total_web, total_pg = total_web + web, total_pg + pg
        print(f"| {kind} | {rate:.1f} | {web * 1000:.1f} | {pg * 1000:.1f} |")
    c = r["cores"]
    print(
        f"| all, priced | | {total_web * 1000:.1f} | {total_pg * 1000:.1f} |\n"
        f"| all, measured | | {c['web'] * 1000:.1f} | {c['pg'] * 1000:.1f} |"
    )
