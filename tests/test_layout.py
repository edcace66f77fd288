"""The layout DESIGN.md asks for: platform/ is a source root, never a package,
so the standard library's `platform` module keeps working everywhere."""

import ast
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from games import registry

ROOT = Path(__file__).resolve().parents[1]


def test_platform_is_not_a_package():
    assert not (ROOT / "platform" / "__init__.py").exists()


def test_the_standard_platform_module_still_works_inside_the_project(settings):
    import platform

    import config.settings  # noqa: F401 - the project is loaded

    assert platform.system()
    assert Path(platform.__file__).parent != ROOT / "platform"


# -- the rules engines are pure (DESIGN.md, "Layers") ------------------------------

# Standard-library modules an engine may not import, and why: randomness comes
# from the Rng kept in the state, and an engine reads nothing but its arguments.
IMPURE_MODULES = {
    **dict.fromkeys(("random", "secrets", "uuid"), "randomness outside the state's Rng"),
    **dict.fromkeys(("time", "datetime", "calendar", "zoneinfo", "sched"), "the clock"),
    **dict.fromkeys(
        (
            "os",
            "sys",
            "io",
            "pathlib",
            "shutil",
            "tempfile",
            "glob",
            "fileinput",
            "logging",
            "sqlite3",
            "dbm",
            "shelve",
            "socket",
            "ssl",
            "select",
            "selectors",
            "urllib",
            "http",
            "smtplib",
            "subprocess",
            "multiprocessing",
            "threading",
            "concurrent",
            "asyncio",
            "signal",
            "ctypes",
            "mmap",
            "importlib",
            "builtins",
        ),
        "input or output",
    ),
}
# Built-ins that read or write outside the state, or import by name.
IMPURE_CALLS = ("open", "input", "print", "exec", "eval", "compile", "__import__", "breakpoint")
# The first-party modules every engine may import besides its own rules.
SHARED_MODULES = ("games.engine", "games.words")


def _rules_packages() -> dict[str, str]:
    """The rules module or package of every registered game, by slug: the
    engine is `<app>.rules.ENGINE` (games/apps.py)."""
    from django.apps import apps

    return {
        entry.slug: apps.get_containing_app_config(type(entry.engine).__module__).name + ".rules"
        for entry in registry.all_games()
    }


def _sources(name: str) -> dict[str, str]:
    """The source of a module, or of every module of a package, by module
    name; a package's own module is named `<package>.__init__`."""
    import importlib.util

    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin, name
    origin = Path(spec.origin)
    if origin.name != "__init__.py":
        return {name: origin.read_text()}
    return {
        ".".join((name, *path.relative_to(origin.parent).with_suffix("").parts)): path.read_text()
        for path in sorted(origin.parent.rglob("*.py"))
    }


def _import_problem(name: str, own: str) -> str | None:
    """What is wrong with a module of `own` importing `name`, if anything."""
    top = name.split(".")[0]
    if name in SHARED_MODULES or name == own or name.startswith(own + "."):
        return None
    if top == "games":
        return f"imports {name}: only its own rules and {', '.join(SHARED_MODULES)}"
    if top not in sys.stdlib_module_names:
        return f"imports {name}: Django, the platform or a package outside the standard library"
    if top in IMPURE_MODULES:
        return f"imports {name}: {IMPURE_MODULES[top]}"
    return None


def _imported_from(module: str, node: ast.ImportFrom) -> str:
    """The absolute name of the module a `from ... import` reads from."""
    if not node.level:
        return node.module or ""
    # Relative imports count from the module's package (a package's own
    # module is named <package>.__init__, so this is the package itself).
    package = module.split(".")[:-1]
    package = package[: len(package) - (node.level - 1)]
    return ".".join([*package, *([node.module] if node.module else [])])


def impurities(own: str, sources: Mapping[str, str]) -> list[str]:
    """Every import or call in these modules that an engine may not make, as
    "module:line: what"; `own` is the rules module or package they belong to."""
    found = []
    for module, text in sources.items():
        shown = module.removesuffix(".__init__")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _imported_from(module, node)
                allowed = _import_problem(base, own) is None
                names = [base] if allowed else [f"{base}.{alias.name}" for alias in node.names]
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in IMPURE_CALLS
            ):
                found.append(f"{shown}:{node.lineno}: calls {node.func.id}()")
                continue
            else:
                continue
            for name in names:
                problem = _import_problem(name, own)
                if problem:
                    found.append(f"{shown}:{node.lineno}: {problem}")
    return found


# What a board's templates and tags may not do: spell a piece's name (the
# view carries it, made by the game's pieces module) or branch on a move's
# action (its record says what a board needs of it).
ARRANGE_ONLY = ('piece tv "', 'acts:"', "|at:", '["action"]')


def _drawing_files() -> list[Path]:
    return [
        *ROOT.glob("games/*/templates/**/*.html"),
        *ROOT.glob("games/*/templatetags/*.py"),
        *ROOT.glob("platform/*/templates/**/*.html"),
        *ROOT.glob("platform/*/templatetags/*.py"),
    ]


def arrange_only_faults(files: list[Path]) -> list[str]:
    return [
        f"{path.parent.name}/{path.name}:{n}: {bad}"
        for path in files
        for n, line in enumerate(path.read_text().splitlines(), start=1)
        for bad in ARRANGE_ONLY
        if bad in line
    ]


def test_templates_and_tags_spell_no_piece_name_and_branch_on_no_action():
    files = _drawing_files()
    assert len(files) > 20
    assert arrange_only_faults(files) == []


def test_the_arrange_only_check_finds_a_planted_piece_name(tmp_path):
    planted = ROOT / "games" / "coup" / "templates" / "coup" / "board.html"
    text = planted.read_text() + '{% piece tv "deck" %}x{% endpiece %}\n'
    copy = tmp_path / "board.html"
    copy.write_text(text)
    lines = len(text.splitlines())
    assert arrange_only_faults([copy]) == [f'{tmp_path.name}/board.html:{lines}: piece tv "']


def test_every_registered_game_has_a_rules_engine_of_its_own():
    packages = _rules_packages()
    assert set(packages) >= {"coup", "koryo", "seasons", "troyes"}
    for slug, package in packages.items():
        engine_module = type(registry.get(slug).engine).__module__
        assert engine_module == package or engine_module.startswith(package + "."), slug


def test_no_rules_engine_imports_django_a_clock_io_or_the_global_random():
    """Every module of every registered game's rules may import the standard
    library but its clock, files, network and global random; its own modules;
    games.engine and games.words. Nothing else, and it calls no open() or
    print()."""
    found = {
        slug: impurities(package, _sources(package)) for slug, package in _rules_packages().items()
    }
    assert found == {slug: [] for slug in found}


def test_the_modules_every_engine_shares_are_pure_too():
    for name in SHARED_MODULES:
        assert impurities(name, _sources(name)) == [], name


PLANTS = [
    "import django",
    "from django.db import transaction",
    "from tables.models import Table",
    "from {app}.models import *",
    "from .. import models",
    "import random",
    "from random import shuffle",
    "import time",
    "from datetime import datetime",
    "import os.path",
    "from pathlib import Path",
    "import requests",
    "print(1)",
    "open('cards.json')",
]


@pytest.mark.parametrize("plant", PLANTS)
def test_the_purity_check_finds_a_planted_violation_in_every_game(plant):
    """The check above, run on each game's real modules with one line added."""
    for slug, package in _rules_packages().items():
        sources = _sources(package)
        # Planted in the module that defines the engine, after its imports.
        target = type(registry.get(slug).engine).__module__
        target = target if target in sources else f"{target}.__init__"
        app = package.removesuffix(".rules")
        planted = dict(sources)
        planted[target] = sources[target] + "\n" + plant.format(app=app) + "\n"
        found = impurities(package, planted)
        line_no = planted[target].count("\n")
        assert [f for f in found if f":{line_no}: " in f], (slug, plant, found)


def test_importing_the_rules_engines_loads_neither_django_nor_the_platform():
    """Importing every engine in a fresh interpreter loads only the standard
    library and the games' pure modules (their packages' own __init__ too)."""
    packages = sorted(_rules_packages().values())
    code = (
        "import sys; before = set(sys.modules)\n"
        "for name in sys.argv[1:]: __import__(name)\n"
        "print(*sorted(set(sys.modules) - before))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, *packages], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr  # an engine that needs Django set up fails here
    loaded = run.stdout.split()
    assert any(name.startswith(packages[0]) for name in loaded)
    apps = {package.removesuffix(".rules") for package in packages}
    allowed = {"games", *SHARED_MODULES, *apps}
    offenders = [
        name
        for name in loaded
        if name not in allowed
        and not any(name == p or name.startswith(p + ".") for p in packages)
        and (name.startswith("games.") or name.split(".")[0] not in sys.stdlib_module_names)
    ]
    assert offenders == []


# -- how the apps depend on each other ---------------------------------------------

# Every package under platform/ (a new app is checked as soon as it exists),
# and the games.
FIRST_PARTY = (
    *sorted(p.name for p in (ROOT / "platform").iterdir() if (p / "__init__.py").exists()),
    "games",
)


def _module_files() -> dict[str, Path]:
    files = {}
    for base in (ROOT / "platform", ROOT):
        for path in base.rglob("*.py"):
            rel = path.relative_to(base)
            if rel.parts[0] not in FIRST_PARTY or "migrations" in rel.parts:
                continue
            name = ".".join(rel.with_suffix("").parts)
            files[name.removesuffix(".__init__")] = path
    return files


def _imports() -> dict[str, set[str]]:
    """Every first-party module each module imports, at its top or inside a
    function: a late import still ties the two modules together."""
    import ast

    files = _module_files()
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                targets = [
                    f"{node.module}.{alias.name}"
                    if f"{node.module}.{alias.name}" in files
                    else node.module
                    for alias in node.names
                ]
            else:
                continue
            found.update(t for t in targets if t in files and t != name)
        graph[name] = found
    return graph


def test_the_notifications_app_is_imported_by_nothing_it_depends_on():
    # Emails follow what happens at tables (tables.events), never the other way.
    offenders = [
        (name, target)
        for name, targets in _imports().items()
        if name.split(".")[0] in ("accounts", "tables", "games")
        for target in targets
        if target.startswith("notifications")
    ]
    assert offenders == []


def test_no_modules_import_each_other_in_a_circle():
    graph = _imports()
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        path.append(name)
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                cycles.append([*path[path.index(target) :], target])
            elif target not in state:
                visit(target)
        path.pop()
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)
    assert cycles == [], "\n".join(" → ".join(c) for c in cycles)


# -- tests, benchmarks and what they share -----------------------------------------

# Tests and benchmarks run the site from outside with what harness/ holds, and
# never import each other, so that either can change without the other; a
# test of a benchmark's own code (tests/test_bench_*.py) imports what it tests.
# The site (platform/ and games/) imports none of the three.
TOOLS = ("tests", "bench", "harness")
MAY_NOT_IMPORT = {
    "tests": {"bench"},
    "bench": {"tests"},
    "harness": {"tests", "bench"},
    "site": set(TOOLS),
}


def _owner(path: Path) -> str:
    """tests, bench, harness, or site, for a file relative to ROOT."""
    return path.parts[0] if path.parts[0] in TOOLS else "site"


def _tool_sources() -> dict[Path, str]:
    """Every Python file of the site, the tests, the benchmarks and harness/,
    by its path relative to ROOT."""
    tops = [ROOT / "platform", ROOT / "games", *(ROOT / top for top in TOOLS)]
    return {
        path.relative_to(ROOT): path.read_text()
        for top in tops
        for path in sorted(top.rglob("*.py"))
    }


def crossings(sources: Mapping[Path, str]) -> list[str]:
    """Every import, at a module's top or inside a function, of a package its
    file may not import, as "path:line: imports name"."""
    found = []
    for path, text in sources.items():
        owner = _owner(path)
        forbidden = set(MAY_NOT_IMPORT[owner])
        if owner == "tests" and path.name.startswith("test_bench_"):
            forbidden.discard("bench")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            else:
                continue
            found += [
                f"{path}:{node.lineno}: imports {name}"
                for name in names
                if name.split(".")[0] in forbidden
            ]
    return found


def test_tests_and_benchmarks_share_harness_and_do_not_import_each_other():
    assert crossings(_tool_sources()) == []


@pytest.mark.parametrize(
    ("path", "plant"),
    [
        ("bench/load.py", "from tests.conftest import start_table"),
        ("bench/capacity/browser.py", "import tests.support.sse"),
        ("tests/live/test_pages.py", "from bench.capacity.browser import read_board"),
        ("tests/conftest.py", "import bench.load"),
        ("harness/sse.py", "from tests.support.sse import open_stream"),
        ("harness/processes.py", "from bench.load import percentile"),
        ("games/engine.py", "from harness.processes import free_port"),
        ("platform/config/settings.py", "import tests.support.seeds"),
    ],
)
def test_the_import_check_finds_a_planted_crossing(path, plant):
    sources = _tool_sources()
    path = Path(path)
    sources[path] += "\n\ndef later():\n    " + plant + "\n"
    line_no = sources[path].count("\n")
    assert crossings(sources) == [f"{path}:{line_no}: imports {plant.split()[1]}"]


def test_a_test_of_a_benchmark_may_import_it():
    path = Path("tests/test_bench_capacity.py")
    source = _tool_sources()[path]
    assert "from bench.capacity" in source
    assert crossings({path: source}) == []
    # The same lines in any other test are refused.
    assert crossings({Path("tests/live/test_capacity.py"): source})
