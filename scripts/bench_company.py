#!/usr/bin/env python
"""`make bench`, third part: a company's pages at 10 and at 1,000 finished matches.

The same machinery as scripts/bench.py, in one run: gunicorn with the production config on a
loopback port, a throwaway SQLite database (WAL), wrk with keep-alive connections and
``Accept-Encoding: gzip``, and the floor page (base.html with 20 static rows) measured beside.
Two companies from scripts/company_fixture.py (real matches played to their end, the kept
figures rebuilt from the logs as ``check_companies --fix`` does): 10 and 1,000 finished matches
with the same latest evenings, each with two matches in play.

- its pages read again and again: the edit link (its statistics page: players, partnerships,
  ratings and their chart, the latest evenings and matches), the view link, this evening's and
  this month's figures, one variant's, and the evening's shared PNG; beside them the pages
  listing the rest (every match, 30 a page; earlier evenings, 6 a page), which show more at
  1,000 matches by design, for reference;
- a hand recorded in one of its matches in play, then its edit link read (the figures have
  just moved on that hand's commit: the read after a write), two connections each on its own
  match, so the two tables take turns at being the company's newest match;
- between rounds each company grows by a match played to its end through the app's own write
  path, so the later rounds read a company one match longer.

Target: each page at 1,000 matches at most 1.25x its cost at 10 (the median over the
interleaved rounds of the ratio of mean latencies, as scripts/bench.py takes its ratios; the p50
ratio printed beside, and the same requests' CPU time in this process, the figure a busy
machine inflates least); recording a hand with two tables in play likewise (the figures' fold
after its commit is part of its cost). The listings are shown for reference. ``--strict``
exits 1 on a MISS.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.bench_http import Result, Server, pct, production_env, wrk  # noqa: E402

SIZES = (10, 1000)
GROWTH_RATIO = 1.25
LONGEST = 700  # a match in play past this many hands is replaced by a new one (the bound is 1,000)
WRITE_CONNS = 2  # one per match in play


def cpu_figures(
    company: dict[int, Any], pages: list[tuple[str, str, Any]], versions: dict[int, list[int]]
) -> dict[str, float]:
    """Each page's CPU time in this process through Django's test client (ms, the best of five
    batches), and a hand recorded (at each table in play in turn) then the edit link read, as
    the HTTP rounds did."""
    from django.db import connection
    from django.test import Client

    phone = Client(HTTP_HOST="127.0.0.1", HTTP_ACCEPT_ENCODING="gzip")

    def best(call: Any, per: int = 6) -> float:
        call()
        return min(statistics.mean(call() for _ in range(per)) for _ in range(5))

    def timed(method: str, path: str, data: dict[str, Any] | None = None, status: int = 200) -> float:
        t0 = time.process_time()
        resp = phone.post(path, data) if method == "POST" else phone.get(path)
        assert resp.status_code == status, (path, resp.status_code)
        return (time.process_time() - t0) * 1000

    figures: dict[str, float] = {}
    for n, fx in company.items():
        for key, _label, path in pages:
            url = path(fx)
            figures[f"{key}{n}"] = best(lambda url=url: timed("GET", url))
        turn = [0]

        def hand(n: int = n, fx: Any = fx, turn: list[int] = turn) -> float:
            """A hand at each of its tables in turn, as the HTTP rounds record them."""
            k = turn[0] = (turn[0] + 1) % len(fx.open)
            pid, secret = fx.open[k]
            data = {
                "points_0": "60",
                "points_1": "60",
                "version": versions[n][k],
                "nonce": secrets.token_hex(8),
            }
            versions[n][k] += 1
            return timed("POST", f"/m/{pid}/e/{secret}/hand/", data, status=302)

        figures[f"write{n}"] = best(hand)

        def read_after_hand(hand: Any = hand, fx: Any = fx) -> float:
            hand()
            return timed("GET", fx.edit)

        figures[f"miss{n}"] = best(read_after_hand)
    connection.close()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per HTTP scenario (default 2)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is needed (Debian: apt-get install wrk; `make bench` installs it)")

    started = time.perf_counter()
    tmp = Path(tempfile.mkdtemp(prefix="kozel-bench-company-"))
    env = {**production_env(tmp), "KOZEL_RATELIMIT": "0"}
    os.environ.update(env)
    server: Server | None = None
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection

        from scorekeeper.company.models import Company
        from scorekeeper.company.selectors import recent_evenings, roster_of
        from scorekeeper.models import Match
        from scripts.company_fixture import add_finished, make_company, open_match

        call_command("collectstatic", interactive=False, verbosity=0)
        call_command("migrate", interactive=False, verbosity=0)
        t0 = time.perf_counter()
        company = {n: make_company(n, open_matches=WRITE_CONNS) for n in SIZES}
        made_in = time.perf_counter() - t0
        versions = {n: [0] * WRITE_CONNS for n in SIZES}

        def day(n: int) -> str:
            c = Company.objects.get(public_id=company[n].public_id)
            return recent_evenings(c, roster_of(c), count=1)[0].date.isoformat()

        days = {company[n].public_id: day(n) for n in SIZES}
        assert len(set(days.values())) == 1, days  # the same latest evening in both
        connection.close()

        pages: list[tuple[str, str, Any]] = [
            ("edit", "edit link (statistics, players, pairs, ratings)", lambda fx: fx.edit),
            ("view", "view link", lambda fx: fx.view),
            ("evening", "view link, this evening's figures", lambda fx: fx.view + "?period=evening"),
            ("month", "view link, this month's figures", lambda fx: fx.view + "?period=month"),
            (
                "variant",
                "view link, one variant's (penalty goats)",
                lambda fx: fx.view + "?variant=penalty-goats",
            ),
            ("png", "the evening's shared PNG", lambda fx: f"{fx.view}evening/{days[fx.public_id]}.png"),
        ]
        # the pages listing the rest: a page of them at most, more of them at 1,000 by design
        listings: list[tuple[str, str, Any]] = [
            ("matches", "every match, page 1 (of 30)", lambda fx: fx.view + "matches/"),
            (
                "evenings",
                "earlier evenings (6 a page)",
                lambda fx: f"{fx.view}evenings/?before={int(time.time())}",
            ),
        ]

        server = Server(env, tmp / "gunicorn.log")
        base = server.base
        print(
            f"kozel bench, a company's pages: gunicorn (production config, workers={len(server.workers())}) "
            f"on {base}, SQLite (WAL), wrk with 4 connections ({WRITE_CONNS} for the writes), "
            f"{args.seconds:g} s per run, {args.rounds} interleaved rounds; companies of "
            f"{' and '.join(f'{n:,}' for n in SIZES)} finished matches made in {made_in:.1f} s; "
            f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n"
        )

        def check(res: Result, name: str) -> None:
            if any(res.bad(k) for k in res.lat) or res.socket_errors:
                raise SystemExit(
                    f"{name}: unexpected answers {res.status} (socket errors {res.socket_errors})"
                )

        def get(path: str, seconds: float = args.seconds) -> Result:
            res = wrk(base, tmp, mode=path, matches=[{"version": 0}], seconds=seconds, conns=4)
            check(res, path)
            return res

        get("/healthz", 1.0)  # warm-up: imports, templates, first connections
        for n in SIZES:
            for _key, _label, path in pages + listings:
                get(path(company[n]), 1.0)

        acc: dict[str, tuple[list[float], list[float]]] = {}
        per_round: list[dict[str, float]] = []

        def keep(fig: dict[str, float], key: str, res: Result, kind: str) -> None:
            samples, secs = acc.setdefault(key, ([], []))
            samples.extend(res.lat[kind])
            secs.append(res.seconds)
            fig[key] = statistics.mean(res.lat[kind])
            fig[f"{key}:p50"] = res.p(50, kind)

        grown = 0
        for _round in range(args.rounds):
            fig: dict[str, float] = {}
            keep(fig, "floor20", get("/bench/floor/?rows=20"), "get")
            # each page at both sizes back to back, the order turned every round, so a busy
            # moment of the shared machine falls on both alike
            order = SIZES if len(per_round) % 2 == 0 else SIZES[::-1]
            for key, _label, path in pages + listings:
                for n in order:
                    keep(fig, f"{key}{n}", get(path(company[n])), "get")
            for n in order:
                fx = company[n]
                lua = [
                    {
                        "view": fx.view,
                        "edit": fx.edit,
                        "write": f"/m/{pid}/e/{secret}/hand/",
                        "version": versions[n][k],
                    }
                    for k, (pid, secret) in enumerate(fx.open)
                ]
                res = wrk(
                    base,
                    tmp,
                    mode="alternate",
                    read="edit",
                    matches=lua,
                    seconds=args.seconds,
                    conns=WRITE_CONNS,
                )
                check(res, f"write+read {n}")
                keep(fig, f"miss{n}", res, "edit")
                keep(fig, f"write{n}", res, "write")
                # the versions from the database: a write in flight when wrk stopped may have landed
                seen, now = None, [Match.objects.get(public_id=pid).version for pid, _s in fx.open]
                while seen != now:
                    time.sleep(0.5)
                    seen, now = now, [Match.objects.get(public_id=pid).version for pid, _s in fx.open]
                versions[n] = now
                for k, v in enumerate(now):
                    if v >= LONGEST:
                        fx.open[k] = open_match(fx, 100 + len(per_round) * WRITE_CONNS + k)
                        versions[n][k] = 0
            for n in SIZES:  # growing data: each company one finished match longer
                add_finished(company[n], -100 - grown)
            grown += 1
            connection.close()
            per_round.append(fig)

        server.stop()
        log = (tmp / "gunicorn.log").read_text()
        if "Traceback" in log:
            print("!! the server logged a traceback:\n" + log[-3000:])
        server = None

        cpu = cpu_figures(company, pages + listings, versions)

        def ratio(a: str, b: str, p50: bool = False) -> float:
            suffix = ":p50" if p50 else ""
            return statistics.median(r[a + suffix] / r[b + suffix] for r in per_round)

        floor_mean = statistics.mean(acc["floor20"][0])
        rows = [("floor: base.html + 20 static rows", "floor20")]
        for key, label, _path in pages + listings:
            rows += [(f"{label}, {n:,} matches", f"{key}{n}") for n in SIZES]
        for n in SIZES:
            rows.append((f"edit link after a hand recorded, {n:,} matches", f"miss{n}"))
        for n in SIZES:
            rows.append((f"record a hand in a match in play (htmx POST), {n:,} matches", f"write{n}"))
        w = max(len(name) for name, _k in rows) + 2
        print(
            f"{'HTTP (gunicorn, production config)':<{w}}{'req/s':>9}{'mean':>10}{'p50':>10}{'p99':>10}  x floor20"
        )
        for name, key in rows:
            samples, secs = acc[key]
            mean = statistics.mean(samples)
            print(
                f"{name:<{w}}{len(samples) / sum(secs):>9,.0f}{mean:>8.1f}ms{pct(samples, 50):>8.1f}ms"
                f"{pct(samples, 99):>8.1f}ms  {mean / floor_mean:>8.1f}x"
            )

        targets = []
        written = [
            ("miss", "edit link after a hand recorded", None),
            ("write", "record a hand, two tables in play taking turns", None),
        ]
        for key, label, _path in [*pages, *written]:
            r = ratio(f"{key}1000", f"{key}10")
            ok = r <= GROWTH_RATIO
            p50 = ratio(f"{key}1000", f"{key}10", p50=True)
            c = cpu[f"{key}1000"] / cpu[f"{key}10"]
            targets.append(
                (
                    f"{label}, 1,000 vs 10 matches",
                    f"{r:.2f}x  (<= {GROWTH_RATIO}x; p50 {p50:.2f}x; CPU {c:.2f}x)",
                    "PASS" if ok else "MISS",
                )
            )
        reference = []
        for key, label, _path in listings:
            r = ratio(f"{key}1000", f"{key}10")
            p50 = ratio(f"{key}1000", f"{key}10", p50=True)
            c = cpu[f"{key}1000"] / cpu[f"{key}10"]
            reference.append(
                (f"{label}, 1,000 vs 10 matches", f"{r:.2f}x  (p50 {p50:.2f}x; CPU {c:.2f}x)", "reference")
            )
        w2 = max(len(t[0]) for t in targets + reference) + 2
        w3 = max(len(t[1]) for t in targets + reference) + 2
        print(
            f"\n{'TARGETS (all figures from this run)':<{w2}}{'measured (target)':<{w3}}verdict"
            "\n   (CPU: the same request in this process, its CPU time, the best of batches: the figure"
            " a busy machine inflates least)"
        )
        for name, measured, v in targets + reference:
            print(f"{name:<{w2}}{measured:<{w3}}{v}")
        missed = sum(1 for t in targets if t[2] == "MISS")
        print(
            f"\n{missed} of {len(targets)} target(s) missed; the companies grew to "
            f"{' and '.join(f'{company[n].matches:,}' for n in SIZES)} finished matches; "
            f"bench took {time.perf_counter() - started:.0f} s"
        )
        return 1 if (missed and args.strict) else 0
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
