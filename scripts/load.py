#!/usr/bin/env python
"""A busy evening against a running server on loopback (started by scripts/load.sh).

Tables (writer threads) each start a match through the real form (GET → CSRF token → POST),
record hands with the htmx POST the page makes, start the next match when one ends, and now and
then send a hand twice with the same nonce (a double tap, a retry after a timeout). Watchers
(reader threads) poll the view links the way the view page does (``?v=<version>``: 204 when
unchanged) and load the full pages. Everything is bounded in time and stays on 127.0.0.1.

Afterwards every match's JSON export must list exactly the hands the tables recorded, in order,
each once. Exit status 1 on any error, 5xx, lost or duplicated hand.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import statistics
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.engine import new_match, score_hand  # noqa: E402  (pure engine, no Django)

VERSION_RE = re.compile(r'data-version="(\d+)"')
VARIANTS = ["classic-sixes", "penalty-goats", "voon-series"]


class Conn:
    """One keep-alive connection to the server with a cookie jar (CSRF cookie only)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.http: http.client.HTTPConnection | None = None
        self.cookies: dict[str, str] = {}

    def request(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], bytes]:
        hdrs = {"Host": f"{self.host}:{self.port}", **(headers or {})}
        if self.cookies:
            hdrs["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = urlencode(body).encode()
            hdrs["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            if self.http is None:
                self.http = http.client.HTTPConnection(self.host, self.port, timeout=30)
            try:
                self.http.request(method, path, body=data, headers=hdrs)
                resp = self.http.getresponse()
                content = resp.read()
                break
            except (ConnectionError, http.client.RemoteDisconnected, http.client.CannotSendRequest):
                self.http.close()
                self.http = None
                if attempt == 2 or method != "GET":
                    raise
        for name, value in resp.getheaders():
            if name.lower() == "set-cookie":
                k, _, rest = value.partition("=")
                self.cookies[k.strip()] = rest.split(";", 1)[0]
        if resp.getheader("Connection", "").lower() == "close":
            self.http.close()
            self.http = None
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, content


@dataclass
class Stats:
    lock: threading.Lock = field(default_factory=threading.Lock)
    latency: dict[str, list[float]] = field(default_factory=dict)
    status: dict[int, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    stale: int = 0
    replays: int = 0

    def add(self, kind: str, seconds: float, status: int) -> None:
        with self.lock:
            self.latency.setdefault(kind, []).append(seconds)
            self.status[status] = self.status.get(status, 0) + 1

    def error(self, msg: str) -> None:
        with self.lock:
            if len(self.errors) < 50:
                self.errors.append(msg)
            else:
                self.errors.append("…")
                del self.errors[50:]


@dataclass
class MatchLog:
    public_id: str
    edit: str
    variant: str
    recorded: list[dict[str, Any]] = field(default_factory=list)
    version: int = 0


def timed(
    stats: Stats, kind: str, conn: Conn, method: str, path: str, expect: tuple[int, ...], **kw: Any
) -> tuple[int, dict[str, str], bytes]:
    t0 = time.perf_counter()
    status, headers, body = conn.request(method, path, **kw)
    stats.add(kind, time.perf_counter() - t0, status)
    if status not in expect:
        stats.error(f"{kind} {method} {re.sub(r'/e/[^/]+', '/e/…', path)} -> {status}: {body[:200]!r}")
    return status, headers, body


def random_record(rng: random.Random, variant: str) -> dict[str, Any]:
    roll = rng.random()
    if roll < 0.15:
        return {"points": [60, 60]}
    if roll < 0.2:
        return {"points": [120, 0] if rng.random() < 0.5 else [0, 120], "all_tricks": True}
    p = rng.choice([rng.randint(61, 89), rng.randint(90, 119), rng.randint(31, 59), rng.randint(1, 30)])
    return {"points": [p, 120 - p]}


def form_fields(rec: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"points_0": rec["points"][0], "points_1": rec["points"][1]}
    if rec.get("all_tricks"):
        out["all_tricks"] = "1"
    return out


def table(
    n: int, conn: Conn, stats: Stats, matches: list[MatchLog], deadline: float, seed: int, double_tap: float
) -> None:
    rng = random.Random(seed)
    try:
        while time.monotonic() < deadline:
            variant = VARIANTS[n % len(VARIANTS)]
            timed(stats, "new match form", conn, "GET", "/m/new/", (200,))
            token = conn.cookies.get("csrftoken", "")
            status, headers, _ = timed(
                stats,
                "create match",
                conn,
                "POST",
                "/m/new/",
                (302,),
                body={
                    "csrfmiddlewaretoken": token,
                    "variant": variant,
                    "team_0": f"Стол {n}",
                    "team_1": "Козлы",
                    "first_dealer": str(rng.randrange(4)),
                },
            )
            if status != 302:
                return
            edit = urlsplit(headers["location"]).path
            m = MatchLog(public_id=edit.split("/")[2], edit=edit, variant=variant)
            with stats.lock:
                matches.append(m)
            _, _, page = timed(stats, "match page", conn, "GET", edit, (200,))
            m.version = int(VERSION_RE.search(page.decode()).group(1))  # type: ignore[union-attr]
            state = new_match(variant)
            while not state.finished and time.monotonic() < deadline:
                rec = random_record(rng, variant)
                nonce = f"t{n}-{len(m.recorded)}-{rng.getrandbits(48):x}"
                post = {**form_fields(rec), "version": m.version, "nonce": nonce}
                htmx = {"HX-Request": "true", "X-CSRFToken": token}
                status, _, body = timed(
                    stats, "record hand (htmx)", conn, "POST", edit + "hand/", (200,), body=post, headers=htmx
                )
                if status != 200:
                    continue
                new_version = int(VERSION_RE.search(body.decode()).group(1))  # type: ignore[union-attr]
                if new_version != m.version + 1:
                    stats.error(f"{m.public_id}: version {m.version} -> {new_version} after one hand")
                m.version = new_version
                m.recorded.append(rec)
                state = score_hand(state, rec)
                if rng.random() < double_tap:  # the same POST again: must not record a second hand
                    post_again = {**post, "version": m.version - 1}
                    status, _, body = timed(
                        stats,
                        "double tap (same nonce)",
                        conn,
                        "POST",
                        edit + "hand/",
                        (200,),
                        body=post_again,
                        headers=htmx,
                    )
                    with stats.lock:
                        stats.replays += 1
                if rng.random() < 0.1:
                    timed(stats, "match page", conn, "GET", edit, (200,))
    except Exception as exc:  # noqa: BLE001 - any client failure is an error of the run
        stats.error(f"table {n}: {type(exc).__name__}: {exc}")


def watcher(n: int, conn: Conn, stats: Stats, matches: list[MatchLog], deadline: float, seed: int) -> None:
    rng = random.Random(seed)
    try:
        while time.monotonic() < deadline:
            with stats.lock:
                m = rng.choice(matches) if matches else None
            if m is None:
                time.sleep(0.05)
                continue
            view = f"/m/{m.public_id}/"
            if rng.random() < 0.15:
                timed(stats, "view page", conn, "GET", view, (200,))
            else:
                timed(
                    stats,
                    "view poll (htmx ?v=)",
                    conn,
                    "GET",
                    f"{view}?v={m.version}",
                    (200, 204),
                    headers={"HX-Request": "true"},
                )
            time.sleep(rng.uniform(0, 0.02))
    except Exception as exc:  # noqa: BLE001
        stats.error(f"watcher {n}: {type(exc).__name__}: {exc}")


def corrector(edit: str, conn: Conn, stats: Stats, deadline: float) -> None:
    """Hand 1 of a match at the bound (1,000 hands) corrected again and again: every later hand
    replayed and every later line's score moved, in the write's transaction, which on SQLite
    the tables' writes wait behind."""
    try:
        _, _, page = timed(stats, "bound: edit page", conn, "GET", edit, (200,))
        version = int(VERSION_RE.search(page.decode()).group(1))  # type: ignore[union-attr]
        token = conn.cookies.get("csrftoken", "")
        i = 0
        while time.monotonic() < deadline:
            points = (70, 50) if i % 2 == 0 else (60, 60)
            body = {"points_0": points[0], "points_1": points[1], "version": version, "nonce": f"bound-{i}"}
            status, _, _ = timed(
                stats, "bound: correct hand 1", conn, "POST", edit + "hand/1/", (302,),
                body={**body, "csrfmiddlewaretoken": token},
            )  # fmt: skip
            if status == 302:
                version += 1
            i += 1
    except Exception as exc:  # noqa: BLE001
        stats.error(f"corrector: {type(exc).__name__}: {exc}")


WAIT_P99_MS = 250  # the tables' writes while hand 1 of a match at the bound is corrected


def verify(host: str, port: int, matches: list[MatchLog], stats: Stats) -> tuple[int, int, int]:
    """Every recorded hand is in the match's JSON export, once and in order."""
    conn = Conn(host, port)
    hands = lost = dup = 0
    for m in matches:
        status, _, body = conn.request("GET", f"/m/{m.public_id}/export.json")
        if status != 200:
            stats.error(f"export {m.public_id} -> {status}")
            continue
        stored = [h["record"] for h in json.loads(body)["hands"]]
        hands += len(stored)
        if stored != m.recorded:
            want = Counter(json.dumps(r, sort_keys=True) for r in m.recorded)
            got = Counter(json.dumps(r, sort_keys=True) for r in stored)
            lost += sum((want - got).values()) or (0 if got - want else 1)  # 1: same hands, wrong order
            dup += sum((got - want).values())
            stats.error(f"{m.public_id}: recorded {len(m.recorded)} hands, stored {len(stored)}")
    return hands, lost, dup


def main() -> int:
    parser = argparse.ArgumentParser(description="Drive many matches at once against a loopback server.")
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--tables", type=int, default=12, help="writer threads, one match at a time each")
    parser.add_argument("--watchers", type=int, default=8, help="reader threads polling view links")
    parser.add_argument("--double-tap", type=float, default=0.05, help="share of hands sent twice")
    parser.add_argument("--label", default="")
    parser.add_argument(
        "--bound-match", default="", help="edit path of a match at the bound: corrected in a loop"
    )
    args = parser.parse_args()
    u = urlsplit(args.url)
    host, port = u.hostname or "", u.port or 80
    if host not in ("127.0.0.1", "localhost", "::1"):
        parser.error("loopback only: the load test never leaves this machine")
    args.seconds = min(args.seconds, 120)

    stats, matches = Stats(), []  # type: ignore[var-annotated]
    deadline = time.monotonic() + args.seconds
    threads = [
        threading.Thread(
            target=table, args=(i, Conn(host, port), stats, matches, deadline, 1000 + i, args.double_tap)
        )
        for i in range(args.tables)
    ]
    threads += [
        threading.Thread(target=watcher, args=(i, Conn(host, port), stats, matches, deadline, 2000 + i))
        for i in range(args.watchers)
    ]
    if args.bound_match:
        threads.append(
            threading.Thread(target=corrector, args=(args.bound_match, Conn(host, port), stats, deadline))
        )
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join(args.seconds + 60)
    elapsed = time.perf_counter() - t0

    all_lat = [x for v in stats.latency.values() for x in v]
    total = len(all_lat)
    print(
        f"\n== load {args.label}: {args.tables} tables + {args.watchers} watchers for {args.seconds:.0f} s on {args.url}"
    )
    print(f"{'request':<28}{'count':>7}{'p50':>9}{'p99':>9}")
    for kind, lat in sorted(stats.latency.items()):
        print(
            f"{kind:<28}{len(lat):>7}{statistics.median(lat) * 1000:>7.1f}ms"
            f"{sorted(lat)[int(0.99 * (len(lat) - 1))] * 1000:>7.1f}ms"
        )
    p99 = sorted(all_lat)[int(0.99 * (total - 1))] if total else 0.0
    print(
        f"{'all':<28}{total:>7}{(statistics.median(all_lat) if total else 0) * 1000:>7.1f}ms{p99 * 1000:>7.1f}ms"
    )
    fivexx = sum(n for s, n in stats.status.items() if s >= 500)
    print(
        f"throughput {total / elapsed:.0f} req/s; status {dict(sorted(stats.status.items()))};"
        f" 5xx {fivexx}; double taps {stats.replays}"
    )

    if args.bound_match:
        writes = stats.latency.get("record hand (htmx)", [])
        fixes = stats.latency.get("bound: correct hand 1", [])
        wait = sorted(writes)[int(0.99 * (len(writes) - 1))] * 1000 if writes else 0.0
        print(
            f"while hand 1 of a 1,000-hand match was corrected {len(fixes)} times: the tables' writes"
            f" p99 {wait:.0f} ms (target {WAIT_P99_MS} ms): {'PASS' if wait <= WAIT_P99_MS else 'MISS'}"
        )
    hands, lost, dup = verify(host, port, matches, stats)
    recorded = sum(len(m.recorded) for m in matches)
    print(
        f"data: {len(matches)} matches, {recorded} hands recorded, {hands} stored; lost {lost}, duplicated {dup}"
    )
    for e in stats.errors:
        print("  error:", e)
    ok = not stats.errors and not fivexx and not lost and not dup and recorded == hands and recorded > 0
    print(f"== {args.label}: {'CLEAN' if ok else 'FAILED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
