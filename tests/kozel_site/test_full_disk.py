"""SQLite on a disk that fills up and frees again, under a real gunicorn (one worker, two
threads, connections kept for DJANGO_DB_CONN_MAX_AGE as deployed): while full, writes are 503
and reads go on; once space returns the very next write succeeds (a fallback read-only
connection kept for a minute refused them); and no read ever shows fewer hands than an earlier
one (an ``immutable`` connection ignores the WAL, where the latest hands are). The disk is a
small tmpfs (mounting needs root; skipped otherwise)."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.servers import gunicorn


@contextmanager
def small_disk(size: str = "4m") -> Iterator[Path]:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small tmpfs needs root")
    where = Path(tempfile.mkdtemp(prefix="kozel-full-"))
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True
    )
    if done.returncode != 0:
        where.rmdir()
        pytest.skip(f"cannot mount a tmpfs: {done.stderr.decode()[:200]}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)
        where.rmdir()


def fill(disk: Path, name: str = "filler") -> Path:
    """Fill the disk to its last byte; returns the filler to delete."""
    filler = disk / name
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(fd, b"\0" * 4096):
            pass
    except OSError:
        pass
    finally:
        os.close(fd)
    return filler


def restart_workers(pidfile: Path, phone: Phone) -> None:
    """gunicorn's graceful reload (HUP): new workers, so new database connections."""
    master = int(pidfile.read_text())
    before = set(children(master))
    os.kill(master, signal.SIGHUP)
    deadline = time.time() + 30
    while not (set(children(master)) - before) or set(children(master)) & before:
        assert time.time() < deadline, "the workers were not replaced"
        time.sleep(0.1)
    assert phone.request("GET", "/healthz")[0] == 200


def children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


class Phone:
    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.version = 0

    def request(self, method: str, path: str, body: dict[str, Any] | None = None, **headers: str):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        hdrs = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **headers}
        data = None
        if body is not None:
            data = urlencode({**body, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")})
            hdrs["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, data, hdrs)
        resp = conn.getresponse()
        content = resp.read()
        for name, value in resp.getheaders():
            if name.lower() == "set-cookie":
                k, _, rest = value.partition("=")
                self.cookies[k.strip()] = rest.split(";", 1)[0]
        conn.close()
        return resp.status, content

    def start(self) -> str:
        self.request("GET", "/m/new/")
        form = {"variant": "voon-series", "team_0": "A", "team_1": "B", "first_dealer": "0"}
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        data = urlencode({**form, "csrfmiddlewaretoken": self.cookies["csrftoken"]})
        conn.request(
            "POST",
            "/m/new/",
            data,
            {
                "Cookie": f"csrftoken={self.cookies['csrftoken']}",
                "Content-Type": "application/x-www-form-urlencoded",
            },
        )
        resp = conn.getresponse()
        resp.read()
        assert resp.status == 302
        return resp.getheader("Location")

    def hand(self, edit: str, n: int) -> int:
        """One hand as the phone's outbox sends it (JSON answer with the new version)."""
        body = {"points_0": "60", "note": "н" * 200, "version": str(self.version), "nonce": f"full-{n}"}
        status, content = self.request("POST", edit + "hand/", body, **{"X-Kozel-Outbox": "1"})
        if status == 200:
            self.version = json.loads(content)["version"]
        return status

    def hands(self, view: str) -> int:
        status, content = self.request("GET", view + "export.json")
        assert status == 200, (status, content[:300])
        return len(json.loads(content)["hands"])


def start_server(tmp_path: Path, db: Path):
    pidfile = tmp_path / "gunicorn.pid"
    env = {
        "DATABASE_URL": f"sqlite:///{db}",
        "GUNICORN_THREADS": "2",
        "GUNICORN_CMD_ARGS": f"--pid {pidfile}",
    }
    return gunicorn(tmp_path, env), pidfile


def test_writes_go_on_as_soon_as_space_returns(tmp_path: Path) -> None:
    """The server starts on a full disk: its connection cannot make the WAL's index, so it reads
    only. Once space returns the next write is stored (that connection was kept a minute)."""
    with small_disk() as disk:
        db = disk / "db.sqlite3"
        server, _pidfile = start_server(tmp_path, db)
        with server as (port, _log):
            phone = Phone(port)
            edit = phone.start()
            view = "/m/" + edit.split("/")[2] + "/"
            assert phone.hand(edit, 0) == 200
            restart_workers(_pidfile, phone)  # the connection closed: -wal and -shm are gone
            assert sorted(p.name for p in disk.iterdir()) == ["db.sqlite3"]
            filler = fill(disk)
            assert phone.hands(view) == 1  # reads go on
            assert phone.request("GET", edit)[0] == 200
            assert phone.hand(edit, 1) == 503
            filler.unlink()
            assert phone.hand(edit, 2) == 200, "the first write after space returned was refused"
            assert phone.hands(view) == 2


def test_no_read_shows_fewer_hands_than_an_earlier_one(tmp_path: Path) -> None:
    """Hands in the WAL, the disk full, the worker killed and the WAL's index gone with it: a new
    worker cannot make the index, and an ``immutable`` read would not see the WAL's hands."""
    with small_disk() as disk:
        db = disk / "db.sqlite3"
        server, pidfile = start_server(tmp_path, db)
        with server as (port, _log):
            phone = Phone(port)
            edit = phone.start()
            view = "/m/" + edit.split("/")[2] + "/"
            for n in range(6):
                assert phone.hand(edit, n) == 200
            seen = [phone.hands(view)]
            assert seen == [6] and (disk / "db.sqlite3-wal").stat().st_size > 0
            filler = fill(disk)
            master = int(pidfile.read_text())
            for worker in children(master):
                os.kill(worker, signal.SIGKILL)
            deadline = time.time() + 30
            while not children(master):
                assert time.time() < deadline, "gunicorn did not start a new worker"
                time.sleep(0.1)
            (disk / "db.sqlite3-shm").unlink(missing_ok=True)
            more = fill(disk, "more")  # the index's room too
            for _ in range(4):
                status, content = phone.request("GET", view + "export.json")
                assert status in (200, 503), status
                if status == 200:
                    seen.append(len(json.loads(content)["hands"]))
            assert phone.hand(edit, 50) == 503
            filler.unlink()
            more.unlink()
            assert phone.hand(edit, 51) == 200
            seen.append(phone.hands(view))
        assert all(a <= b for a, b in zip(seen, seen[1:], strict=False)), seen
        assert seen[-1] == 7
