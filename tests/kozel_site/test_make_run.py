"""`make run` serves the site as a player meets it: with gunicorn (not Django's development server,
which warns against hosting with it), a mistyped address gets the site's own 404 in Russian (not
Django's English debug page), static files are compressed, PORT picks the port."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.servers import free_port

ROOT = Path(__file__).resolve().parents[2]


def _get(url: str, **headers: str):
    req = urllib.request.Request(url, headers=headers)
    try:
        return urllib.request.urlopen(req, timeout=5)
    except urllib.error.HTTPError as exc:
        return exc


@pytest.fixture
def served(tmp_path):
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'run.sqlite3'}",
        "DJANGO_STATIC_ROOT": str(tmp_path / "static"),  # collected here, not into the work tree
    }
    env.pop("DJANGO_DEBUG", None)
    # -o: the install step is not redone here (the test runs inside the installed venv)
    proc = subprocess.Popen(
        ["make", "--no-print-directory", "-o", ".venv/.installed-stamp", "run", f"PORT={port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1)
                break
            except OSError:
                if proc.poll() is not None:
                    raise AssertionError(proc.stdout.read().decode()) from None
                time.sleep(0.2)
        else:
            raise AssertionError("make run did not answer on the port it was given")
        yield base
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)


def test_make_run_on_a_chosen_port_shows_the_sites_own_russian_404_and_compressed_static(served):
    resp = _get(served + "/no-such-page/")
    assert resp.status == 404
    assert resp.headers.get("Server") == "gunicorn"  # runserver answers "WSGIServer/… CPython/…"
    html = resp.read().decode()
    assert '<html lang="ru">' in html and "Не найдено" in html
    assert "Page not found" not in html and "URLconf" not in html  # not the debug page
    home = _get(served + "/").read().decode()
    css = next(part.split('"')[0] for part in home.split('href="')[1:] if part.split('"')[0].endswith(".css"))
    assert css.startswith("/static/") and css != "/static/kozel/app.css"  # fingerprinted
    resp = _get(served + css, **{"Accept-Encoding": "gzip"})
    assert resp.status == 200
    assert resp.headers.get("Content-Encoding") in ("gzip", "br")
