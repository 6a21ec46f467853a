"""A real gunicorn with the production config never writes an edit secret to its access log."""

from __future__ import annotations

import logging
import urllib.error
import urllib.request
from pathlib import Path

from kozel_site.logging import StripSecretsFilter
from tests.servers import gunicorn

SECRET = "S3cretS3cretS3cretS3cretS3cretS3"


def test_access_log_masks_edit_secrets(tmp_path: Path) -> None:
    with gunicorn(tmp_path) as (port, log):
        url = f"http://127.0.0.1:{port}/m/abcdefgh/e/{SECRET}/?x=1"
        request = urllib.request.Request(url, headers={"Referer": f"http://x/m/abcdefgh/e/{SECRET}/"})
        try:
            urllib.request.urlopen(request, timeout=5)
        except urllib.error.HTTPError as err:
            assert err.code == 404
    text = log.read_text()
    assert "/m/abcdefgh/…" in text  # a 404: the id alone
    assert SECRET not in text


# a capital E (a 404), its percent-encodings, slashes encoded in either case: all the real secret
SHAPES = ["/m/abcdefgh/E/{s}/", "/m/abcdefgh/%45/{s}/", "/m/abcdefgh%2FE%2f{s}/", "/M/ABCDEFGH/e/{s}/"]


def test_access_log_masks_secrets_whatever_the_case(tmp_path: Path) -> None:
    with gunicorn(tmp_path) as (port, log):
        for shape in SHAPES:
            path = shape.format(s=SECRET)
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}{path}", headers={"Referer": f"http://x{path}"}
            )
            try:
                urllib.request.urlopen(request, timeout=5)
            except urllib.error.HTTPError as err:
                assert err.code == 404
    text = log.read_text()
    assert SECRET not in text and SECRET.lower() not in text
    assert text.count("…") >= 2 * len(SHAPES)


def test_django_log_lines_mask_secrets_whatever_the_case() -> None:
    for shape in SHAPES:
        record = logging.LogRecord(
            "django.request", logging.WARNING, "", 0, "Not Found: %s", (shape.format(s=SECRET),), None
        )
        StripSecretsFilter().filter(record)
        assert SECRET not in record.getMessage(), shape
