"""A real gunicorn with the production config never writes an edit secret to its access log."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECRET = "S3cretS3cretS3cretS3cretS3cretS3"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_access_log_masks_edit_secrets(tmp_path: Path) -> None:
    port = _free_port()
    log = tmp_path / "access.log"
    env = {
        **os.environ,
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_ACCESS_LOG": str(log),
        "GUNICORN_WORKERS": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    gunicorn = Path(sys.executable).with_name("gunicorn")
    proc = subprocess.Popen(
        [str(gunicorn), "-c", "kozel_site/gunicorn.conf.py", "kozel_site.wsgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.time() + 20
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):  # a busy machine: not up yet
                assert time.time() < deadline, "gunicorn did not start"
                time.sleep(0.2)
        url = f"http://127.0.0.1:{port}/m/abcdefgh/e/{SECRET}/?x=1"
        request = urllib.request.Request(url, headers={"Referer": f"http://x/m/abcdefgh/e/{SECRET}/"})
        try:
            urllib.request.urlopen(request, timeout=5)
        except urllib.error.HTTPError as err:
            assert err.code == 404
    finally:
        proc.terminate()
        proc.wait(10)
    text = log.read_text()
    assert "/m/abcdefgh/e/…" in text
    assert SECRET not in text
