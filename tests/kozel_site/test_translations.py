"""Russian is complete: every message of every catalogue has a Russian translation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted(p for p in ROOT.glob("*/locale/ru/LC_MESSAGES/django.po") if ".venv" not in p.parts) + [
    ROOT / "locale" / "ru" / "LC_MESSAGES" / "django.po"
]
ENTRY = re.compile(
    r'(#,[^\n]*\n)?(?:#[^\n]*\n)*msgid ((?:"(?:[^"\\]|\\.)*"\s*)+)(?:msgid_plural (?:"(?:[^"\\]|\\.)*"\s*)+)?'
    r'((?:msgstr(?:\[\d\])? (?:"(?:[^"\\]|\\.)*"\s*)+)+)'
)


def _entries(path: Path) -> list[tuple[str, str, str]]:
    out = []
    for m in ENTRY.finditer(path.read_text(encoding="utf-8")):
        flags, msgid, msgstr = m.group(1) or "", m.group(2), m.group(3)
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
