"""What a log line keeps of a path under a match or a company (kozel_site.logging): the id, the
words of the site's own URLs, small numbers; never a secret or a piece of one, and for a 404 the
id alone. The server's own log is checked in tests/kozel_site/test_make_run.py."""

from __future__ import annotations

import logging
import re

import pytest
from django.urls import URLPattern, get_resolver

from kozel_site.logging import WORDS, StripSecretsFilter, mask_paths

SECRET = "2vweXe2V7n0iovadYg5tw56mUY7ahefc"


def test_every_word_of_the_match_and_company_urls_is_kept() -> None:
    found = set()
    for prefix in ("m/", "c/"):
        include = next(p for p in get_resolver().url_patterns if str(p.pattern) == prefix)
        for pattern in include.url_patterns:  # type: ignore[attr-defined]
            assert isinstance(pattern, URLPattern)
            for part in re.split(r"/", re.sub(r"<[^>]+>", "", str(pattern.pattern))):
                if part and part != ".png":  # evening/<day>.png: the date is kept by its shape
                    found.add(part)
    assert found <= WORDS, found - WORDS


@pytest.mark.parametrize(
    ("logged", "kept"),
    [
        (f"/m/abc/e/{SECRET}/kon/12/dispute/", "/m/abc/e/…/kon/12/dispute/"),
        (f"/m/abc/edit/{SECRET}/", "/m/abc/…/…/"),
        (f"/m/abc/e/{SECRET[:9]}/", "/m/abc/e/…/"),
        (f"/c/abc/e/{SECRET}/new-match/?player_0=A", "/c/abc/e/…/new-match/?player_0=A"),
        (f'"GET /m/abc%2Fe%2F{SECRET}/ HTTP/1.1"', '"GET /m/…/ HTTP/1.1"'),
        (f"https://kozel.example.org/m/abc/e/{SECRET}/", "https://kozel.example.org/m/abc/e/…/"),
        ("/c/abc/evening/2025-03-01.png", "/c/abc/evening/2025-03-01.png"),
        ("/m/new/", "/m/new/"),
        ("/static/scorekeeper/c/x.css", "/static/scorekeeper/c/x.css"),
    ],
)
def test_a_path_keeps_its_words_and_masks_the_rest(logged: str, kept: str) -> None:
    assert mask_paths(logged) == kept


def test_a_404_keeps_the_id_alone_in_djangos_line() -> None:
    record = logging.LogRecord(
        "django.request", logging.WARNING, "", 0, "Not Found: %s", (f"/m/abc/e/x/{SECRET}/hand/",), None
    )
    record.status_code = 404
    StripSecretsFilter().filter(record)
    assert record.getMessage() == "Not Found: /m/abc/…"
