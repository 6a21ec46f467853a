"""`make run` serves the site as a player meets it: with gunicorn (not Django's development server,
which warns against hosting with it), a mistyped address gets the site's own 404 in Russian (not
Django's English debug page), static files are compressed, PORT picks the port."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest

from tests.servers import free_port

ROOT = Path(__file__).resolve().parents[2]


def _get(url: str, **headers: str):
    req = urllib.request.Request(url, headers=headers)
    try:
        return urllib.request.urlopen(req, timeout=5)
    except urllib.error.HTTPError as exc:
        return exc


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``make run`` on a free port, what it prints in ``run.log`` and its access log (turned on
    with ``GUNICORN_ACCESS_LOG``, as a production server may) in ``access.log``."""
    tmp = tmp_path_factory.mktemp("run")
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp / 'run.sqlite3'}",
        "DJANGO_STATIC_ROOT": str(tmp / "static"),  # collected here, not into the work tree
    }
    env["GUNICORN_ACCESS_LOG"] = str(tmp / "access.log")
    env.pop("DJANGO_DEBUG", None)
    printed = (tmp / "run.log").open("wb")
    # -o: the install step is not redone here (the test runs inside the installed venv)
    proc = subprocess.Popen(
        ["make", "--no-print-directory", "-o", ".venv/.installed-stamp", "run", f"PORT={port}"],
        cwd=ROOT,
        env=env,
        stdout=printed,
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
                    raise AssertionError((tmp / "run.log").read_text()) from None
                time.sleep(0.2)
        else:
            raise AssertionError("make run did not answer on the port it was given")
        yield base, tmp / "run.log", tmp / "access.log"
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
        printed.close()


@pytest.fixture
def served(server):
    return server[0]


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


def _made(base: str, new: str, form: dict[str, str]) -> tuple[str, str]:
    """A match or a company made through its form: its (id, edit secret)."""
    page = _get(base + new)
    token = re.search(r"csrftoken=([^;]+)", page.headers.get("Set-Cookie", "")).group(1)  # type: ignore[union-attr]
    body = urlencode({**form, "csrfmiddlewaretoken": token}).encode()
    conn = http.client.HTTPConnection(urlsplit(base).hostname, urlsplit(base).port, timeout=10)
    headers = {"Cookie": f"csrftoken={token}", "Content-Type": "application/x-www-form-urlencoded"}
    conn.request("POST", new, body, headers)
    location = conn.getresponse().getheader("Location") or ""
    ident, secret = re.search(r"/[mc]/([^/]+)/e/([^/]+)/", location).groups()  # type: ignore[union-attr]
    return ident, secret


def _mangled(kind: str, i: str, s: str) -> list[str]:
    """Edit links as a phone, a chat app or a hand on a keyboard could mangle them."""
    return [
        f"/{kind}/{i}/e//{s}/",
        f"/{kind}/{i}/edit/{s}/",
        f"/{kind}/{i}/e/{s[:15]}/",
        f"/{kind}/{i}/e/{s[:8]}/",
        f"/{kind}/{i}/e/{s[:1]}/",
        f"/{kind}/{i}/E/{s}/",
        f"/{kind}/{i}/e/{s}/nonsense/",
        f"/{kind}/{i}/{s}/",
        f"/{kind}/{i}/e/e/{s}/",
        f"/{kind}/{i}//e/{s}/",
        f"/{kind}/{i}/edit/{s}",
        f"/{kind}/{i}/e/{s}.json",
        f"/{kind}/{i}/e/{s}%2F",
        f"/{kind}/{i}%2Fe%2F{s}/",
        f"/{kind}/{i}/e%2F{s}/",
        f"/{kind}/{i}/e/x/{s}/",
        f"/{kind}/{i}/e/-{s}/",
        f"/{kind}/{i}/e/{s[:15]}/hand/",
        f"/{kind}/{i}/e/{s};x/",
        f"/{kind.upper()}/{i}/E//{s}/",
        f"/{kind}/{i}/%65/{s[:12]}/",
        f"/{kind}/{i}/e/{s}/hand/{s}/",
        f"/{kind}/{i}/e/{s[:20]}/",
        f"/{kind}/{i}/e/{s}~/",
    ]


def test_a_mangled_edit_link_never_puts_its_secret_in_the_log(server) -> None:
    """30 shapes of the edit links of a match and of a company, asked and posted to: neither
    Django's lines nor gunicorn's access log show any 6 characters of either secret, and each
    404 there keeps the id and masks every segment after it."""
    base, printed, access = server
    match = _made(
        base, "/m/new/", {"variant": "classic-sixes", "team_0": "A", "team_1": "B", "first_dealer": "0"}
    )
    company = _made(base, "/c/new/", {"name": "X", "players": "", "time_zone": "Europe/Moscow"})
    shapes = _mangled("m", *match) + _mangled("c", *company)[:6]
    assert len(shapes) == 30
    host, port = urlsplit(base).hostname, urlsplit(base).port
    token = json.loads(_get(base + "/csrf/").read())["token"]
    posted = {"Cookie": f"csrftoken={token}", "X-CSRFToken": token}  # a post that reaches the view
    for n, path in enumerate(shapes):
        conn = http.client.HTTPConnection(host, port, timeout=10)
        post = n % 3 == 0
        conn.request(
            "POST" if post else "GET", path, headers={"Referer": base + path, **(posted if post else {})}
        )
        status = conn.getresponse().status
        assert status < 500, (path, status)
        conn.close()
    time.sleep(0.5)  # the access log is written after the answer
    logged = printed.read_text() + access.read_text()
    for _id, secret in (match, company):
        pieces = {secret[k : k + 6] for k in range(len(secret) - 5)}
        leaked = [p for p in pieces if p in logged]
        assert not leaked, (leaked, logged[-3000:])
    not_found = [
        line
        for line in logged.splitlines()
        if ("Not Found:" in line or '" 404 ' in line) and re.search(r"/[mcMC]/", line)
    ]
    assert len(not_found) >= 30
    for line in not_found:
        assert re.search(r"/[mcMC]/(?:[A-Za-z0-9_-]+|…)/…(?:[\s\"?]|$)", line), line
    assert f"/m/{match[0]}/…" in logged and f"/c/{company[0]}/…" in logged


def test_a_bad_number_in_an_edit_link_is_one_line_in_the_log(server) -> None:
    """A 400 for a number out of its bounds is the client's: one line, not a traceback."""
    base, printed, _access = server
    ident, secret = _made(
        base, "/m/new/", {"variant": "classic-sixes", "team_0": "A", "team_1": "B", "first_dealer": "0"}
    )
    for query in ("before=abc", "before=99999999999", "before=%D9%A7"):
        assert _get(f"{base}/m/{ident}/e/{secret}/history/?{query}").status == 400
    time.sleep(0.5)
    lines = [line for line in printed.read_text().splitlines() if ident in line or "numbers" in line]
    assert len(lines) == 3, lines
    assert all("/history/" in line and "before" in line for line in lines), lines
    assert "Traceback" not in printed.read_text()
