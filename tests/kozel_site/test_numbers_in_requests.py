"""A number in a request is read by ``common.numbers`` only (ARCHITECTURE.md): no module of the
app turns a value of the request into an ``int`` itself, where «١٢», «１２» or ten thousand digits
would pass or fail as ``int()`` likes."""

from __future__ import annotations

import re

import pytest

from tests.kozel_site.repo import ROOT, repo_files

BARE = re.compile(r"\bint\(\s*(self\.)?request\.")


@pytest.mark.parametrize("package", ["common", "rules", "scorekeeper", "kozel_site"])
def test_no_module_reads_a_number_of_the_request_with_int(package: str) -> None:
    found = [
        f"{path}:{n}"
        for path in repo_files()
        if path.startswith(package + "/") and path.endswith(".py")
        for n, line in enumerate((ROOT / path).read_text(encoding="utf-8").splitlines(), 1)
        if BARE.search(line)
    ]
    assert found == []


def test_the_scan_finds_a_bare_int() -> None:
    assert BARE.search('        declared = int(request.META.get("CONTENT_LENGTH") or 0)')
    assert BARE.search("before = int(request.GET.get('before', ''))")
    assert not BARE.search("before = number(request.GET.get('before'), 'before', 0, 10)")
