"""rules/stats/ is a library like the engine: no Django, nothing of the apps (ARCHITECTURE.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

STATS = Path(__file__).resolve().parents[2] / "rules" / "stats"
ALLOWED_RULES = ("rules.engine", "rules.stats")


def imported(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.append(node.module or "")
    return names


@pytest.mark.parametrize("path", sorted(STATS.rglob("*.py")), ids=lambda p: p.name)
def test_no_django_and_no_app_import(path: Path) -> None:
    for name in imported(path):
        top = name.split(".")[0]
        assert top not in {"django", "scorekeeper", "kozel_site"}, f"{path.name} imports {name}"
        if top == "rules":
            assert name.startswith(ALLOWED_RULES), f"{path.name} imports {name}"


def test_the_scan_sees_the_package() -> None:
    assert "openskill.models" in imported(STATS / "ratings.py")
    assert "rules.engine" in imported(STATS / "outcome.py")
