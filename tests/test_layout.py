"""The layout DESIGN.md asks for: platform/ is a source root, never a package,
so the standard library's `platform` module keeps working everywhere."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_platform_is_not_a_package():
    assert not (ROOT / "platform" / "__init__.py").exists()


def test_the_standard_platform_module_still_works_inside_the_project(settings):
    import platform

    import config.settings  # noqa: F401 - the project is loaded

    assert platform.system()
    assert Path(platform.__file__).parent != ROOT / "platform"


def test_every_game_app_has_a_pure_rules_engine():
    for game in ("coup", "koryo"):
        rules = ROOT / "games" / game / "rules"
        sources = [rules.with_suffix(".py")] if rules.with_suffix(".py").exists() else []
        sources += list(rules.glob("*.py")) if rules.is_dir() else []
        assert sources, game
        for source in sources:
            text = source.read_text()
            for forbidden in (
                "import django",
                "from django",
                "import random",
                "datetime.now",
                "time.time(",
            ):
                assert forbidden not in text, f"{source}: {forbidden}"


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
