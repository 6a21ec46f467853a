#!/usr/bin/env python
"""`make bench`: the app over HTTP, through gunicorn with the production config, beside a floor.

One run, one machine, one table:

- gunicorn with kozel_site/gunicorn.conf.py (2 workers x 2 threads), DJANGO_ENV=production, on a
  loopback port, against a throwaway SQLite database (WAL), static files collected;
- wrk (Debian package) is the load generator, 4 keep-alive connections unless a row says
  otherwise; every request sends ``Accept-Encoding: gzip`` as a phone does;
- the floor is a real minimal page: base.html with N static rows (/bench/floor/?rows=N, served
  only with KOZEL_BENCH_FLOOR=1), through the same middleware, context processors and
  compression as every page; every ratio is taken against figures of this same run, as the
  ratio of mean latencies (the p50 ratio printed beside: see ``ratio`` for why not the p50);
- match pages at 20, 300 and 1,000 hands (the bound on a match's length): the view link, the edit
  link, its htmx board fragment and the view link's 204 poll, the same URL again and again (the
  warm case), and a write before each read (every read after a change, the cache-miss case);
  writes grow their match (each connection records hand after hand on its own match; the long
  ones are grown to just under 1,000 hands, never past it);
- the edit link of a 300-hand match alone and beside ten clients solving over the API, in
  interleaved rounds, with the clients' answers by outcome (scripts/bench_solving.py);
- the engine in process, parsing included (cards from their codes, records from stored JSON).

Every target prints PASS or MISS; nothing is left out. ``--strict`` exits 1 on a MISS.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.bench_http import Result, Server, pct, production_env, wrk  # noqa: E402
from scripts.bench_solving import RATIO as SOLVING_RATIO  # noqa: E402
from scripts.bench_solving import answer_lines, edit_beside_solvers  # noqa: E402

SIZES = (20, 300, 1000)

LONGEST = 1000  # the bound on a match's length: a growing match stays under it
LONG_START = 700  # where the long growing matches start; a round's writes stay below the bound

# --- targets ----------------------------------------------------------------------------------
FLOOR_RATIO = 4.0  # view link, edit link, board fragment, 204 poll vs the floor page
GROWTH_RATIO = 1.25  # each of them (and the first read after a write) at 1,000 hands vs at 20
WRITE_FLOOR_RATIO = 10.0  # recording a hand vs the floor page; flat in hands (GROWTH_RATIO)
POLL_THROUGHPUT = 2.0  # the 204 poll's req/s vs the floor's
MIXED_P99_MS = 100
WORKER_MB = 120
TRICKS_PER_S, DEALS_PER_S, FOLD_STEP_US, REPLAY_1000_MS = 100_000, 10_000, 20, 5


# --- fixtures: matches with long logs, written straight into the log ------------------------------


def records_for(n: int, offset: int = 0) -> list[dict[str, Any]]:
    """``n`` hands of penalty goats that never end the match: eggs, with a decided hand (spas or
    not, each team in turn, at most 5 lost per team) spread over the log, so the board shows every
    kind of line and neither team reaches 12 marks."""
    decided = [
        [70, 50],
        [45, 75],
        [95, 25],
        [25, 95],
        [70, 50],
        [45, 75],
        [70, 50],
        [45, 75],
    ]  # 10 marks each
    step = max(1, n // 8)
    out: list[dict[str, Any]] = []
    used = 0
    for i in range(offset, offset + n):
        if i % step == step // 2 and used < 8:
            out.append({"points": decided[used]})
            used += 1
        else:
            out.append({"points": [60, 60]})
    return out


@dataclass
class Fixture:
    public_id: str
    secret: str
    hands: int

    @property
    def view(self) -> str:
        return f"/m/{self.public_id}/"

    @property
    def edit(self) -> str:
        return f"/m/{self.public_id}/e/{self.secret}/"

    @property
    def write(self) -> str:
        return f"/m/{self.public_id}/e/{self.secret}/hand/"


def make_matches(size: int, count: int) -> list[Fixture]:
    """``count`` penalty-goats matches of ``size`` hands. The log rows are written in bulk (as a
    long evening would have left them); the snapshot and lines are then built from the log by
    the code ``manage.py check_snapshots --fix`` uses (scripts/bound_fixture.py)."""
    from scripts.bound_fixture import match_of

    return [Fixture(*match_of(records_for(size)), size) for _ in range(count)]


# --- the engine in process, parsing included ----------------------------------------------------


def _time_per_call(fn: Callable[[], Any], seconds: float) -> float:
    """Seconds per call: the best of repeated batches of at least 20 ms (as ``timeit`` advises:
    on a shared machine the slower batches measure the other processes, not this code)."""
    n, t_end, per, cpu = 1, time.perf_counter() + seconds, [], []
    while True:
        t0, c0 = time.perf_counter(), time.process_time()
        for _ in range(n):
            fn()
        dt = time.perf_counter() - t0
        if dt < 0.02:
            n *= 2
            continue
        per.append(dt / n)
        cpu.append((time.process_time() - c0) / n)
        if time.perf_counter() > t_end and len(per) >= 5:
            CPU_SECONDS[fn.__name__] = min(cpu)
            return min(per)


# The same figures in this process's CPU time (shown beside the wall-clock verdict: on a busy
# shared machine the wall clock also counts the time other processes held the cores).
CPU_SECONDS: dict[str, float] = {}


def engine_figures(seconds: float) -> list[tuple[str, float, float, str, float, bool]]:
    """(name, wall-clock value, CPU-time value, unit, target, higher is better)."""
    from rules import engine
    from rules.engine.tricks import legal_cards

    rng = random.Random(5)
    one_card = [engine.resolve(k) for k in engine.VARIANTS if not engine.resolve(k).multi_card_leads]
    out: list[tuple[str, float, float, str, float, bool]] = []

    # trick rulings, no hands given, from the cards' codes (as the API and the referee get them)
    tricks = []
    for _ in range(2000):
        rs = rng.choice(one_card)
        tricks.append((rs, rng.randrange(4), [c.code for c in rng.sample(list(rs.deck), 4)]))

    def rule_all() -> None:
        for rs, leader, codes in tricks:
            engine.resolve_trick(rs, leader, codes)

    out.append(
        (
            "trick rulings/s, no hands (codes parsed)",
            len(tricks) / _time_per_call(rule_all, seconds),
            len(tricks) / CPU_SECONDS["rule_all"],
            "/s",
            TRICKS_PER_S,
            True,
        )
    )

    # whole deals with the four hands checked, from the cards' codes
    deals = []
    while len(deals) < 200:
        rs = rng.choice(one_card)
        deck = list(rs.deck)
        rng.shuffle(deck)
        hands = [deck[s * rs.hand_size : (s + 1) * rs.hand_size] for s in range(4)]
        held = [list(h) for h in hands]
        leader = start = rng.randrange(4)
        plays: list[Any] = []
        for _t in range(rs.hand_size):
            trick: list[Any] = []
            for i in range(4):
                seat = (leader + i) % 4
                legal = legal_cards(rs, held[seat], trick[0] if trick else None, seat=seat) or held[seat]
                c = rng.choice(legal)
                held[seat].remove(c)
                trick.append(c)
            leader = engine.resolve_trick(rs, leader, trick).winner
            plays.extend(trick)
        hand_codes = [[c.code for c in h] for h in hands]
        play_codes = [c.code for c in plays]
        try:
            engine.play_deal(rs, start, hand_codes, play_codes)
        except engine.KozelError:
            continue  # a queen capture ended the hand early: not a whole deal
        deals.append((rs, start, hand_codes, play_codes))

    def review_all() -> None:
        for rs, start, hand_codes, play_codes in deals:
            engine.play_deal(rs, start, hand_codes, play_codes)

    out.append(
        (
            "whole-deal reviews/s, hands checked (codes parsed)",
            len(deals) / _time_per_call(review_all, seconds),
            len(deals) / CPU_SECONDS["review_all"],
            "/s",
            DEALS_PER_S,
            True,
        )
    )

    # a 1,000-hand replay from stored records: the JSON text of each log row, decoded and folded
    stored = [json.dumps(r) for r in records_for(1000)]

    def replay_stored() -> None:
        state = engine.replay("penalty-goats", None, [json.loads(t) for t in stored])
        assert not state.finished

    replay_ms = _time_per_call(replay_stored, seconds) * 1000

    # one fold step on a match 500 hands in, from a stored record (decoded and checked)
    state500 = engine.replay("penalty-goats", None, records_for(500))
    step = getattr(engine, "fold_step", None)
    text = json.dumps({"points": [70, 50]})
    if step is not None:
        snap = engine.fold_of(state500)

        def one_step() -> None:
            step(snap, json.loads(text))
    else:

        def one_step() -> None:
            engine.score_hand(state500, json.loads(text))

    out.append(
        (
            "one fold step, 500 hands in (record decoded)",
            _time_per_call(one_step, seconds) * 1e6,
            CPU_SECONDS["one_step"] * 1e6,
            "µs",
            FOLD_STEP_US,
            False,
        )
    )
    out.append(
        (
            "1,000-hand replay from stored JSON records",
            replay_ms,
            CPU_SECONDS["replay_stored"] * 1000,
            "ms",
            REPLAY_1000_MS,
            False,
        )
    )
    return out


# --- the run ------------------------------------------------------------------------------------


@dataclass
class Row:
    name: str
    rps: float | None
    p50: float | None
    p99: float | None
    note: str = ""
    verdict: str = ""  # "PASS"/"MISS" or "" for an information row
    mean: float | None = None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per HTTP scenario (default 2)")
    parser.add_argument(
        "--rounds", type=int, default=5, help="interleaved rounds of the ratio figures (default 5)"
    )
    parser.add_argument("--engine-seconds", type=float, default=1.0, help="seconds per engine figure")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--json", type=Path, help="also write the table as JSON here")
    args = parser.parse_args()
    if shutil.which("wrk") is None:  # `make bench` installs it (scripts/bench.sh)
        raise SystemExit("wrk is needed (Debian: apt-get install wrk; `make bench` installs it)")

    started = time.perf_counter()
    tmp = Path(tempfile.mkdtemp(prefix="kozel-bench-"))
    env = production_env(tmp)
    os.environ.update(env)
    server: Server | None = None
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("collectstatic", interactive=False, verbosity=0)
        call_command("migrate", interactive=False, verbosity=0)
        from django.db import connection

        conns = 4
        warm = {n: make_matches(n, 1)[0] for n in SIZES}
        # one per connection: writes grow it; the long ones start below the bound
        grow = {n: make_matches(min(n, LONG_START), conns) for n in SIZES}
        mixed = make_matches(300, 8)
        api_body = json.dumps({"variant": "penalty-goats", "hands": records_for(100)})
        connection.close()

        server = Server(env, tmp / "gunicorn.log", app_log=True)
        base = server.base
        print(
            f"kozel bench: gunicorn (production config, workers={len(server.workers())}) on {base}, "
            f"SQLite (WAL) at {tmp}, wrk with {conns} connections, {args.seconds:g} s per run, "
            f"{args.rounds} interleaved rounds for the ratios; load average {os.getloadavg()[0]:.1f} "
            f"on {os.cpu_count()} cores\n"
        )

        def as_lua(fx: Fixture) -> dict[str, Any]:
            return {"view": fx.view, "edit": fx.edit, "write": fx.write, "version": fx.hands}

        def get(path: str, seconds: float = args.seconds) -> Result:
            return wrk(base, tmp, mode=path, matches=[{"version": 0}], seconds=seconds, conns=conns)

        def check(res: Result, name: str) -> None:
            bad = {k: res.bad(k) for k in res.lat}
            if any(bad.values()) or res.socket_errors:
                raise SystemExit(
                    f"{name}: unexpected answers {res.status} (socket errors {res.socket_errors})"
                )

        get("/healthz", 1.0)  # warm-up: imports, templates, first connections
        for n in SIZES:
            get(warm[n].edit, 1)
            get(warm[n].view, 1)

        rows: list[Row] = []
        fig: dict[str, float] = {}

        def measure(name: str, key: str, res: Result, kind: str = "get") -> None:
            check(res, name)
            fig[key] = res.p(50, kind)
            rows.append(
                Row(
                    name, res.rps(kind), res.p(50, kind), res.p(99, kind), mean=statistics.mean(res.lat[kind])
                )
            )

        measure("/healthz (no template; reference)", "healthz", get("/healthz"))
        measure("floor: base.html + 30 static rows", "floor30", get("/bench/floor/?rows=30"))

        # The figures a ratio is taken from run in interleaved rounds (floor, pages, writes, then
        # again), so a busy moment of the shared machine hits them alike; each ratio is the median
        # of its per-round ratios, each row's figures are over all rounds.
        acc: dict[str, tuple[list[float], list[float]]] = {}  # key -> (samples ms, seconds)
        per_round: list[dict[str, float]] = []
        reached: dict[int, int] = {}  # the most hands a growing match reached, per size

        def keep(key: str, res: Result, kind: str) -> float:
            """Pools the samples; the round's figure is the mean latency, its p50 kept beside."""
            samples, secs = acc.setdefault(key, ([], []))
            samples.extend(res.lat.get(kind, []))
            secs.append(res.seconds)
            fig_r[f"{key}:p50"] = res.p(50, kind)
            return statistics.mean(res.lat[kind])

        for _round in range(args.rounds):
            fig_r: dict[str, float] = {}
            res = get("/bench/floor/?rows=20")
            check(res, "floor")
            fig_r["floor20"] = keep("floor20", res, "get")
            for n in SIZES:
                for kind, url in (("view", warm[n].view), ("edit", warm[n].edit)):
                    res = get(url)
                    check(res, f"{kind} {n}")
                    fig_r[f"{kind}{n}"] = keep(f"{kind}{n}", res, "get")
                for kind in ("fragment", "poll"):
                    res = wrk(
                        base, tmp, mode=kind, matches=[as_lua(warm[n])], seconds=args.seconds, conns=conns
                    )
                    check(res, f"{kind} {n}")
                    fig_r[f"{kind}{n}"] = keep(f"{kind}{n}", res, kind)
            for n in SIZES:
                before = [f.hands for f in grow[n]]
                res = wrk(
                    base,
                    tmp,
                    mode="alternate",
                    read="edit",
                    matches=[as_lua(f) for f in grow[n]],
                    seconds=args.seconds,
                    conns=conns,
                )
                check(res, f"write+read {n}")
                # each connection grew its own match; a write still in flight when wrk stopped may
                # have landed too, so the versions are read back from the database
                from scorekeeper.models import Match

                def versions(fixtures: list[Fixture]) -> list[int]:
                    out = [Match.objects.get(public_id=f.public_id).version for f in fixtures]
                    connection.close()
                    return out

                seen, now = None, versions(grow[n])
                while seen != now:  # until the last write in flight has landed
                    time.sleep(0.5)
                    seen, now = now, versions(grow[n])
                for f, v in zip(grow[n], now, strict=True):
                    f.hands = v
                reached[n] = max(reached.get(n, 0), *now)
                grown = max(b - a for a, b in zip(before, now, strict=True))
                if n >= LONGEST and max(now) + 2 * grown >= LONGEST:  # the next round would pass it
                    grow[n] = make_matches(LONG_START, conns)
                    connection.close()
                fig_r[f"miss{n}"] = keep(f"miss{n}", res, "edit")
                fig_r[f"write{n}"] = keep(f"write{n}", res, "write")
            per_round.append(fig_r)

        def ratio(a: str, b: str) -> float:
            """The median over the rounds of the ratio of mean latencies. The mean, not the p50:
            with two requests in flight per worker the latencies of one page fall in two modes
            (alone on the interpreter, or sharing it), and the p50 of a run lands on either (the
            floor at 1.2 or 2.0 ms at the same throughput); the mean does not jump. The p50 ratio
            is printed beside it."""
            return statistics.median(r[a] / r[b] for r in per_round)

        def ratio_p50(a: str, b: str) -> float:
            return statistics.median(r[f"{a}:p50"] / r[f"{b}:p50"] for r in per_round)

        def row(name: str, key: str, note: str = "") -> None:
            samples, secs = acc[key]
            fig[key] = statistics.median(r[key] for r in per_round)
            rows.append(
                Row(
                    name,
                    len(samples) / sum(secs),
                    pct(samples, 50),
                    pct(samples, 99),
                    note=note,
                    mean=statistics.mean(samples),
                )
            )

        row("floor: base.html + 20 static rows", "floor20")
        for n in SIZES:
            row(f"view link, {n} hands (same URL again)", f"view{n}")
        for n in SIZES:
            row(f"edit link, {n} hands (same URL again)", f"edit{n}")
        for n in SIZES:
            row(f"edit link's board fragment (htmx), {n} hands", f"fragment{n}")
        for n in SIZES:
            row(f"view-link poll, unchanged (204), {n} hands", f"poll{n}")
        for n in SIZES:
            row(f"edit link after a write, {min(n, LONG_START)}+ hands (cache miss)", f"miss{n}")
            row(
                f"record a hand (htmx POST), {min(n, LONG_START)}+ hands, growing",
                f"write{n}",
                note=f"to {reached[n]}",
            )

        def throughput(key: str) -> float:
            samples, secs = acc[key]
            return len(samples) / sum(secs)

        mix = wrk(
            base,
            tmp,
            mode="mixed",
            write_share=0.1,
            matches=[as_lua(f) for f in mixed],
            seconds=args.seconds * 2,
            conns=8,
        )
        check(mix, "mixed")
        fig["mixed_rps"], fig["mixed_p99"] = mix.rps(), mix.p(99)
        rows.append(
            Row(
                "mixed: 90% view/edit/poll, 10% writes, 8 conns, 300+ hands",
                mix.rps(),
                mix.p(50),
                mix.p(99),
                note=f"{len(mix.lat.get('write', []))} writes",
                mean=statistics.mean(v for vs in mix.lat.values() for v in vs),
            )
        )
        mem = server.worker_mb()
        fig["worker_mb"] = max(mem)
        rows.append(
            Row(
                "worker memory after the mixed run (RSS)",
                None,
                None,
                None,
                note=" / ".join(f"{m:.0f} MB" for m in mem),
            )
        )
        for name, path in (
            ("home page", "/"),
            ("rule sheet (classic-sixes)", "/rules/classic-sixes/"),
            (
                "referee, a trick in the URL",
                "/rules/referee/?variant=voon-series&leader=0&cards=AH+QD+10H+7C",
            ),
        ):
            measure(name, name, get(path))
        measure(
            "POST /api/v1/score, 100 hands",
            "api",
            wrk(
                base,
                tmp,
                mode="api",
                path="/api/v1/score",
                body=api_body,
                matches=[{"version": 0}],
                seconds=args.seconds,
                conns=conns,
            ),
        )

        # the edit link alone and beside ten clients solving, in interleaved rounds of their own
        beside = edit_beside_solvers(base, lambda: get(warm[300].edit), args.rounds)
        for name, lat, secs in (
            ("edit link, 300 hands, idle (rounds beside the solvers)", beside.idle, beside.idle_secs),
            ("edit link, 300 hands, beside ten solving clients", beside.busy, beside.busy_secs),
        ):
            rows.append(
                Row(
                    name,
                    len(lat) / secs,
                    pct(lat, 50),
                    pct(lat, 99),
                    f"p95 {pct(lat, 95):.1f} ms",
                    mean=statistics.mean(lat),
                )
            )

        server.stop()
        if "Traceback" in (tmp / "gunicorn.log").read_text():
            print("!! the server logged a traceback:\n" + (tmp / "gunicorn.log").read_text()[-3000:])
        server = None

        # --- verdicts
        def verdict(ok: bool) -> str:
            return "PASS" if ok else "MISS"

        targets: list[tuple[str, str, str]] = []
        pages = (
            ("view", "view link"),
            ("edit", "edit link"),
            ("fragment", "board fragment"),
            ("poll", "204 poll"),
        )
        for kind, label in pages:
            r = ratio(f"{kind}20", "floor20")
            targets.append(
                (
                    f"{label}, 20 hands vs floor, 20 rows",
                    f"{r:.2f}x  (<= {FLOOR_RATIO}x; p50 {ratio_p50(f'{kind}20', 'floor20'):.2f}x)",
                    verdict(r <= FLOOR_RATIO),
                )
            )
        for kind, label in (*pages, ("miss", "edit link after a write"), ("write", "record a hand")):
            r = ratio(f"{kind}1000", f"{kind}20")
            p50 = ratio_p50(f"{kind}1000", f"{kind}20")
            targets.append(
                (
                    f"{label}, 1,000 vs 20 hands",
                    f"{r:.2f}x  (<= {GROWTH_RATIO}x; p50 {p50:.2f}x)",
                    verdict(r <= GROWTH_RATIO),
                )
            )
        for n in SIZES:
            r = ratio(f"write{n}", "floor20")
            targets.append(
                (
                    f"record a hand vs floor, {n} hands",
                    f"{r:.2f}x  (<= {WRITE_FLOOR_RATIO}x; p50 {ratio_p50(f'write{n}', 'floor20'):.2f}x)",
                    verdict(r <= WRITE_FLOOR_RATIO),
                )
            )
        poll_x = throughput("poll300") / throughput("floor20")
        targets.append(
            (
                "204 poll throughput vs the floor's",
                f"{poll_x:.2f}x  (>= {POLL_THROUGHPUT}x)",
                verdict(poll_x >= POLL_THROUGHPUT),
            )
        )
        targets.append(
            (
                "mixed load p99",
                f"{fig['mixed_p99']:.1f} ms  (<= {MIXED_P99_MS})",
                verdict(fig["mixed_p99"] <= MIXED_P99_MS),
            )
        )
        r = beside.ratio()
        targets.append(
            (
                "edit link's p50 beside ten solving clients vs idle",
                f"{r:.2f}x  (<= {SOLVING_RATIO}x; p50 {pct(beside.busy, 50):.1f} vs {pct(beside.idle, 50):.1f} ms)",
                verdict(r <= SOLVING_RATIO),
            )
        )
        targets.append(
            (
                "worker memory after the mixed run",
                f"{fig['worker_mb']:.0f} MB  (<= {WORKER_MB})",
                verdict(fig["worker_mb"] <= WORKER_MB),
            )
        )

        # the engine in process: figures beside the targets, not targets of the pages (a replay
        # from the log runs only on corrections and check_snapshots)
        engine = engine_figures(args.engine_seconds)
        engine_rows = []
        for name, value, cpu_value, unit, target, higher in engine:
            ok = value >= target if higher else value <= target

            def fmt(v: float, unit: str = unit) -> str:
                return f"{v:,.0f}{unit}" if unit == "/s" else f"{v:,.2f} {unit}"

            bound = f">= {target:,}{unit}" if higher else f"<= {target} {unit}"
            engine_rows.append(
                (
                    f"engine: {name}",
                    f"{fmt(value)}  ({bound}; CPU time {fmt(cpu_value)})",
                    "ok" if ok else "over",
                )
            )

        # --- the table
        w = max(len(r.name) for r in rows) + 2
        print(
            f"{'HTTP (gunicorn, production config)':<{w}}{'req/s':>9}{'mean':>10}{'p50':>10}{'p99':>10}"
            f"  {'x floor20':>9}"
        )
        floor_mean = statistics.mean(acc["floor20"][0])
        for r in rows:
            if r.rps is None or r.mean is None:
                print(f"{r.name:<{w}}{'':>9}{'':>10}{'':>10}{'':>10}  {'':>9}  {r.note}")
                continue
            ratio = r.mean / floor_mean
            print(
                f"{r.name:<{w}}{r.rps:>9,.0f}{r.mean:>8.1f}ms{r.p50:>8.1f}ms{r.p99:>8.1f}ms  {ratio:>8.1f}x  {r.note}"
            )
        print("\n" + "\n".join(answer_lines(beside)))
        w2 = max(len(t[0]) for t in targets + engine_rows) + 2
        w3 = max(len(t[1]) for t in targets + engine_rows) + 2
        print(f"\n{'TARGETS (all figures from this run)':<{w2}}{'measured (target)':<{w3}}verdict")
        for name, measured, v in targets:
            print(f"{name:<{w2}}{measured:<{w3}}{v}")
        print("\nENGINE (in process, for reference)")
        for name, measured, v in engine_rows:
            print(f"{name:<{w2}}{measured:<{w3}}{v}")
        missed = sum(1 for t in targets if t[2] == "MISS")
        print(
            f"\n{missed} of {len(targets)} target(s) missed; bench took {time.perf_counter() - started:.0f} s"
        )
        if args.json:
            args.json.write_text(
                json.dumps({"rows": [r.__dict__ for r in rows], "targets": targets, "figures": fig}, indent=1)
            )
        return 1 if (missed and args.strict) else 0
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
