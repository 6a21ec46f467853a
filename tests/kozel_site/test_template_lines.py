"""Templates stay readable: no line of a project template is longer than 160 characters."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 160
SKIP = {".venv", ".git", "node_modules", "staticfiles", "htmlcov"}


def templates() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.html") if not SKIP.intersection(p.relative_to(ROOT).parts))


def test_the_project_has_templates_to_check() -> None:
    found = {p.relative_to(ROOT).as_posix() for p in templates()}
    assert {
        "templates/base.html",
        "scorekeeper/templates/scorekeeper/_entry.html",
        "rules/templates/rules/deal.html",
    } <= found


def test_no_template_line_is_over_160_characters() -> None:
    long = [
        f"{path.relative_to(ROOT)}:{n}: {len(line)} characters"
        for path in templates()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if len(line) > LIMIT
    ]
    assert not long, "template lines over 160 characters (break between attributes):\n" + "\n".join(long)
