"""Mutation testing: how many small changes to important code the tests notice.

Runs cosmic-ray over the platform's move, sweep and outbox code, the chat,
replays and players' code, and each engine's view and legal-move code, and
prints the mutation score (killed ÷ mutants run) per module, then the mutants
that survived.

    .venv/bin/python -m bench.mutants [--sample 30] [--seed 16] [--only services,outbox]

cosmic-ray is a tool for developers, not a dependency of the site or of its
test suite, so this command installs its pinned version into the virtualenv
when it is missing (`pip install cosmic-ray==8.7.0`).

Every module has a mutant count in the hundreds and each mutant runs pytest
once, so a run takes a seeded sample of each module's mutants (`--sample`,
0 for all) and runs, for each module, only the tests that guard it, stopping
at the first failure. The mutants are made in a copy of the tree (in a
temporary folder), never in the working tree. Tests run on their own database,
$DATABASE_URL with "_mutants_<module>" appended to its name (created once,
then reused), so runs over different modules (`--only`) can go side by side.
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL = "cosmic-ray==8.7.0"

# Operators whose mutants are mostly equivalent or absurd for this code (bit
# shifts and powers of numbers that are never combined that way).
SKIPPED_OPERATORS = [
    r"core/ReplaceBinaryOperator_.*_(Pow|RShift|LShift|BitOr|BitAnd|BitXor|FloorDiv|Mod)$",
    r"core/ReplaceBinaryOperator_(Pow|RShift|LShift|BitOr|BitAnd|BitXor|FloorDiv|Mod)_.*",
    r"core/ReplaceComparisonOperator_.*_(Is|IsNot)$",
    r"core/RemoveDecorator",
]


@dataclass(frozen=True)
class Target:
    name: str
    path: str
    tests: tuple[str, ...]
    # Only mutants inside these functions or methods (None: the whole module).
    functions: tuple[str, ...] | None = None


TARGETS = [
    Target(
        "tables/services",
        "platform/tables/services/moves.py",
        (
            "tests/tables",
            "tests/clocks/test_sweep.py",
            "tests/clocks/test_sweep_branches.py",
            "tests/clocks/test_deadlines.py",
        ),
    ),
    Target(
        "clocks/sweep",
        "platform/clocks/sweep.py",
        ("tests/clocks/test_sweep.py", "tests/clocks/test_sweep_branches.py"),
    ),
    Target(
        "notifications/outbox",
        "platform/notifications/outbox.py",
        ("tests/notifications/test_emails.py", "tests/notifications/test_outbox_rules.py"),
    ),
    Target(
        "notifications/delivery",
        "platform/notifications/delivery.py",
        ("tests/notifications/test_emails.py", "tests/notifications/test_outbox_rules.py"),
    ),
    Target(
        "chat/access",
        "platform/chat/access.py",
        (
            "tests/chat/test_reading.py",
            "tests/chat/test_writing.py",
            "tests/chat/test_reports.py",
            "tests/chat/test_history.py",
        ),
    ),
    Target("chat/selectors", "platform/chat/selectors.py", ("tests/chat",)),
    Target("chat/services", "platform/chat/services.py", ("tests/chat",)),
    Target("chat/views", "platform/chat/views.py", ("tests/chat",)),
    Target("replays/selectors", "platform/replays/selectors.py", ("tests/replays",)),
    Target("replays/states", "platform/replays/states.py", ("tests/replays",)),
    Target("replays/turns", "platform/replays/turns.py", ("tests/replays",)),
    Target(
        "players/selectors",
        "platform/players/selectors.py",
        ("tests/players", "tests/web/test_lobby.py"),
    ),
    Target("players/ratings", "platform/players/ratings.py", ("tests/players",)),
    Target(
        "coup view",
        "games/coup/rules/engine.py",
        ("tests/coup/test_secrets.py", "tests/coup/test_interface.py"),
        ("view", "public_pending", "public_reveal"),
    ),
    Target(
        "coup legal moves",
        "games/coup/rules/choices.py",
        (
            "tests/coup/test_legality.py",
            "tests/coup/test_actions.py",
            "tests/coup/test_challenges.py",
            "tests/coup/test_factions.py",
        ),
        ("distinct", "legal_moves", "turn_moves", "convert_moves"),
    ),
    Target(
        "seasons view",
        "games/seasons/rules/engine.py",
        (
            "tests/seasons/test_secrets.py",
            "tests/seasons/test_rules.py",
            "tests/web/test_seasons_page.py",
            "tests/seasons/test_view_edges.py",
        ),
        ("card_view", "view", "_die_view", "_player_view", "_choice_view"),
    ),
    Target(
        "seasons legal moves",
        "games/seasons/rules/flow.py",
        (
            "tests/seasons/test_rules.py",
            "tests/seasons/test_cards.py",
            "tests/seasons/test_moves_edges.py",
        ),
        (
            "legal_moves",
            "_draft_moves",
            "_sets_moves",
            "_die_moves",
            "_least_die",
            "_main_moves",
            "_keep_moves",
            "_exchange_moves",
        ),
    ),
    Target(
        "troyes view",
        "games/troyes/rules/engine.py",
        (
            "tests/troyes/test_secrets.py",
            "tests/web/test_troyes_page.py",
            "tests/troyes/test_view_edges.py",
        ),
        ("view", "_build_view", "_card_view", "_event_card_view", "_character_view"),
    ),
    Target(
        "troyes legal moves",
        "games/troyes/rules/choices.py",
        (
            "tests/troyes/test_actions.py",
            "tests/troyes/test_round.py",
            "tests/troyes/test_cards.py",
            "tests/troyes/test_defence_edges.py",
        ),
        (
            "legal_moves",
            "_placement_moves",
            "_influence_moves",
            "_defence_moves",
            "_startable",
            "_some_die_fits",
            "_choose_moves",
            "_markers",
            "_staffings",
            "_supervisor_sources",
            "_build_moves",
        ),
    ),
    Target(
        "koryo view",
        "games/koryo/rules/engine.py",
        ("tests/koryo/test_secrets.py", "tests/koryo/test_protocol.py"),
        ("view", "_player_view", "_pending_view"),
    ),
    Target(
        "koryo card view",
        "games/koryo/rules/cards.py",
        ("tests/koryo/test_secrets.py", "tests/koryo/test_protocol.py"),
        ("card_view", "public_kind"),
    ),
    Target(
        "koryo legal moves",
        "games/koryo/rules/choices.py",
        (
            "tests/koryo/test_actions.py",
            "tests/koryo/test_orders.py",
            "tests/koryo/test_end_of_round.py",
            "tests/koryo/test_majorities.py",
            "tests/koryo/test_protocol.py",
        ),
        (
            "legal_moves",
            "order_moves",
            "action_moves",
            "_barbarian_targets",
            "_lobby_seats",
            "_lobby_targets",
            "event_moves",
            "discard_moves",
            "_step_actions",
        ),
    ),
    Target(
        "koryo one card per kind",
        "games/koryo/rules/table.py",
        (
            "tests/koryo/test_actions.py",
            "tests/koryo/test_orders.py",
            "tests/koryo/test_end_of_round.py",
            "tests/koryo/test_protocol.py",
        ),
        ("first_of_each_kind",),
    ),
]


def ensure_tool() -> Path:
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "cosmic-ray").exists():
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", TOOL],
            check=True,
        )
    return bin_dir


def copy_tree(into: Path) -> Path:
    """The tracked and new files of the working tree, as they are now."""
    files = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    for name in files:
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    return into


def function_lines(path: Path, names: tuple[str, ...]) -> list[tuple[int, int]]:
    """The line ranges of the top-level functions and methods with these names."""
    tree = ast.parse(path.read_text())
    ranges = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in names:
            ranges.append((node.lineno, node.end_lineno or node.lineno))
    return ranges


def test_command(target: Target, bin_dir: Path) -> str:
    return (
        f"{bin_dir / 'python'} -m pytest -x -q -p no:cacheprovider"
        f" --reuse-db -o addopts= {' '.join(target.tests)}"
    )


def write_config(target: Target, config: Path, bin_dir: Path) -> None:
    command = test_command(target, bin_dir)
    excluded = ", ".join(f"'{pattern}'" for pattern in SKIPPED_OPERATORS)
    config.write_text(
        "[cosmic-ray]\n"
        f'module-path = "{target.path}"\n'
        "timeout = 300.0\n"
        "excluded-modules = []\n"
        f'test-command = "{command}"\n'
        "[cosmic-ray.distributor]\n"
        'name = "local"\n'
        "[cosmic-ray.filters.operators-filter]\n"
        f"exclude-operators = [{excluded}]\n"
    )


def select(session: Path, target: Target, workdir: Path, sample: int, seed: int) -> int:
    """Skip the mutants outside the target's functions, then all but a sample."""
    from cosmic_ray.work_db import use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    ranges = function_lines(workdir / target.path, target.functions) if target.functions else None
    skip = WorkResult(output="Not in the sample", worker_outcome=WorkerOutcome.SKIPPED)
    with use_db(str(session)) as db:
        pending = list(db.pending_work_items)
        if ranges is not None:
            inside = []
            for item in pending:
                line = item.mutations[0].start_pos[0]
                if any(low <= line <= high for low, high in ranges):
                    inside.append(item)
                else:
                    db.set_result(item.job_id, skip)
            pending = inside
        pending.sort(key=lambda item: item.job_id)
        if sample and len(pending) > sample:
            keep = set(random.Random(seed).sample(range(len(pending)), sample))
            for index, item in enumerate(pending):
                if index not in keep:
                    db.set_result(item.job_id, skip)
            return sample
        return len(pending)


def results(session: Path) -> tuple[int, int, list[str]]:
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    killed, survived, report = 0, 0, []
    with use_db(str(session), WorkDB.Mode.open) as db:
        for item, result in db.completed_work_items:
            if result.worker_outcome == WorkerOutcome.SKIPPED:
                continue
            if result.test_outcome == TestOutcome.SURVIVED:
                survived += 1
                mutation = item.mutations[0]
                report.append(
                    f"{mutation.module_path}:{mutation.start_pos[0]} {mutation.operator_name}\n"
                    + (result.diff or "")
                )
            else:
                killed += 1
    return killed, survived, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=30, help="mutants per module (0: all)")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--only", default="", help="comma-separated module names")
    parser.add_argument("--survivors", default="", help="write the surviving diffs to this file")
    args = parser.parse_args()

    bin_dir = ensure_tool()
    database = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tabletop")
    only = {name.strip() for name in args.only.split(",") if name.strip()}
    targets = [t for t in TARGETS if not only or any(word in t.name for word in only)]

    rows, survivors = [], []
    with tempfile.TemporaryDirectory(prefix="mutants-") as scratch:
        workdir = copy_tree(Path(scratch) / "tree")
        for number, target in enumerate(targets):
            config = Path(scratch) / f"{number}.toml"
            session = Path(scratch) / f"{number}.sqlite"
            write_config(target, config, bin_dir)
            # A database of its own per module: two runs can go side by side.
            slug = "".join(ch if ch.isalnum() else "_" for ch in target.name)
            env = {**os.environ, "DATABASE_URL": f"{database}_mutants_{slug}"}
            started = time.monotonic()

            def run(*command: str, env: dict = env) -> None:
                subprocess.run(command, cwd=workdir, env=env, check=True)

            # The unchanged code must pass, or every mutant would count as killed.
            baseline = subprocess.run(
                test_command(target, bin_dir).split(), cwd=workdir, env=env, capture_output=True
            )
            if baseline.returncode != 0:
                sys.exit(
                    f"{target.name}: the tests fail without any mutant:\n"
                    + baseline.stdout.decode()[-3000:]
                )

            run(str(bin_dir / "cosmic-ray"), "init", str(config), str(session))
            run(str(bin_dir / "cr-filter-operators"), str(session), str(config))
            count = select(session, target, workdir, args.sample, args.seed)
            run(str(bin_dir / "cosmic-ray"), "exec", str(config), str(session))
            killed, survived, report = results(session)
            seconds = time.monotonic() - started
            rows.append((target.name, count, killed, survived, seconds))
            survivors += report
            print(
                f"{target.name}: {killed} of {killed + survived} killed ({seconds:.0f} s)",
                flush=True,
            )

    print()
    print("| module | mutants run | killed | survived | score |")
    print("|---|---|---|---|---|")
    for name, _count, killed, survived, _seconds in rows:
        total = killed + survived
        score = f"{100 * killed / total:.0f}%" if total else "n/a"
        print(f"| {name} | {total} | {killed} | {survived} | {score} |")
    if survivors:
        text = "\n".join(survivors)
        if args.survivors:
            Path(args.survivors).write_text(text)
            print(f"\n{len(survivors)} surviving mutant(s) written to {args.survivors}")
        else:
            print("\nSurviving mutants:\n" + text)


if __name__ == "__main__":
    main()
