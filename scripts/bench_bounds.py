#!/usr/bin/env python
"""`make bench`, second part: a match at its bound (scorekeeper.bounds, 1,000 hands), and what
one hand writes to SQLite's WAL.

- gunicorn with kozel_site/gunicorn.conf.py (2 workers x 2 threads), DJANGO_ENV=production, on
  a loopback port, against a throwaway SQLite database (WAL) or ``--database-url``;
- a correction of hand 1 of a match at 1,000 hands (every later hand replayed and its line
  rewritten), its history page and both exports, each timed over HTTP ``--rounds`` times, one
  request at a time: targets 150 ms for the correction, 100 ms for the rest (the median;
  the p95 printed beside);
- WAL bytes per hand (SQLite): hands with a 200-character note recorded on a match of 20 and of
  1,000 hands, the WAL checkpointed away before and auto-checkpointing off meanwhile, so its size
  is what the hands wrote; the frames are attributed to the tables and indexes they hold
  (SQLite's dbstat). Target: a hand at 1,000 writes no more than a hand at 20 (x1.1).

Every target prints PASS or MISS with the machine's load average; ``--strict`` exits 1 on a MISS.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import os
import re
import secrets
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
BIN = Path(sys.executable).parent

CORRECTION_MS, READ_MS, WAL_GROWTH = 150, 100, 1.1
WAL_HANDS = 20  # hands recorded per WAL measurement


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


# ------------------------------------------------------------------------------- the WAL


def wal_frames(wal: Path) -> tuple[int, list[int]]:
    """The WAL's page size and the page number of each frame in it."""
    data = wal.read_bytes() if wal.exists() else b""
    if len(data) < 32:
        return 4096, []
    page_size = struct.unpack(">I", data[8:12])[0]
    pages, at = [], 32
    while at + 24 + page_size <= len(data):
        pages.append(struct.unpack(">I", data[at : at + 4])[0])
        at += 24 + page_size
    return page_size, pages


def wal_per_hand(db: Path, hands_before: int) -> tuple[float, Counter[str]]:
    """Bytes one hand writes to the WAL on a match of ``hands_before`` hands, and the pages per
    hand by the table or index they belong to."""
    from django.db import connection
    from django.test import Client

    from scripts.bound_fixture import NOTE, make_match

    _view, edit = make_match(hands_before)
    phone = Client(HTTP_HOST="127.0.0.1")
    version = hands_before
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    wal = Path(f"{db}-wal")
    assert wal_frames(wal)[1] == [], "the WAL was not emptied"
    for i in range(WAL_HANDS):
        resp = phone.post(
            edit + "hand/", {"points_0": "60", "note": NOTE, "version": str(version), "nonce": f"wal-{i}"}
        )
        assert resp.status_code == 302, (resp.status_code, resp.content[:300])
        version += 1
    size = wal.stat().st_size
    _page_size, pages = wal_frames(wal)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pageno, name FROM dbstat")
        owner = dict(cursor.fetchall())
        cursor.execute("PRAGMA wal_autocheckpoint=1000")
    held = Counter(owner.get(p, "(free list)") for p in pages)
    return (size - 32) / WAL_HANDS, Counter({k: v / WAL_HANDS for k, v in held.items()})


# ------------------------------------------------------------------------------- over HTTP


class Http:
    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, body: str | None = None) -> tuple[float, int, bytes]:
        headers = {"Host": "127.0.0.1", "Accept-Encoding": "gzip"}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Cookie"] = f"csrftoken={CSRF}"
        t0 = time.perf_counter()
        self.conn.request(method, path, body, headers)
        resp = self.conn.getresponse()
        content = resp.read()
        ms = (time.perf_counter() - t0) * 1000
        if resp.getheader("Content-Encoding") == "gzip":
            content = gzip.decompress(content)
        return ms, resp.status, content


CSRF = secrets.token_hex(16)


def timings(port: int, view: str, edit: str, rounds: int) -> dict[str, list[float]]:
    from urllib.parse import urlencode

    client = Http(port)
    _ms, status, page = client.call("GET", edit)
    assert status == 200, status
    version = int(re.search(rb'data-version="(\d+)"', page).group(1))  # type: ignore[union-attr]
    out: dict[str, list[float]] = {"correction": [], "history": [], "csv": [], "json": []}
    for i in range(rounds):
        points = ("70", "50") if i % 2 == 0 else ("60", "60")
        body = urlencode(
            {
                "csrfmiddlewaretoken": CSRF,
                "points_0": points[0],
                "points_1": points[1],
                "version": version,
                "nonce": f"bound-{i}-{secrets.token_hex(4)}",
                "reason": "пересчитали",
            }
        )
        ms, status, content = client.call("POST", edit + "hand/1/", body)
        assert status == 302, (status, re.findall(rb"errorlist[^<]*<[^<]*", content))
        version += 1
        out["correction"].append(ms)
        for name, path in (
            ("history", edit + "history/"),
            ("csv", view + "export.csv"),
            ("json", view + "export.json"),
        ):
            ms, status, _ = client.call("GET", path)
            assert status == 200, (name, status)
            out[name].append(ms)
    return out


def cpu_timings(view: str, edit: str, rounds: int) -> dict[str, list[float]]:
    """The same requests in this process through Django's test client: the CPU each costs
    (``time.process_time``), which a busy machine inflates far less than the wall clock."""
    from django.test import Client

    phone = Client(HTTP_HOST="127.0.0.1", HTTP_ACCEPT_ENCODING="gzip")
    version = int(
        re.search(r'data-version="(\d+)"', Client(HTTP_HOST="127.0.0.1").get(edit).content.decode()).group(1)
    )  # type: ignore[union-attr]
    out: dict[str, list[float]] = {"correction": [], "history": [], "csv": [], "json": []}
    for i in range(rounds):
        points = ("70", "50") if i % 2 == 0 else ("60", "60")
        data = {
            "points_0": points[0],
            "points_1": points[1],
            "version": version,
            "nonce": f"cpu-{i}-{secrets.token_hex(4)}",
        }
        t0 = time.process_time()
        resp = phone.post(edit + "hand/1/", data)
        out["correction"].append((time.process_time() - t0) * 1000)
        assert resp.status_code == 302, resp.status_code
        version += 1
        for name, path in (
            ("history", edit + "history/"),
            ("csv", view + "export.csv"),
            ("json", view + "export.json"),
        ):
            t0 = time.process_time()
            assert phone.get(path).status_code == 200
            out[name].append((time.process_time() - t0) * 1000)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="kozel-bench-bounds-"))
    db = tmp / "db.sqlite3"
    env = {
        **os.environ,
        "DJANGO_ENV": "production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "KOZEL_RATELIMIT": "0",
        "DATABASE_URL": args.database_url or f"sqlite:///{db}",
    }
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "kozel_site.settings"
    import django

    django.setup()
    from django.core.management import call_command

    from scorekeeper.bounds import MAX_HANDS
    from scripts.bound_fixture import make_match

    call_command("migrate", verbosity=0)
    sqlite = not args.database_url
    wal: dict[int, tuple[float, Counter[str]]] = {}
    if sqlite:
        for size in (20, MAX_HANDS):  # the hands up to the bound: 980 to 1,000
            wal[size] = wal_per_hand(db, min(size, MAX_HANDS - WAL_HANDS))
    view, edit = make_match(MAX_HANDS)
    cpu_timings(view, edit, 2)  # warm
    cpu = cpu_timings(view, edit, args.rounds)
    from django.db import connections

    connections.close_all()

    port = free_port()
    log = tmp / "gunicorn.log"
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "-c", "kozel_site/gunicorn.conf.py", "kozel_site.wsgi:application"],
        cwd=ROOT,
        env={**env, "GUNICORN_BIND": f"127.0.0.1:{port}"},
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.time() + 30
        while True:
            try:
                if Http(port).call("GET", "/healthz")[1] == 200:
                    break
            except OSError:
                pass
            if time.time() > deadline:
                print(log.read_text()[-3000:])
                return 1
            time.sleep(0.2)
        timings(port, view, edit, 2)  # warm both workers
        figures = timings(port, view, edit, args.rounds)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(20)

    load = os.getloadavg()
    print(f"\n== bench at the bound: {MAX_HANDS:,} hands, {args.rounds} rounds, one request at a time")
    print(f"   load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")
    print(f"{'figure':<44}{'p50':>9}{'p95':>9}{'target':>10}  verdict  (CPU in process: p50)")
    misses = 0
    rows = [
        ("correction of hand 1 (every later replayed)", "correction", CORRECTION_MS),
        ("history page (the newest 200 changes)", "history", READ_MS),
        ("export.csv", "csv", READ_MS),
        ("export.json", "json", READ_MS),
    ]
    for label, key, target in rows:
        p50, p95 = statistics.median(figures[key]), pct(figures[key], 0.95)
        ok = p50 <= target
        misses += not ok
        verdict = "PASS" if ok else "MISS"
        print(
            f"{label:<44}{p50:>7.1f}ms{p95:>7.1f}ms{target:>8}ms  {verdict:<9}{statistics.median(cpu[key]):>6.1f}ms"
        )
    if sqlite:
        small, big = wal[20][0], wal[MAX_HANDS][0]
        ok = big <= small * WAL_GROWTH
        misses += not ok
        print(f"{'WAL bytes per hand (200-char note), 21 to 40':<44}{small:>9.0f}")
        print(
            f"{'WAL bytes per hand, hands 981 to 1,000':<44}{big:>9.0f}{'':>9}{'x' + str(WAL_GROWTH):>10}  {'PASS' if ok else 'MISS'}"
        )
        print("   WAL pages per hand, by what they hold (at 20 | at 1,000 hands):")
        names = sorted(set(wal[20][1]) | set(wal[MAX_HANDS][1]), key=lambda n: -wal[MAX_HANDS][1].get(n, 0))
        for name in names:
            print(f"     {name:<40}{wal[20][1].get(name, 0):>6.2f} | {wal[MAX_HANDS][1].get(name, 0):>6.2f}")
    print(f"== {'all PASS' if not misses else f'{misses} MISS'}")
    return 1 if misses and args.strict else 0


if __name__ == "__main__":
    raise SystemExit(main())
