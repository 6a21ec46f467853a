"""The app in a real server process for the tests that need one: a free loopback port, a
migrated database, and a gunicorn started with the production config that is waited for and
stopped. Each xdist worker is a process of its own: nothing here is shared between workers."""

from __future__ import annotations

import atexit
import functools
import http.client
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]


def database_url() -> str:
    """The URL of this process's test database (its own under xdist), for a server started on
    it by a test that holds ``transactional_db`` (no transaction left open to hide its rows)."""
    from django.db import connection

    d = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{d['NAME']}"
    return (
        f"postgres://{d['USER']}:{d['PASSWORD']}@{d['HOST'] or 'localhost'}:{d['PORT'] or 5432}/{d['NAME']}"
    )


@functools.cache
def _migrated_template() -> Path:
    """One SQLite database migrated per test process (with the default settings), to copy."""
    where = Path(tempfile.mkdtemp(prefix="kozel-migrated."))
    atexit.register(shutil.rmtree, where, True)
    db = where / "db.sqlite3"
    env = {k: v for k, v in os.environ.items() if k != "KOZEL_CACHE_URL"} | {
        "DATABASE_URL": f"sqlite:///{db}"
    }
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    return db


def migrated_sqlite(path: Path) -> None:
    """A freshly migrated SQLite database at ``path``: a copy of the process's template (a migrate
    is a Python start and every migration; SQLite's backup copies it whole, WAL included)."""
    source, target = sqlite3.connect(_migrated_template()), sqlite3.connect(path)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()


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
    """Start one gunicorn worker with ``kozel_site/gunicorn.conf.py`` on a freshly migrated SQLite
    database in ``tmp_path`` (or on ``env``'s ``DATABASE_URL``, migrated first), its access log and
    static files in ``tmp_path`` (what it writes to stderr, the error log and the app's own log, in
    ``tmp_path / "server.log"``); wait until ``/healthz`` answers 200 and yield ``(port, access
    log)``; the server is stopped on the way out."""
    port = free_port()
    log = tmp_path / "access.log"
    full_env = {
        **os.environ,
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_ACCESS_LOG": str(log),
        "GUNICORN_WORKERS": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "DJANGO_STATIC_ROOT": str(tmp_path / "static"),
        **env,
    }
    manage = [sys.executable, "manage.py"]
    url = full_env["DATABASE_URL"]
    if url.startswith("sqlite:///") and not Path(url[10:]).exists() and not full_env.get("KOZEL_CACHE_URL"):
        # (with Redis for the cache the migration makes no table for the limits' counts)
        migrated_sqlite(Path(url[10:]))
    else:
        subprocess.run([*manage, "migrate", "--noinput", "-v0"], cwd=ROOT, env=full_env, check=True)
    if collectstatic:
        subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=full_env, check=True)
    server_log = (tmp_path / "server.log").open("ab")
    proc = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("gunicorn")),
            "-c",
            "kozel_site/gunicorn.conf.py",
            "kozel_site.wsgi:application",
        ],
        cwd=ROOT,
        env=full_env,
        stdout=server_log,
        stderr=server_log,
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
        server_log.close()


def _tool(name: str) -> str | None:
    """Debian's PostgreSQL binaries are versioned under /usr/lib/postgresql/<n>/bin."""
    found = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"), key=lambda p: int(p.parts[-3]))
    return str(found[-1]) if found else shutil.which(name)


def have_postgres_and_redis() -> bool:
    return bool(_tool("initdb") and _tool("pg_ctl") and shutil.which("redis-server"))


@contextmanager
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on a free loopback port, as scripts/pg.sh starts one;
    yields its URL, and stops and removes it on the way out."""
    port = free_port()
    # in /tmp itself, not pytest's private temporary directory: the postgres user must reach it
    data = Path(tempfile.mkdtemp(prefix="kozel-pg."))
    run_as: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        shutil.chown(data, "postgres", "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    quiet: dict = {"stdout": subprocess.DEVNULL, "check": True}
    ctl = [*run_as, str(_tool("pg_ctl")), "-D", f"{data}/d"]
    try:
        subprocess.run(
            [*run_as, str(_tool("initdb")), "-D", f"{data}/d", "-A", "trust", "-U", "postgres"], **quiet
        )
        options = f"-p {port} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -k {data}"
        subprocess.run([*ctl, "-l", f"{data}/log", "-w", "-o", options, "start"], **quiet)
        createdb = [str(_tool("createdb")), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "kozel"]
        subprocess.run([*run_as, *createdb], **quiet)
        yield f"postgres://postgres@127.0.0.1:{port}/kozel"
    finally:
        subprocess.run(
            [*ctl, "-m", "immediate", "stop"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        shutil.rmtree(data, ignore_errors=True)


def start_redis(port: int, directory: Path) -> None:
    """Debian's redis-server on ``port`` of the loopback, nothing written to disk; returns when it
    answers PING."""
    subprocess.run(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(directory),
            "--pidfile",
            str(directory / "redis.pid"),
            "--daemonize",
            "yes",
        ],
        stdout=subprocess.DEVNULL,
        check=True,
    )
    deadline = time.time() + 10
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return
        except OSError:
            pass
        assert time.time() < deadline, "redis-server did not start"
        time.sleep(0.1)


def stop_redis(url: str) -> None:
    """``SHUTDOWN NOSAVE``; returns once the port refuses connections. Nothing if it is stopped."""
    port = int(url.rsplit(":", 1)[1].split("/")[0])
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall(b"SHUTDOWN NOSAVE\r\n")
            s.recv(16)  # the server closes the connection as it goes
    except OSError:
        return
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            return
        time.sleep(0.05)
    raise AssertionError("redis-server did not stop")


@contextmanager
def redis(tmp_path: Path) -> Iterator[str]:
    """Debian's redis-server on a free loopback port, nothing written to disk; yields its URL
    (``stop_redis`` and ``start_redis`` stop and start it again within; it is stopped on the way
    out)."""
    port = free_port()
    start_redis(port, tmp_path)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        yield url
    finally:
        stop_redis(url)


class Phone:
    """One phone's cookies, sent to whichever server it reaches."""

    def __init__(self) -> None:
        self.cookies: dict[str, str] = {}

    def request(
        self, port: int, method: str, path: str, body: dict[str, str] | str | None = None, **headers: str
    ) -> tuple[int, dict[str, str], str]:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = body
        if isinstance(body, dict):
            data = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        text = resp.read().decode(errors="replace")
        for raw in resp.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(raw).items():
                self.cookies[name] = morsel.value
        hdrs = {k.lower(): v for k, v in resp.getheaders()}
        conn.close()
        return resp.status, hdrs, text


def csrf(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def field(page: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', page).group(1)  # type: ignore[union-attr]


def hand_lines(page: str) -> list[str]:
    """The recorded hands' numbers, as the hand list shows them."""
    return re.findall(r'<span class="hand-no">(\d+)</span>', page)
