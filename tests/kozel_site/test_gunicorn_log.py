"""A real gunicorn with the production config never writes an edit secret to its access log."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

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
    assert "/m/abcdefgh/e/…" in text
    assert SECRET not in text
