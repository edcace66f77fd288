"""bench.bots keeps the CPU of the bots' decisions as counts per millisecond,
not as a list of every decision: its report must read from them the figures
of the decisions themselves (their number, median, 95th percentile and
largest), and a results file written before, with every decision listed,
must read the same."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from bench.bots import cpu_add, cpu_figures, cpu_merge, load, print_report

DECISIONS = [0.001, 0.002, 0.002, 0.003, 0.010, 0.250]


def test_the_counts_give_the_decisions_figures():
    figures = cpu_figures(cpu_add({}, DECISIONS))
    assert figures["decisions"] == 6
    # An even count: the median is the mean of the two middle decisions.
    assert figures["median"] == statistics.median(DECISIONS) == pytest.approx(0.0025)
    # The 95th percentile is the decision at int(0.95 * n) in order, the largest here.
    assert figures["p95"] == figures["max"] == 0.250
    odd = cpu_figures(cpu_add({}, DECISIONS[:5]))
    assert (odd["decisions"], odd["median"], odd["p95"], odd["max"]) == (5, 0.002, 0.010, 0.010)
    assert cpu_figures({})["decisions"] == 0


def test_counts_are_kept_to_the_millisecond_and_merge():
    counts = cpu_add({}, [0.3344, 0.3346, 0.3349])
    assert counts == {"334": 1, "335": 2}
    assert cpu_merge(counts, {"334": 2, "900": 1}) == {"334": 3, "335": 2, "900": 1}


def test_a_file_listing_every_decision_reads_as_counts(tmp_path):
    pairing = {
        "game": "coup",
        "players": 2,
        "opponent": "easy",
        "scores": [1.0, 0.0],
        "cpu": {"hard": DECISIONS, "easy": [0.001]},
        "moves": 40,
        "cpu_seconds": 1.0,
        "tells": {},
    }
    path = tmp_path / "bots-coup-2p.json"
    path.write_text(json.dumps({"pairings": {"coup 2p easy": pairing}, "speed": {}, "seed": 0}))
    read = load([str(path)])["pairings"]["coup 2p easy"]
    assert read["cpu"] == {"hard": cpu_add({}, DECISIONS), "easy": {"1": 1}}


def test_the_results_page_shows_what_the_report_prints_from_the_kept_results(capsys):
    """bench/RESULTS.md says its bots' table is `bench.bots --report
    bench/results/bots-*.json`'s output: a new results file, or a change to
    the report, must come with the page regenerated."""
    root = Path(__file__).resolve().parents[1]
    print_report(load(sorted(str(p) for p in (root / "bench" / "results").glob("bots-*.json"))))
    printed = capsys.readouterr().out.strip()
    # The page fences the lines after the table so that they keep their layout.
    page = "\n".join(
        line for line in (root / "bench" / "RESULTS.md").read_text().splitlines() if line != "```"
    )
    assert printed in page
