"""The repository carries everything it cites.

Comments, docstrings, templates and docs cite a rule-sheet section (``classic-sixes#scoring``),
a decision code, or a file of this repository (``docs/rules.md#following``); never a document
that a reader who clones the repository does not have, and never an issue number.
"""

from __future__ import annotations

import re

from rules.engine import DECISIONS
from rules.engine.variants import ALL_VARIANTS
from tests.kozel_site.repo import ROOT, repo_files

TEXT = (".py", ".html", ".js", ".css", ".md", ".sh", ".toml", ".yaml", ".yml", ".cfg", "Makefile")
FILE_REF = re.compile(r"(?<![\w/.*-])((?:[\w.-]+/)*[\w-]+\.(?:md|py|html|js|css|sh|toml|ya?ml|cfg))\b(?!\()")
SHEET_REF = re.compile(r"(?<![\w/-])(" + "|".join(map(re.escape, ALL_VARIANTS)) + r")#([a-z][a-z0-9_-]*)")
DOC_REF = re.compile(r"\b(docs/[\w-]+\.md)#([a-z][a-z0-9-]*)")
ISSUE = re.compile(r"\bissues? #?\d+|\bissue #", re.IGNORECASE)
OUTSIDE = re.compile(r"§\s?\d|\bseeds?[ /]0\d\d|\b(?:RULES|STYLE|UX|BRIEF)\.md\b")


FILES = repo_files()
SOURCES = [f for f in FILES if f.endswith(TEXT) and f != "tests/kozel_site/test_references.py"]


def ids(template: str) -> set[str]:
    html = (ROOT / "rules/templates/rules" / template).read_text(encoding="utf-8")
    return set(re.findall(r'\bid="([a-z][a-z0-9-]*)"', html))


def sheet_anchors() -> dict[str, set[str]]:
    """Each variant's sections: the sheet's (rules/sheet.html) and those its own words add."""
    return {key: ids("sheet.html") | ids(f"sheets/{key}.html") for key in ALL_VARIANTS}


def doc_anchors(path: str) -> set[str]:
    text = (ROOT / path).read_text(encoding="utf-8")
    return {
        re.sub(r"[^a-z0-9 -]", "", h.lower()).strip().replace(" ", "-")
        for h in re.findall(r"^#+ (.+)$", text, re.M)
    }


def exists(ref: str) -> bool:
    """A path of the repository, or the tail of one (``scorekeeper/match.html`` is a template)."""
    return any(f == ref or f.endswith("/" + ref) for f in FILES)


def problems(path: str, text: str) -> list[str]:
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if "://" in line:
            line = re.sub(r"\w+://\S+", "", line)  # a web address is not a file of ours
        for m in OUTSIDE.finditer(line):
            out.append(f"{path}:{n} cites a text outside the repository: {m.group(0)!r}")
        for m in ISSUE.finditer(line):
            out.append(f"{path}:{n} names an issue: {m.group(0)!r}")
        for m in FILE_REF.finditer(line):
            if not exists(m.group(1)):
                out.append(f"{path}:{n} cites a file that is not in the repository: {m.group(1)!r}")
        for m in SHEET_REF.finditer(line):
            if m.group(2) not in SHEET_ANCHORS[m.group(1)]:
                out.append(f"{path}:{n} cites a rule-sheet section that does not exist: {m.group(0)!r}")
        for m in DOC_REF.finditer(line):
            if exists(m.group(1)) and m.group(2) not in doc_anchors(m.group(1)):
                out.append(f"{path}:{n} cites a heading that {m.group(1)} does not have: {m.group(0)!r}")
        for m in re.finditer(r"DECISIONS ([a-z]+_[a-z_]+(?:, [a-z]+_[a-z_]+)*)", line):
            for code in m.group(1).split(", "):
                if code not in DECISIONS:
                    out.append(f"{path}:{n} cites a decision that does not exist: {code!r}")
    return out


SHEET_ANCHORS = sheet_anchors()


def test_every_reference_is_in_the_repository() -> None:
    assert len(SOURCES) > 100  # the scan sees the repository
    found = [p for path in SOURCES for p in problems(path, (ROOT / path).read_text(encoding="utf-8"))]
    assert found == []


def test_the_rule_sheet_has_its_section_anchors() -> None:
    assert {
        "deck",
        "trumps",
        "winning",
        "points",
        "following",
        "leading",
        "scoring",
        "redeal",
    } <= SHEET_ANCHORS["classic-sixes"]
    assert "prikup" in SHEET_ANCHORS["yc-duel"]  # a section of one variant's own words
    assert "prikup" not in SHEET_ANCHORS["classic-sixes"]


def test_the_check_can_fail() -> None:
    text = (
        "# see RULES.md §2.1 and issue 4\n"
        "# classic-sixes#nowhere, docs/rules.md#nowhere, notes/missing.md\n"
        "# DECISIONS no_such_decision\n"
        "# classic-sixes#scoring, docs/rules.md#following, DECISIONS tails, rules/engine/scoring.py\n"
    )
    found = problems("x.py", text)
    assert len(found) == 8, found  # RULES.md is both outside and not a file of ours
    assert all(":4 " not in p for p in found)
