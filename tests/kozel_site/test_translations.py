"""Russian is complete: every message of every catalogue has a Russian translation."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted(p for p in ROOT.glob("*/locale/ru/LC_MESSAGES/django.po") if ".venv" not in p.parts) + [
    ROOT / "locale" / "ru" / "LC_MESSAGES" / "django.po",
    ROOT / "locale" / "ru" / "LC_MESSAGES" / "djangojs.po",  # the scripts' (static/, /jsi18n/)
]
ENTRY = re.compile(
    r'((?:#[^\n]*\n)*)(?:msgctxt "[^\n]*"\n)?msgid ((?:"(?:[^"\\]|\\.)*"\s*)+)(?:msgid_plural (?:"(?:[^"\\]|\\.)*"\s*)+)?'
    r'((?:msgstr(?:\[\d\])? (?:"(?:[^"\\]|\\.)*"\s*)+)+)'
)


def _entries(path: Path) -> list[tuple[str, str, str]]:
    out = []
    for m in ENTRY.finditer(path.read_text(encoding="utf-8")):
        comments, msgid, msgstr = m.group(1), m.group(2), m.group(3)
        flags = " ".join(line for line in comments.splitlines() if line.startswith("#,"))
        msgid_text = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', msgid))
        strs = re.findall(r'msgstr(?:\[\d\])? ((?:"(?:[^"\\]|\\.)*"\s*)+)', msgstr)
        values = ["".join(re.findall(r'"((?:[^"\\]|\\.)*)"', s)) for s in strs]
        out.append((flags, msgid_text, min(values, key=len)))
    return out


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_message_has_a_russian_translation(path: Path) -> None:
    assert path.exists()
    entries = [e for e in _entries(path) if e[1]]
    assert entries, "the catalogue is empty"
    untranslated = [msgid for _flags, msgid, msgstr in entries if not msgstr]
    fuzzy = [msgid for flags, msgid, _msgstr in entries if "fuzzy" in flags]
    assert not untranslated, f"untranslated: {untranslated[:10]}"
    assert not fuzzy, f"fuzzy: {fuzzy[:10]}"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_compiled_catalogue_is_not_older_than_its_source(path: Path) -> None:
    mo = path.with_suffix(".mo")
    assert mo.exists(), "run `make messages` (compilemessages)"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_msgfmt_check_is_clean(path: Path) -> None:
    """``msgfmt -c`` says nothing: every plural entry has the header's four Russian forms, the
    formats match their msgid, the header is filled in."""
    if not shutil.which("msgfmt"):
        pytest.skip("GNU gettext is not installed")
    out = subprocess.run(["msgfmt", "-c", "-o", os.devnull, str(path)], capture_output=True, text=True)
    assert out.returncode == 0 and out.stderr == "", out.stderr


# Everything the app ships to the player: the code gettext reads, and the catalogues.
SHIPPED = ("manage.py", "kozel_site", "common", "rules", "scorekeeper", "templates", "locale")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the app with its catalogues brought up to date from the code by makemessages
    (xgettext, then msgmerge into the existing translations): a string in the code that the
    catalogue lacks comes out untranslated."""
    if not (shutil.which("xgettext") and shutil.which("msgmerge")):
        pytest.skip("GNU gettext is not installed")
    copy = tmp_path_factory.mktemp("app")
    for name in SHIPPED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
        else:
            shutil.copy2(src, copy / name)
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "kozel_site.settings"}
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "ru", "--no-obsolete", "-v", "0"],
        cwd=copy,
        check=True,
        env=env,
    )
    # the scripts' catalogue, from the project's own scripts (not the vendored libraries)
    shutil.copytree(ROOT / "static", copy / "static", ignore=shutil.ignore_patterns("vendor", "*.min.js"))
    subprocess.run(
        [
            sys.executable,
            "manage.py",
            "makemessages",
            "-d",
            "djangojs",
            "-l",
            "ru",
            "--no-obsolete",
            "-v",
            "0",
        ],
        cwd=copy,
        check=True,
        env=env,
    )
    return copy


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_string_in_the_code_is_in_the_catalogue(extracted: Path, path: Path) -> None:
    fresh = extracted / path.relative_to(ROOT)
    entries = [e for e in _entries(fresh) if e[1]]
    assert len(entries) >= len([e for e in _entries(path) if e[1]]) * 0.9  # the copy was extracted
    untranslated = [msgid for _flags, msgid, msgstr in entries if not msgstr]
    fuzzy = [msgid for flags, msgid, _msgstr in entries if "fuzzy" in flags]
    assert not untranslated, f"in the code, not translated (run `make messages`): {untranslated[:10]}"
    assert not fuzzy, f"fuzzy after the merge: {fuzzy[:10]}"


def test_no_text_is_chosen_by_language_in_code() -> None:
    """One mechanism: no ``{"ru": …, "en": …}`` table and no ``lang() == "ru"`` branch in the app."""
    found = []
    for path in sorted(ROOT.glob("*/**/*.py")):
        rel = path.relative_to(ROOT)
        if rel.parts[0] not in SHIPPED or "migrations" in rel.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                if {"ru", "en"} <= keys:
                    found.append(f"{rel}:{node.lineno} a ru/en table")
            if isinstance(node, ast.Compare):
                consts = [n.value for n in ast.walk(node) if isinstance(n, ast.Constant)]
                if "ru" in consts or "en" in consts:
                    found.append(f"{rel}:{node.lineno} a branch on the language")
    assert found == []
