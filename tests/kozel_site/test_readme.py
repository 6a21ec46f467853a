"""The README and docs/api.md tell the truth: the API examples give the answers printed beside
them, the README's two set-up commands are the Makefile's, and the README stays a front door."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
API = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```api-example\n(.*?)```", API, re.S)
# the review by what was seen: its two examples need the worker between them (tests/api/test_seen_doc.py)
SEEN = "/api/v1/analyse/seen"
ALONE = [b for b in BLOCKS if SEEN not in b.split("\n", 1)[0]]


def _parse(block: str) -> tuple[str, str, Any, int, Any]:
    lines = block.strip().splitlines()
    method, path = lines[0].split()
    arrow = next(i for i, line in enumerate(lines) if line.startswith("→"))
    body = json.loads("\n".join(lines[1:arrow])) if arrow > 1 else None
    status, _, expected = lines[arrow][1:].strip().partition(" ")
    return method, path, body, int(status), json.loads(expected)


def _contains(actual: Any, expected: Any, where: str = "") -> None:
    if isinstance(expected, dict):
        assert isinstance(actual, dict), where
        for key, value in expected.items():
            assert key in actual, f"{where}.{key} missing"
            _contains(actual[key], value, f"{where}.{key}")
    elif isinstance(expected, list) and expected:
        assert isinstance(actual, list) and len(actual) >= len(expected), where
        for i, value in enumerate(expected):
            _contains(actual[i], value, f"{where}[{i}]")
    else:
        assert actual == expected, f"{where}: {actual!r} != {expected!r}"


def test_the_api_doc_has_examples_for_every_endpoint() -> None:
    paths = {re.sub(r"/[0-9a-f]{64}$", "/<id>", _parse(b)[1]) for b in BLOCKS}
    assert paths == {
        "/api/v1/variants",
        "/api/v1/trick",
        "/api/v1/deal",
        "/api/v1/score",
        "/api/v1/analyse",
        "/api/v1/analyse/seen",
        "/api/v1/analyse/seen/<id>",
        "/api/v1/stats",
    }


def test_the_api_doc_names_the_engine_s_node_budget() -> None:
    from rules.engine import NODE_BUDGET

    section = API.split("## `POST /api/v1/analyse`", 1)[1].split("\n## ", 1)[0]
    assert f"{NODE_BUDGET:,}" in section and "too_complex" in section


@pytest.mark.parametrize("block", ALONE, ids=[f"{i}-{_parse(b)[1]}" for i, b in enumerate(ALONE)])
def test_api_doc_example(block: str, client: Client) -> None:
    method, path, body, status, expected = _parse(block)
    if method == "GET":
        resp = client.get(path)
    else:
        resp = client.post(path, json.dumps(body), content_type="application/json")
    assert resp.status_code == status, resp.content
    _contains(resp.json(), expected)


def test_readme_names_the_two_commands_of_the_makefile() -> None:
    quick = README.split("## Quick start", 1)[1].split("##", 1)[0]
    commands = re.findall(r"^make (\w+)", quick, re.M)
    assert commands == ["run", "test"]
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^run:", makefile, re.M) and re.search(r"^test:", makefile, re.M)
    assert "make test" in (ROOT / ".ci" / "run").read_text()


def test_the_readme_is_a_front_door() -> None:
    """What the app does, the two commands, the pages, configuration and links: the manuals
    live in docs/, each linked from the README."""
    assert len(README.splitlines()) < 300
    for doc in ("docs/api.md", "docs/offline.md", "docs/operations.md", "ARCHITECTURE.md"):
        assert f"]({doc}" in README and (ROOT / doc).is_file(), doc
