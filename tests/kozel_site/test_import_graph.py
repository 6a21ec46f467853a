"""The project's layers (ARCHITECTURE.md), checked over every import of every module, the ones
inside functions too: no import circles, no private name (``_x``) imported from another module,
and ``kozel_site`` on top (neither app nor ``common`` imports it). ``common`` imports neither
app; the engine imports nothing of the project outside itself."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("common", "rules", "scorekeeper", "kozel_site")


def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the project by dotted name: its file and whether it is a package."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


MODULES = modules()


def imports(name: str) -> list[tuple[str, str | None]]:
    """(module imported, name taken from it or None) for every import in module ``name``."""
    path, is_package = MODULES[name]
    here = name.split(".") if is_package else name.split(".")[:-1]
    out: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(a.name, None) for a in node.names if a.name in MODULES]
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            target = (
                ".".join(base + ([node.module] if node.module else [])) if node.level else node.module or ""
            )
            for a in node.names:
                if f"{target}.{a.name}" in MODULES:
                    out.append((f"{target}.{a.name}", None))
                elif target in MODULES:
                    out.append((target, a.name))
    return out


GRAPH = {name: {target for target, _name in imports(name)} for name in MODULES}


def circles() -> list[list[str]]:
    """The graph's strongly connected parts of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1 or v in GRAPH[v]:
                found.append(sorted(part))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return found


def test_the_scan_sees_the_project() -> None:
    assert len(MODULES) > 60
    assert "scorekeeper.services" in GRAPH["scorekeeper.views.board"]
    assert "scorekeeper.snapshots" in GRAPH["scorekeeper.selectors.board"]


def test_no_import_circles() -> None:
    assert circles() == []


def test_a_circle_would_be_found() -> None:
    GRAPH["scorekeeper.log"].add("scorekeeper.services")
    try:
        assert any("scorekeeper.log" in part for part in circles())
    finally:
        GRAPH["scorekeeper.log"].discard("scorekeeper.services")


def test_no_private_name_is_imported_from_another_module() -> None:
    taken = [
        f"{name} imports {target}.{what}"
        for name in MODULES
        for target, what in imports(name)
        if what is not None and what.startswith("_") and not what.startswith("__")
    ]
    assert taken == []


def test_no_private_module_of_a_library_is_imported() -> None:
    """Django's ``_functions`` and the like change without notice between releases: the
    project uses what the libraries document."""
    private = []
    for name, (path, _is_package) in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            found = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                found = [node.module]
            for module in found:
                if module.split(".")[0] not in PACKAGES and any(
                    part.startswith("_") and not part.startswith("__") for part in module.split(".")
                ):
                    private.append(f"{name} imports {module}")
    assert private == []


@pytest.mark.parametrize(
    ("below", "never"),
    [
        ("common", ("rules", "scorekeeper", "kozel_site")),
        ("rules", ("scorekeeper", "kozel_site")),
        ("scorekeeper", ("kozel_site",)),
        ("rules.engine", ("common", "rules.", "scorekeeper", "kozel_site")),
        # inside rules: the analysis under the referee and the API, the pages (views) on top
        ("rules.analysis", ("rules.api", "rules.referee", "rules.sheets", "rules.views")),
        ("rules.referee", ("rules.api", "rules.sheets", "rules.views")),
        ("rules.sheets", ("rules.analysis", "rules.api", "rules.views")),
        ("rules.api", ("rules.referee", "rules.sheets", "rules.views")),
        ("scorekeeper.log", ("scorekeeper.snapshots", "scorekeeper.selectors", "scorekeeper.services")),
        ("scorekeeper.snapshots", ("scorekeeper.selectors", "scorekeeper.services", "scorekeeper.views")),
        ("scorekeeper.selectors", ("scorekeeper.services", "scorekeeper.presenters", "scorekeeper.views")),
        ("scorekeeper.services", ("scorekeeper.presenters", "scorekeeper.views")),
        ("scorekeeper.presenters", ("scorekeeper.services", "scorekeeper.views")),
        ("scorekeeper.company.selectors", ("scorekeeper.company.services", "scorekeeper.company.views")),
        ("scorekeeper.company.services", ("scorekeeper.company.views", "scorekeeper.views")),
    ],
)
def test_each_layer_imports_only_those_below_it(below: str, never: tuple[str, ...]) -> None:
    inside = [name for name in MODULES if name == below or name.startswith(below + ".")]
    assert inside
    wrong = [
        f"{name} imports {target}"
        for name in inside
        for target in GRAPH[name]
        if not target.startswith(below)
        and any(target == n.rstrip(".") or target.startswith(n) for n in never)
    ]
    assert wrong == []


def test_the_scorekeeper_never_imports_the_company_app() -> None:
    """The company reads matches; the scorekeeper knows nothing of companies (the company's
    AppConfig connects its signals)."""
    wrong = [
        f"{name} imports {target}"
        for name in MODULES
        if name.startswith("scorekeeper") and not name.startswith("scorekeeper.company")
        for target in GRAPH[name]
        if target.startswith("scorekeeper.company")
    ]
    assert wrong == []
