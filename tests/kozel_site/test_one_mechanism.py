"""One mechanism per concern, checked over the source: htmx's headers are read through
django-htmx's ``request.htmx``, numbers in a request through ``common.numbers``."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ("common", "rules", "scorekeeper", "kozel_site")


def sources(*packages: str) -> dict[str, str]:
    out = {}
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                out[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    return out


def found(pattern: str, *packages: str) -> list[str]:
    rx = re.compile(pattern)
    return [
        f"{name}:{n}: {line.strip()}"
        for name, text in sources(*packages).items()
        for n, line in enumerate(text.splitlines(), 1)
        if rx.search(line)
    ]


RAW_HTMX = r"""headers(?:\.get\(|\[)\s*["'](?i:hx-)|META(?:\.get\(|\[)\s*["']HTTP_HX_"""


def test_htmx_headers_are_read_through_request_htmx() -> None:
    """Only a ``Vary`` may name an htmx header; everything else asks ``request.htmx``."""
    assert found(RAW_HTMX, *APPS) == []
    for raw in (
        'htmx = request.headers.get("HX-Request") == "true"',
        "target = request.headers['hx-target']",
        'request.META.get("HTTP_HX_REQUEST")',
        'request.META["HTTP_HX_TARGET"]',
    ):
        assert re.search(RAW_HTMX, raw), raw
    assert not re.search(RAW_HTMX, 'patch_vary_headers(response, ("HX-Request",))')


def test_numbers_in_a_request_are_read_by_common_numbers() -> None:
    assert found(r"\bint\(\s*request\.", *APPS) == []


def test_nothing_is_stashed_on_a_model_instance() -> None:
    """A value a write or a read passes on (a correction's plan, the rows read beside a match)
    is a value handed over, not an attribute set on the model: ``setattr`` on one, or a
    ``prefetched`` beside its fields, is refused."""
    assert found(r"setattr\(\s*(match|company|entry|line)\b|\.prefetched\b|_kozel_ahead", *APPS) == []


def test_one_name_per_thing() -> None:
    """No two classes of the project share a name (the scorekeeper's hand form and the
    referee's were both HandForm; a stored Line and a replayed one): but Django's own
    conventions, a management command and a migration, named by their modules."""
    seen: dict[str, list[str]] = {}
    for name, text in sources("common", "rules", "scorekeeper", "kozel_site").items():
        for found_class in re.findall(r"^class (\w+)", text, re.M):
            seen.setdefault(found_class, []).append(name)
    twice = {k: v for k, v in seen.items() if len(v) > 1 and k not in ("Command", "Migration")}
    assert twice == {}
