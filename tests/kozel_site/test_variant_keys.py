"""Variant behaviour is data: the code never asks a variant its name.

Everything a variant does differently is a field or hook of its ruleset
(``rules/engine/variants.py``, the registry). A variant key may appear as a string only there,
in the tests, as the key of a per-variant data table (names, blurbs) and as the name of a
variant's own sheet template (its words, ``rules/sheets/<variant>.html``); never in a
comparison, a default, a template or a script the browser runs.
"""

from __future__ import annotations

import ast
import re

from rules.engine.variants import ALL_VARIANTS
from tests.kozel_site.repo import ROOT, repo_files

REGISTRY = "rules/engine/variants.py"
# Per-variant data tables: each key names a variant; nothing there decides a rule.
DATA_TABLES = {"rules/messages.py"}
SHEETS = ROOT / "rules/templates/rules/sheets"  # each variant's own words: <key>.html
KEYS = frozenset(ALL_VARIANTS)  # the four-seat games and the short-handed tables


def app_files(*suffixes: str) -> list[str]:
    return [
        f
        for f in repo_files()
        if f.endswith(suffixes) and not f.startswith(("tests/", "scripts/")) and f != REGISTRY
    ]


def key_literals(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and n.value in KEYS]


def misplaced_keys(path: str, source: str | None = None) -> list[str]:
    """Variant keys in a Python file outside the keys of a data table (dict keys and the
    ``scope`` tuples of a table row)."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8") if source is None else source)
    allowed: set[int] = set()
    if path in DATA_TABLES:
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values, strict=True):
                    if k is not None:
                        allowed.update(id(n) for n in ast.walk(k))
                    if isinstance(k, ast.Constant) and k.value == "scope":
                        allowed.update(id(n) for n in ast.walk(v))
    return sorted(
        f"{path}:{n.lineno} {n.value!r}"
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and n.value in KEYS and id(n) not in allowed
    )


def test_python_never_names_a_variant() -> None:
    files = app_files(".py")
    assert len(files) > 30  # the scan sees the app
    assert [hit for path in files for hit in misplaced_keys(path)] == []


def test_no_comparison_with_a_variant_key() -> None:
    compared = []
    for path in app_files(".py"):
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        compared += [
            f"{path}:{n.lineno}" for n in ast.walk(tree) if isinstance(n, ast.Compare) and key_literals(n)
        ]
    assert compared == []


def test_templates_and_scripts_never_name_a_variant() -> None:
    files = app_files(".html", ".js", ".css")
    assert len(files) > 10
    found = []
    for path in files:
        text = (ROOT / path).read_text(encoding="utf-8")
        found += [f"{path} {k}" for k in sorted(KEYS) if re.search(rf"[\"']{re.escape(k)}[\"']", text)]
    assert found == []


def test_the_data_tables_name_only_registered_variants() -> None:
    from rules import messages

    for table in (messages.VARIANT_NAMES, messages.VARIANT_BLURBS):
        assert set(table) <= KEYS


def test_every_variant_and_only_a_variant_has_its_sheet_template() -> None:
    own = {p.stem for p in SHEETS.glob("*.html") if not p.name.startswith("_")}
    assert own == KEYS


def test_the_scan_finds_a_key_where_it_does_not_belong() -> None:
    """The check itself can fail: a comparison or a default is caught; a table key only
    passes inside a data-table module."""
    code = 'TABLE = {"yc-belka": 1}\nif rs.key == "yc-belka":\n    pass\nDEFAULT = "draw-four"\n'
    assert misplaced_keys("rules/views/pages.py", code) == [
        "rules/views/pages.py:1 'yc-belka'",
        "rules/views/pages.py:2 'yc-belka'",
        "rules/views/pages.py:4 'draw-four'",
    ]
    assert misplaced_keys("rules/messages.py", code) == [
        "rules/messages.py:2 'yc-belka'",
        "rules/messages.py:4 'draw-four'",
    ]
