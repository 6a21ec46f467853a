"""The site's gzip (kozel_site.middleware.GZipMiddleware): Django's behaviour at a lighter level."""

from __future__ import annotations

import gzip

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_a_page_is_gzipped_with_a_random_file_name_and_reads_back_whole(client: Client) -> None:
    sizes = set()
    for _ in range(6):
        resp = client.get("/", HTTP_ACCEPT_ENCODING="gzip, br")
        assert resp["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in resp["Vary"]
        assert int(resp["Content-Length"]) == len(resp.content)
        body = resp.content
        assert body[:2] == b"\x1f\x8b" and body[3] & gzip.FNAME  # the BREACH padding is there
        html = gzip.decompress(body).decode()
        assert html.startswith("<!doctype html>") and html.rstrip().endswith("</html>")
        sizes.add(len(body))
    assert len(sizes) > 1  # the padding's length varies


def test_without_gzip_in_accept_encoding_the_page_is_plain(client: Client) -> None:
    resp = client.get("/", HTTP_ACCEPT_ENCODING="identity")
    assert not resp.has_header("Content-Encoding")
    assert resp.content.decode().startswith("<!doctype html>")
    assert "Accept-Encoding" in resp["Vary"]


def test_a_short_answer_is_left_alone(client: Client) -> None:
    resp = client.get("/healthz", HTTP_ACCEPT_ENCODING="gzip")
    assert not resp.has_header("Content-Encoding")
