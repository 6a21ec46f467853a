"""The app in a real server process for the tests that need one: a free loopback port, and a
gunicorn started with the production config that is waited for and stopped."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def gunicorn(
    tmp_path: Path,
    env: Mapping[str, str] = {},
    *,
    collectstatic: bool = False,
    probe_headers: Mapping[str, str] = {},
    start_within: float = 30,
) -> Iterator[tuple[int, Path]]:
    """Migrate a fresh SQLite database in ``tmp_path``, start one gunicorn worker with
    ``kozel_site/gunicorn.conf.py`` and its access log in ``tmp_path``, wait until ``/healthz``
    answers 200, and yield ``(port, access log)``; the server is stopped on the way out."""
    port = free_port()
    log = tmp_path / "access.log"
    full_env = {
        **os.environ,
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_ACCESS_LOG": str(log),
        "GUNICORN_WORKERS": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        **env,
    }
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], cwd=ROOT, env=full_env, check=True)
    if collectstatic:
        subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=full_env, check=True)
    proc = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("gunicorn")),
            "-c",
            "kozel_site/gunicorn.conf.py",
            "kozel_site.wsgi:application",
        ],
        cwd=ROOT,
        env=full_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.time() + start_within
        while True:
            try:  # a busy machine: not up yet is an OSError (refused or timed out)
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
                conn.request("GET", "/healthz", headers=dict(probe_headers))
                if conn.getresponse().status == 200:
                    break
            except OSError:
                pass
            assert time.time() < deadline, "gunicorn did not start"
            time.sleep(0.2)
        yield port, log
    finally:
        proc.terminate()
        proc.wait(10)
